/**
 * The form of the registration by invitation: the personal data of the studio registration's
 * first step, with that step's rules and birth-date handling (registrationForm.ts), so both pages
 * judge a field alike. The birth date is typed DD.MM.YYYY and sent as yyyy-MM-dd.
 */
import type { InvitationRegistrationPayload } from '../../domain/employeeInvitation';
import { PERSONAL_DATA_FIELDS, type PersonalDataField } from '../../domain/profile';
import { birthDateIso, EMPTY_REGISTRATION, fieldError } from '../registration/registrationForm';

/** The fields as typed; birthDate holds the DD.MM.YYYY text. */
export type InvitationValues = Record<PersonalDataField, string>;

export const EMPTY_INVITATION_VALUES: InvitationValues = { salutation: '', firstName: '', lastName: '', birthDate: '' };

/** The German message of one field, or null when it is valid. */
export function invitationFieldError(field: PersonalDataField, values: InvitationValues): string | null {
  return fieldError(field, { ...EMPTY_REGISTRATION, ...values });
}

/** 'Registrieren' is enabled only when every field is valid (spec section 5). */
export function isInvitationFormValid(values: InvitationValues): boolean {
  return PERSONAL_DATA_FIELDS.every((field) => invitationFieldError(field, values) === null);
}

/** The body of POST /employee-invitation/{id}: the user update fields (spec section 7). */
export function toRegistrationPayload(values: InvitationValues): InvitationRegistrationPayload {
  return {
    salutation: values.salutation.trim(),
    firstName: values.firstName.trim(),
    lastName: values.lastName.trim(),
    birthDate: birthDateIso(values.birthDate.trim()),
  };
}
