import { errorBodyOf, serverMessageToGerman, VALIDATION_FAILED } from '../../domain/errorCatalogue';

/** "url: …", "events.0: …": the server names the broken field (and item) before its German message. */
const FIELD_MESSAGE = /^([A-Za-z_$][\w$]*)(?:\.[\w$]+)*:\s+(.+)$/s;

/**
 * The messages of a VALIDATION_FAILED answer that belong to one of the form's fields, by field,
 * so that a dialog shows them at the field instead of in the error dialog. Empty when the answer
 * is another error or names no field of the form.
 */
export function serverFieldErrors(error: unknown, fields: readonly string[]): Record<string, string> {
  const body = errorBodyOf(error);
  if (body?.errorCode !== VALIDATION_FAILED) return {};
  const errors: Record<string, string> = {};
  for (const message of body.messages ?? []) {
    const match = FIELD_MESSAGE.exec(message.trim());
    if (!match || !fields.includes(match[1]) || errors[match[1]]) continue;
    errors[match[1]] = serverMessageToGerman(match[2]) ?? match[2];
  }
  return errors;
}
