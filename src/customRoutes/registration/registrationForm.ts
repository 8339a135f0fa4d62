/**
 * The registration form's values and rules on top of src/domain/companyApplication.ts: the one
 * difference to the submitted payload is the birth date, which the user types as DD.MM.YYYY and
 * which is sent as yyyy-MM-dd (empty when the typed text is no valid date, spec section 3).
 */
import {
  APPLICATION_STEPS,
  REGISTRATION_CONFIRMATIONS,
  validateApplicationField,
  type ApplicationField,
  type CompanyApplicationSubmit,
  type RegistrationConfirmation,
} from '../../domain/companyApplication';
import { parseGermanDate } from '../../domain/dates';
import { required } from '../../domain/validation';

/** Every submitted field as typed; birthDate holds the DD.MM.YYYY text. */
export type RegistrationValues = Record<ApplicationField, string>;
export type Confirmations = Record<RegistrationConfirmation, boolean>;

export const EMPTY_REGISTRATION: RegistrationValues = {
  salutation: '',
  firstName: '',
  lastName: '',
  birthDate: '',
  email: '',
  companyName: '',
  legalForm: '',
  address: '',
  country: '',
  phoneNumber: '',
  phoneNumber2: '',
  website: '',
  memberId: '',
};

export const NO_CONFIRMATIONS: Confirmations = Object.fromEntries(
  REGISTRATION_CONFIRMATIONS.map((key) => [key, false]),
) as Confirmations;

/** Form steps 1-3 (step 4 is the summary with the confirmations). */
export const FORM_STEP_COUNT = APPLICATION_STEPS.length;
export const STEP_COUNT = FORM_STEP_COUNT + 1;

/** The typed birth date as yyyy-MM-dd, or '' when it is no real calendar day. */
export function birthDateIso(text: string): string {
  return parseGermanDate(text) ?? '';
}

/** The German message of one field, or null when it is valid. */
export function fieldError(field: ApplicationField, values: RegistrationValues): string | null {
  if (field !== 'birthDate') return validateApplicationField(field, values[field]);
  const text = values.birthDate;
  // An unreadable date is passed on as typed, so it gets the birth-date message, not "required".
  return required(text) ?? validateApplicationField('birthDate', parseGermanDate(text) ?? text);
}

export function isStepValid(step: number, values: RegistrationValues): boolean {
  const fields = APPLICATION_STEPS[step] ?? [];
  return fields.every((field) => fieldError(field, values) === null);
}

export function allConfirmed(confirmations: Confirmations): boolean {
  return REGISTRATION_CONFIRMATIONS.every((key) => confirmations[key]);
}

/** Register is enabled only when every form step and all four confirmations are valid. */
export function canRegister(values: RegistrationValues, confirmations: Confirmations): boolean {
  return APPLICATION_STEPS.every((_, step) => isStepValid(step, values)) && allConfirmed(confirmations);
}

/** The payload of POST /company-application (spec section 3). */
export function toSubmitPayload(values: RegistrationValues, documentIds: readonly string[]): CompanyApplicationSubmit {
  const trimmed = Object.fromEntries(
    Object.entries(values).map(([field, value]) => [field, value.trim()]),
  ) as RegistrationValues;
  return {
    firstName: trimmed.firstName,
    lastName: trimmed.lastName,
    salutation: trimmed.salutation,
    birthDate: birthDateIso(trimmed.birthDate),
    email: trimmed.email,
    companyName: trimmed.companyName,
    country: trimmed.country,
    legalForm: trimmed.legalForm,
    website: trimmed.website,
    address: trimmed.address,
    phoneNumber: trimmed.phoneNumber,
    phoneNumber2: trimmed.phoneNumber2,
    memberId: trimmed.memberId,
    documentIds: [...documentIds],
  };
}
