import type { Validator } from 'react-admin';
import type { z } from 'zod';

/**
 * Turns a field schema of src/domain into a react-admin input validator, so the form and the API
 * route check the same rule. The first issue's message is German and passes through react-admin's
 * translate unchanged. An empty input arrives as '' or null; both are checked as ''.
 * The validator carries react-admin's `isRequired` flag (as `required()` does) when the schema
 * rejects an empty value, so the label shows the asterisk.
 */
export function zodValidator(schema: z.ZodType): Validator {
  const validate: Validator = (value: unknown) => {
    const result = schema.safeParse(value ?? '');
    return result.success ? undefined : result.error.issues[0]?.message;
  };
  return Object.assign(validate, { isRequired: !schema.safeParse('').success });
}
