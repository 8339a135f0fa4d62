/**
 * The company application (studio registration) of spec sections 3 and 5: fields, per-step rules
 * and the submit payload. Used by the registration stepper and by POST /api/company-application.
 */
import {
  TEXT_MAX_LENGTH,
  WEBSITE_MAX_LENGTH,
  country,
  email,
  firstError,
  isoBirthDate,
  legalForm,
  maxLength,
  mustBeChecked,
  phone,
  required,
  salutation,
  type Validator,
} from './validation';

export interface CompanyApplicationSubmit {
  firstName: string;
  lastName: string;
  salutation: string;
  /** yyyy-MM-dd, empty if the entered date is invalid (spec section 3). */
  birthDate: string;
  email: string;
  companyName: string;
  country: string;
  legalForm: string;
  website: string;
  address: string;
  phoneNumber: string;
  phoneNumber2: string;
  memberId: string;
  documentIds: string[];
}

export type ApplicationField = Exclude<keyof CompanyApplicationSubmit, 'documentIds'>;

const text = maxLength(TEXT_MAX_LENGTH);

/** The rules of every submitted field, in one table; the server checks exactly these. */
export const APPLICATION_FIELD_RULES: Record<ApplicationField, Validator[]> = {
  firstName: [required, text],
  lastName: [required, text],
  salutation: [required, salutation],
  birthDate: [required, isoBirthDate],
  email: [required, email],
  companyName: [required, text],
  country: [required, country],
  legalForm: [required, legalForm],
  address: [required, maxLength(500)],
  phoneNumber: [required, phone],
  phoneNumber2: [phone],
  website: [maxLength(WEBSITE_MAX_LENGTH)],
  memberId: [maxLength(100)],
};

/** Stepper steps 1-3 and the fields each one validates (spec sections 2 and 5). */
export const APPLICATION_STEPS: ApplicationField[][] = [
  ['salutation', 'firstName', 'lastName', 'birthDate', 'email'],
  ['companyName', 'legalForm', 'address', 'country', 'phoneNumber', 'phoneNumber2', 'website'],
  ['memberId'],
];

export const REGISTRATION_CONFIRMATIONS = ['dataSecurity', 'agb', 'thirdParties', 'pilot'] as const;
export type RegistrationConfirmation = (typeof REGISTRATION_CONFIRMATIONS)[number];
export const confirmationRule = mustBeChecked;

export function validateApplicationField(field: ApplicationField, value: unknown): string | null {
  return firstError(value, ...APPLICATION_FIELD_RULES[field]);
}

/** Every broken field of a payload with its German message (empty when valid). */
export function validateApplication(
  values: Partial<Record<ApplicationField, unknown>>,
): Partial<Record<ApplicationField, string>> {
  const errors: Partial<Record<ApplicationField, string>> = {};
  for (const field of Object.keys(APPLICATION_FIELD_RULES) as ApplicationField[]) {
    const message = validateApplicationField(field, values[field]);
    if (message) errors[field] = message;
  }
  return errors;
}

/** How many uploaded documents one application may carry. */
export const MAX_APPLICATION_DOCUMENTS = 20;
