import { z } from 'zod';
import { firstError, required, VALIDATION_TEXTS, type Validator } from '../../src/domain/validation';

/**
 * One text field of a request body: trimmed, then checked by exactly the rules the web app's form
 * runs (a table in src/domain), so the server answers with the same German messages. A field
 * whose rules do not start with `required` may also be absent or null; it then reads as ''.
 */
export function ruledTextField(rules: Validator[], { lowerCase = false } = {}): z.ZodType<string> {
  const text = z
    .string({
      error: (issue) => (issue.input === undefined || issue.input === null ? VALIDATION_TEXTS.required : undefined),
    })
    .trim();
  const normalized = lowerCase ? text.toLowerCase() : text;
  const checked = normalized.superRefine((value, ctx) => {
    const message = firstError(value, ...rules);
    if (message) ctx.addIssue({ code: 'custom', message });
  });
  if (rules.includes(required)) return checked;
  return z
    .string()
    .nullish()
    .transform((value) => value ?? '')
    .pipe(checked);
}

/** An optional ruled field reads '' when left empty; it is stored as null. */
export const emptyToNull = (value: string): string | null => (value === '' ? null : value);

/** A strict object of ruled text fields, one per entry of a rule table. */
export function ruledFields<F extends string>(rules: Record<F, Validator[]>): Record<F, z.ZodType<string>> {
  return Object.fromEntries(
    (Object.keys(rules) as F[]).map((field) => [field, ruledTextField(rules[field])]),
  ) as Record<F, z.ZodType<string>>;
}
