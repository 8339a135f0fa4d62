import type { Validator as InputValidator } from 'react-admin';
import { firstError, required, type Validator } from '../../domain/validation';

/**
 * Turns a field's rule list of src/domain (e.g. COMPANY_FIELD_RULES.phoneNumber) into a
 * react-admin input validator, so the form shows exactly the German messages the server would
 * send. It carries react-admin's `isRequired` flag when the rules start with `required`, so the
 * label shows the asterisk. Create it once per field, outside rendering: react-admin
 * re-registers an input whose validate prop changes identity.
 */
export function ruleValidator(rules: readonly Validator[]): InputValidator {
  const validate: InputValidator = (value: unknown) => firstError(value ?? '', ...rules) ?? undefined;
  return Object.assign(validate, { isRequired: rules.includes(required) });
}

/** True when every field of the values passes its rules: what keeps a save button disabled. */
export function passesRules<F extends string>(
  rules: Record<F, readonly Validator[]>,
  values: Partial<Record<F, unknown>>,
): boolean {
  return (Object.keys(rules) as F[]).every((field) => firstError(values[field] ?? '', ...rules[field]) === null);
}
