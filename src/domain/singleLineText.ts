import { z } from 'zod';
import { hasControlCharacters, VALIDATION_TEXTS } from './validation';

/**
 * A required line of text as dialogs and routes check it alike: trimmed, no control characters,
 * 1 to `maxLength` characters, with the field's own German messages. Its own module, so that zod
 * stays out of the pages that only use validation.ts's plain validators.
 */
export function singleLineTextSchema(maxLength: number, messages: { required: string; tooLong: string }) {
  return z
    .string({ error: messages.required })
    .trim()
    .refine((value) => !hasControlCharacters(value), { message: VALIDATION_TEXTS.controlCharacters, abort: true })
    .min(1, messages.required)
    .max(maxLength, messages.tooLong);
}
