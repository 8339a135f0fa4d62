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
  noControlCharacters,
  phone,
  required,
  salutation,
  website,
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

/**
 * The rules of every submitted field, in one table; the server checks exactly these. Every field
 * refuses control characters first, so even a field with a pattern answers with that message.
 */
export const APPLICATION_FIELD_RULES: Record<ApplicationField, Validator[]> = {
  firstName: [required, noControlCharacters, text],
  lastName: [required, noControlCharacters, text],
  salutation: [required, noControlCharacters, salutation],
  birthDate: [required, noControlCharacters, isoBirthDate],
  email: [required, noControlCharacters, email],
  companyName: [required, noControlCharacters, text],
  country: [required, noControlCharacters, country],
  legalForm: [required, noControlCharacters, legalForm],
  address: [required, noControlCharacters, maxLength(500)],
  phoneNumber: [required, noControlCharacters, phone],
  phoneNumber2: [noControlCharacters, phone],
  website: [noControlCharacters, maxLength(WEBSITE_MAX_LENGTH), website],
  memberId: [noControlCharacters, maxLength(100)],
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
