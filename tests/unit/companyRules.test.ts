import { describe, expect, it } from 'vitest';
import { COMPANY_FIELD_RULES, STORE_FIELD_RULES, type CompanyField, type StoreField } from '../../src/domain/company';
import { firstError, VALIDATION_TEXTS } from '../../src/domain/validation';

/** The company form's and the studio dialogs' rules (spec section 5), as the page and the server apply them. */
const companyError = (field: CompanyField, value: unknown) => firstError(value, ...COMPANY_FIELD_RULES[field]);
const storeError = (field: StoreField, value: unknown) => firstError(value, ...STORE_FIELD_RULES[field]);

const VALID_COMPANY: Record<CompanyField, string> = {
  name: 'Fotostudio Sonnenschein GmbH',
  legalForm: 'GmbH',
  address: 'Sonnenallee 12, 12045 Berlin',
  country: 'Deutschland',
  phoneNumber: '+4930123456789',
  phoneNumber2: '',
  website: 'https://studio-sonnenschein.example',
  memberId: 'CV-10442',
};

describe('company rules', () => {
  it('accept a complete company with the optional fields empty', () => {
    for (const [field, value] of Object.entries(VALID_COMPANY) as [CompanyField, string][]) {
      expect(companyError(field, value), field).toBeNull();
    }
    for (const field of ['phoneNumber2', 'website', 'memberId'] as const) {
      expect(companyError(field, ''), field).toBeNull();
    }
  });

  it.each(['name', 'legalForm', 'address', 'country', 'phoneNumber'] as const)('require %s', (field) => {
    expect(companyError(field, '')).toBe(VALIDATION_TEXTS.required);
    expect(companyError(field, '   ')).toBe(VALIDATION_TEXTS.required);
  });

  it('take legal form and country only from their lists', () => {
    expect(companyError('legalForm', 'Aktiengesellschaft mbH')).toBe(VALIDATION_TEXTS.option);
    expect(companyError('country', 'Atlantis')).toBe(VALIDATION_TEXTS.option);
  });

  it.each([
    ['12ab5678901', VALIDATION_TEXTS.invalidPhoneNumber],
    ['+49 30 1234567', VALIDATION_TEXTS.invalidPhoneNumber],
    ['+49301', VALIDATION_TEXTS.tooShort],
    ['+4930123456789012', VALIDATION_TEXTS.tooLong],
  ])('refuse the phone number %s on both phone fields', (value, message) => {
    expect(companyError('phoneNumber', value)).toBe(message);
    expect(companyError('phoneNumber2', value)).toBe(message);
  });

  it('refuse overlong names, control characters and a website without http(s)', () => {
    expect(companyError('name', 'x'.repeat(201))).toBe(VALIDATION_TEXTS.textTooLong);
    expect(companyError('name', 'Studio\u202eevil')).toBe(VALIDATION_TEXTS.controlCharacters);
    expect(companyError('website', 'www.fotostudio.de')).toBe(VALIDATION_TEXTS.website);
  });
});

describe('studio rules', () => {
  it('accept a studio with name, address and country', () => {
    expect(storeError('name', 'Sonnenschein Mitte')).toBeNull();
    expect(storeError('address', 'Torstraße 88, 10119 Berlin')).toBeNull();
    expect(storeError('country', 'Deutschland')).toBeNull();
  });

  it.each(['name', 'address', 'country'] as const)('require %s', (field) => {
    expect(storeError(field, '')).toBe(VALIDATION_TEXTS.required);
  });

  it('refuse an overlong name, control characters and a country not in the list', () => {
    expect(storeError('name', 'x'.repeat(201))).toBe(VALIDATION_TEXTS.textTooLong);
    expect(storeError('name', 'Studio\u0007')).toBe(VALIDATION_TEXTS.controlCharacters);
    expect(storeError('country', 'Atlantis')).toBe(VALIDATION_TEXTS.option);
  });
});
