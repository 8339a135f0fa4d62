import { APPLICATION_FIELD_RULES } from './companyApplication';
import { maxLength, noControlCharacters, required, TEXT_MAX_LENGTH, type Validator } from './validation';

/**
 * The company and studio forms of spec sections 2, 3 and 5, in one table each; the company page,
 * the studio dialogs and the server check exactly these. The company's fields are the ones an
 * application carried, so they keep the application's rules.
 */
export interface CompanyInput {
  name: string;
  legalForm: string;
  address: string;
  country: string;
  phoneNumber: string;
  phoneNumber2: string;
  website: string;
  memberId: string;
}
export type CompanyField = keyof CompanyInput;

export const COMPANY_FIELD_RULES: Record<CompanyField, Validator[]> = {
  name: APPLICATION_FIELD_RULES.companyName,
  legalForm: APPLICATION_FIELD_RULES.legalForm,
  address: APPLICATION_FIELD_RULES.address,
  country: APPLICATION_FIELD_RULES.country,
  phoneNumber: APPLICATION_FIELD_RULES.phoneNumber,
  phoneNumber2: APPLICATION_FIELD_RULES.phoneNumber2,
  website: APPLICATION_FIELD_RULES.website,
  memberId: APPLICATION_FIELD_RULES.memberId,
};

/** A studio: name, address, country (spec section 5); the serving system integrator is optional. */
export interface StoreInput {
  name: string;
  address: string;
  country: string;
  systemIntegratorId: string | null;
}
export type StoreField = Exclude<keyof StoreInput, 'systemIntegratorId'>;

export const STORE_FIELD_RULES: Record<StoreField, Validator[]> = {
  name: [required, noControlCharacters, maxLength(TEXT_MAX_LENGTH)],
  address: APPLICATION_FIELD_RULES.address,
  country: APPLICATION_FIELD_RULES.country,
};
