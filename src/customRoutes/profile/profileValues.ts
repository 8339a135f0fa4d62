import { formatDate, parseGermanDate } from '../../domain/dates';
import { EMAIL_RULES, PERSONAL_DATA_RULES, type PersonalDataField, type ProfileField } from '../../domain/profile';
import type { Self } from '../../domain/self';
import { firstError, required } from '../../domain/validation';

/** What the profile form holds: the editable fields as typed (birth date as DD.MM.YYYY). */
export type ProfileValues = Record<ProfileField, string>;

export function profileValuesOf(self: Self): ProfileValues {
  return {
    salutation: self.salutation ?? '',
    firstName: self.firstName,
    lastName: self.lastName,
    birthDate: formatDate(self.birthDate),
    email: self.email,
  };
}

const text = (value: unknown) => (value === undefined || value === null ? '' : String(value)).trim();

/** The field's message under the rules the server applies (src/domain/profile.ts), or null. */
export function profileFieldError(field: ProfileField, value: unknown): string | null {
  if (field === 'email') return firstError(value, ...EMAIL_RULES);
  if (field === 'birthDate') {
    // Typed as DD.MM.YYYY, checked as the ISO date the call sends.
    const typed = text(value);
    return required(typed) ?? firstError(parseGermanDate(typed) ?? typed, ...PERSONAL_DATA_RULES.birthDate);
  }
  return firstError(value, ...PERSONAL_DATA_RULES[field]);
}

/** Whether every field the user may change passes its rules. */
export function isProfileValid(values: Partial<Record<ProfileField, unknown>>, editable: readonly ProfileField[]) {
  return editable.every((field) => profileFieldError(field, values[field]) === null);
}

/** The personal data to send when any of it differs from the loaded profile; else null. */
export function changedPersonalData(
  values: Partial<Record<ProfileField, unknown>>,
  loaded: ProfileValues,
  editable: readonly ProfileField[],
): Record<PersonalDataField, string> | null {
  const fields = editable.filter((field): field is PersonalDataField => field !== 'email');
  if (!fields.some((field) => text(values[field]) !== loaded[field])) return null;
  return {
    salutation: text(values.salutation),
    firstName: text(values.firstName),
    lastName: text(values.lastName),
    birthDate: parseGermanDate(text(values.birthDate)) ?? '',
  };
}

/** The new address when it differs from the current one (addresses compare without case); else null. */
export function changedEmail(values: Partial<Record<ProfileField, unknown>>, loaded: ProfileValues): string | null {
  const email = text(values.email);
  return email.toLowerCase() === loaded.email.toLowerCase() ? null : email;
}
