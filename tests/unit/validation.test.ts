import { describe, expect, it } from 'vitest';
import {
  APPLICATION_FIELD_RULES,
  APPLICATION_STEPS,
  REGISTRATION_CONFIRMATIONS,
  validateApplication,
  validateApplicationField,
} from '../../src/domain/companyApplication';
import { checkFileBeforeUpload, MAX_DOCUMENT_BYTES } from '../../src/domain/documents';
import { COUNTRIES, LEGAL_FORMS, SALUTATIONS } from '../../src/domain/options';
import {
  country,
  email,
  firstError,
  isoBirthDate,
  legalForm,
  maxLength,
  hasControlCharacters,
  mustBeChecked,
  noControlCharacters,
  phone,
  required,
  salutation,
  VALIDATION_TEXTS,
  website,
} from '../../src/domain/validation';
import {
  birthDateIso,
  canRegister,
  EMPTY_REGISTRATION,
  fieldError,
  isStepValid,
  NO_CONFIRMATIONS,
  toSubmitPayload,
  type RegistrationValues,
} from '../../src/customRoutes/registration/registrationForm';

const INVALID_PHONE = 'Es sind nur Ziffern und ein optionales führendes Plus erlaubt, z. B. +4930123456789.';
const TOO_LONG = 'Es sind maximal 16 Zeichen erlaubt.';
const TOO_SHORT = 'Geben Sie mindestens 10 Zeichen ein.';

const validRegistration = (overrides: Partial<RegistrationValues> = {}): RegistrationValues => ({
  ...EMPTY_REGISTRATION,
  salutation: 'Frau',
  firstName: 'Erika',
  lastName: 'Mustermann',
  birthDate: '07.03.1985',
  email: 'erika@studio-beispiel.example',
  companyName: 'Studio Beispiel GmbH',
  legalForm: 'GmbH',
  address: 'Hauptstraße 1, 10115 Berlin',
  country: 'Deutschland',
  phoneNumber: '+4930123456789',
  ...overrides,
});

describe('phone rule (spec section 5)', () => {
  it('accepts digits with an optional leading plus, 10 to 16 characters', () => {
    expect(phone('0301234567')).toBeNull();
    expect(phone('+4930123456789')).toBeNull();
    expect(phone('+' + '1'.repeat(15))).toBeNull();
  });

  it('accepts an empty value', () => {
    expect(phone('')).toBeNull();
    expect(phone(undefined)).toBeNull();
  });

  it('refuses letters, spaces, inner plus signs and separators with invalidPhoneNumber', () => {
    for (const value of ['030 1234567', '030-1234567', '0301234567a', '49+301234567', '++4930123456', '(030)123456']) {
      expect(phone(value)).toBe(INVALID_PHONE);
    }
    expect(VALIDATION_TEXTS.invalidPhoneNumber).toBe(INVALID_PHONE);
  });

  it('refuses more than 16 characters with tooLong', () => {
    expect(phone('1'.repeat(17))).toBe(TOO_LONG);
    expect(phone('+' + '1'.repeat(16))).toBe(TOO_LONG);
  });

  it('refuses fewer than 10 characters with tooShort', () => {
    expect(phone('123456789')).toBe(TOO_SHORT);
    expect(phone('+12345678')).toBe(TOO_SHORT);
  });

  it('reports the format before the length', () => {
    expect(phone('abc')).toBe(INVALID_PHONE);
    expect(phone('1'.repeat(20) + 'x')).toBe(INVALID_PHONE);
  });
});

describe('e-mail and required rules', () => {
  it('refuses addresses without @, domain dot, or with spaces', () => {
    for (const value of ['erika', 'erika@example', 'erika@@example.de', 'eri ka@example.de', '@example.de']) {
      expect(email(value)).toBe('Bitte geben Sie eine gültige E-Mail-Adresse ein.');
    }
  });

  it('accepts a normal address and leaves empty to required', () => {
    expect(email('erika.mustermann+lumio@studio-beispiel.example')).toBeNull();
    expect(email('')).toBeNull();
  });

  it('refuses addresses longer than 254 characters', () => {
    expect(email(`${'a'.repeat(250)}@x.de`)).not.toBeNull();
  });

  it('treats empty and blank values as missing', () => {
    for (const value of ['', '   ', undefined, null]) expect(required(value)).toBe('Dieses Feld ist ein Pflichtfeld.');
    expect(required('x')).toBeNull();
  });

  it('limits text length', () => {
    expect(maxLength(5)('123456')).toBe('Es sind maximal 200 Zeichen erlaubt.');
    expect(maxLength(5, 'zu lang')('123456')).toBe('zu lang');
    expect(maxLength(5)('12345')).toBeNull();
  });

  it('returns the first failing message', () => {
    expect(firstError('', required, email)).toBe(VALIDATION_TEXTS.required);
    expect(firstError('x', required, email)).toBe(VALIDATION_TEXTS.email);
    expect(firstError('a@b.de', required, email)).toBeNull();
  });
});

describe('option rules', () => {
  it('accept exactly the spec’s salutations, legal forms and countries', () => {
    expect(SALUTATIONS).toEqual(['Herr', 'Frau', 'Divers', 'Keine Anrede']);
    expect(LEGAL_FORMS).toEqual(['AG', 'Einzelunternehmen', 'e.K.', 'GbR', 'GmbH']);
    expect(COUNTRIES).toEqual([
      'Deutschland',
      'Dänemark',
      'Polen',
      'Tschechien',
      'Österreich',
      'Schweiz',
      'Frankreich',
      'Luxemburg',
      'Belgien',
      'Niederlande',
    ]);
    for (const value of SALUTATIONS) expect(salutation(value)).toBeNull();
    for (const value of LEGAL_FORMS) expect(legalForm(value)).toBeNull();
    for (const value of COUNTRIES) expect(country(value)).toBeNull();
  });

  it('refuse anything else', () => {
    expect(salutation('Dr.')).toBe(VALIDATION_TEXTS.option);
    expect(legalForm('Ltd')).toBe(VALIDATION_TEXTS.option);
    expect(country('Italien')).toBe(VALIDATION_TEXTS.option);
  });
});

describe('birth date', () => {
  it('accepts real calendar days from 1900 to today as yyyy-MM-dd', () => {
    expect(isoBirthDate('1985-03-07')).toBeNull();
    expect(isoBirthDate('2000-02-29')).toBeNull();
    expect(isoBirthDate('1900-01-01')).toBeNull();
  });

  it('refuses impossible days, other formats, future days and dates before 1900', () => {
    for (const value of ['1985-02-30', '1985-13-01', '07.03.1985', '1899-12-31', '1985-3-7']) {
      expect(isoBirthDate(value)).toBe('Bitte geben Sie ein gültiges Geburtsdatum im Format TT.MM.JJJJ ein.');
    }
    // Issue 8: a future day has its own message.
    expect(isoBirthDate('2999-01-01')).toBe('Das Geburtsdatum darf nicht in der Zukunft liegen.');
  });

  it('is typed as DD.MM.YYYY in the form and sent as yyyy-MM-dd, empty when invalid', () => {
    expect(birthDateIso('07.03.1985')).toBe('1985-03-07');
    expect(birthDateIso('7.3.1985')).toBe('1985-03-07');
    expect(birthDateIso('31.02.1985')).toBe('');
    expect(birthDateIso('1985-03-07')).toBe('');
    expect(birthDateIso('')).toBe('');
  });

  it('shows "required" for an empty field and the birth-date message for unreadable text', () => {
    expect(fieldError('birthDate', validRegistration({ birthDate: '' }))).toBe(VALIDATION_TEXTS.required);
    expect(fieldError('birthDate', validRegistration({ birthDate: '31.02.1985' }))).toBe(VALIDATION_TEXTS.birthDate);
    expect(fieldError('birthDate', validRegistration({ birthDate: 'gestern' }))).toBe(VALIDATION_TEXTS.birthDate);
    expect(fieldError('birthDate', validRegistration({ birthDate: '01.01.1899' }))).toBe(VALIDATION_TEXTS.birthDate);
    expect(fieldError('birthDate', validRegistration())).toBeNull();
  });
});

describe('confirmations', () => {
  it('must all four be checked', () => {
    expect(REGISTRATION_CONFIRMATIONS).toEqual(['dataSecurity', 'agb', 'thirdParties', 'pilot']);
    expect(mustBeChecked(true)).toBeNull();
    expect(mustBeChecked(false)).toBe(VALIDATION_TEXTS.confirmation);
    expect(mustBeChecked('true')).toBe(VALIDATION_TEXTS.confirmation);
    const all = { dataSecurity: true, agb: true, thirdParties: true, pilot: true };
    expect(canRegister(validRegistration(), all)).toBe(true);
    for (const key of REGISTRATION_CONFIRMATIONS) {
      expect(canRegister(validRegistration(), { ...all, [key]: false })).toBe(false);
    }
    expect(canRegister(validRegistration(), NO_CONFIRMATIONS)).toBe(false);
  });
});

describe('registration steps (spec section 5)', () => {
  it('step 1 requires salutation, first and last name, birth date and a valid e-mail', () => {
    expect(APPLICATION_STEPS[0]).toEqual(['salutation', 'firstName', 'lastName', 'birthDate', 'email']);
    expect(isStepValid(0, validRegistration())).toBe(true);
    for (const field of APPLICATION_STEPS[0]!) {
      expect(isStepValid(0, validRegistration({ [field]: '' }))).toBe(false);
    }
    expect(isStepValid(0, validRegistration({ email: 'erika@' }))).toBe(false);
  });

  it('step 2 requires company name, country, legal form, address and phone; the rest is optional', () => {
    const optional = { phoneNumber2: '', website: '' };
    expect(isStepValid(1, validRegistration(optional))).toBe(true);
    for (const field of ['companyName', 'country', 'legalForm', 'address', 'phoneNumber'] as const) {
      expect(validateApplicationField(field, '')).toBe(VALIDATION_TEXTS.required);
      expect(isStepValid(1, validRegistration({ [field]: '' }))).toBe(false);
    }
    expect(isStepValid(1, validRegistration({ phoneNumber2: '123' }))).toBe(false);
    expect(isStepValid(1, validRegistration({ phoneNumber2: '+4930987654321' }))).toBe(true);
  });

  it('step 3: the member number is optional', () => {
    expect(APPLICATION_FIELD_RULES.memberId.some((rule) => rule === required)).toBe(false);
    expect(isStepValid(2, validRegistration({ memberId: '' }))).toBe(true);
    expect(isStepValid(2, validRegistration({ memberId: 'PTV-4711' }))).toBe(true);
  });

  it('validateApplication names every broken field with its German message', () => {
    const errors = validateApplication({ ...toSubmitPayload(validRegistration(), []), phoneNumber: '12', email: 'x' });
    expect(errors).toEqual({ phoneNumber: TOO_SHORT, email: VALIDATION_TEXTS.email });
    expect(validateApplication(toSubmitPayload(validRegistration(), []))).toEqual({});
  });
});

describe('control, format and separator characters and lone surrogates', () => {
  const CONTROL_TEXT = 'Steuerzeichen, unsichtbare Zeichen und Zeilentrenner sind nicht erlaubt.';
  const forbidden = {
    'NUL U+0000': '\u0000',
    'BEL U+0007': '\u0007',
    'tab U+0009': '\t',
    'line feed U+000A': '\n',
    'carriage return U+000D': '\r',
    'unit separator U+001F': '\u001f',
    'DEL U+007F': '\u007f',
    'C1 U+0080': '\u0080',
    'C1 U+0085 (next line)': '\u0085',
    'C1 U+009F': '\u009f',
    'left-to-right mark U+200E': '\u200e',
    'right-to-left mark U+200F': '\u200f',
    'left-to-right embedding U+202A': '\u202a',
    'right-to-left embedding U+202B': '\u202b',
    'pop directional formatting U+202C': '\u202c',
    'left-to-right override U+202D': '\u202d',
    'right-to-left override U+202E': '\u202e',
    'left-to-right isolate U+2066': '\u2066',
    'right-to-left isolate U+2067': '\u2067',
    'first strong isolate U+2068': '\u2068',
    'pop directional isolate U+2069': '\u2069',
    'zero-width space U+200B': '\u200b',
    'zero-width non-joiner U+200C': '\u200c',
    'zero-width joiner U+200D': '\u200d',
    'line separator U+2028': '\u2028',
    'paragraph separator U+2029': '\u2029',
    'byte order mark U+FEFF': '\ufeff',
    'soft hyphen U+00AD': '\u00ad',
    'word joiner U+2060': '\u2060',
    'interlinear annotation U+FFF9': '\ufff9',
    'tag character U+E0041': '\u{e0041}',
    'lone high surrogate U+D800': '\ud800',
    'lone low surrogate U+DC00': '\udc00',
  };

  it.each(Object.entries(forbidden))('refuses %s anywhere in a text', (_name, character) => {
    for (const text of [character, `Erika${character}`, `${character}Erika`, `Er${character}ika`]) {
      expect(noControlCharacters(text)).toBe(CONTROL_TEXT);
      expect(hasControlCharacters(text)).toBe(true);
    }
    expect(VALIDATION_TEXTS.controlCharacters).toBe(CONTROL_TEXT);
  });

  it.each([
    ['umlauts and ß', 'Jürgen Größe-Öztürk'],
    ['accents and other scripts', 'Zoë Ångström, Łódź, Ελένη, 李'],
    ['punctuation a name or address may hold', "O'Brien & Söhne (Kopie) – Nr. 7/8, 50% #1"],
    ['a no-break space', 'Studio\u00a0Sonnenschein'],
    ['an emoji (a surrogate pair)', 'Studio 📷 😀'],
    ['characters just outside the ranges', '\u00a0\u2027\u202f\u2070\ufefe\ud7ff\ue000'],
  ])('accepts %s', (_name, text) => {
    expect(noControlCharacters(text)).toBeNull();
  });

  it('leaves empty values to required', () => {
    for (const value of ['', undefined, null]) expect(noControlCharacters(value)).toBeNull();
  });

  it.each(Object.keys(APPLICATION_FIELD_RULES) as (keyof typeof APPLICATION_FIELD_RULES)[])(
    'is the first rule the application field %s checks after required',
    (field) => {
      expect(validateApplicationField(field, 'ab\u0000cd')).toBe(CONTROL_TEXT);
      expect(validateApplicationField(field, 'ab\u202ecd')).toBe(CONTROL_TEXT);
    },
  );

  it('shows the message in the registration form too', () => {
    expect(fieldError('lastName', validRegistration({ lastName: 'Muster\u202emann' }))).toBe(CONTROL_TEXT);
    expect(isStepValid(0, validRegistration({ firstName: 'Er\u0000ika' }))).toBe(false);
  });
});

describe('website rule', () => {
  const WEBSITE_TEXT =
    'Bitte geben Sie eine Webadresse ein, die mit http:// oder https:// beginnt, z. B. https://www.fotostudio.de.';

  it.each(['https://www.fotostudio.de', 'http://studio.example/kontakt?x=1#a', 'HTTPS://STUDIO.EXAMPLE', ''])(
    'accepts %j',
    (value) => {
      expect(website(value)).toBeNull();
    },
  );

  it.each([
    'javascript:alert(1)',
    'JAVASCRIPT:alert(1)',
    ' javascript:alert(1)',
    'data:text/html;base64,PHNjcmlwdD4=',
    'vbscript:msgbox(1)',
    'ftp://dateien.studio.example',
    'file:///C:/Windows',
    'mailto:info@studio.example',
    'www.fotostudio.de',
    '//fotostudio.de',
    'https://',
    'https://foto studio.de',
  ])('refuses %j', (value) => {
    expect(website(value)).toBe(WEBSITE_TEXT);
    expect(validateApplicationField('website', value)).toBe(WEBSITE_TEXT);
  });

  it('is checked in the registration form step 2', () => {
    expect(isStepValid(1, validRegistration({ website: 'javascript:alert(1)' }))).toBe(false);
    expect(isStepValid(1, validRegistration({ website: 'https://www.fotostudio.de' }))).toBe(true);
  });
});

describe('file rules (spec section 5)', () => {
  it('accept JPEG, PNG and PDF up to 2,097,152 bytes', () => {
    for (const type of ['image/jpeg', 'image/png', 'application/pdf']) {
      expect(checkFileBeforeUpload({ name: 'a', type, size: MAX_DOCUMENT_BYTES })).toBeNull();
    }
  });

  it("refuse other types with '{extension} Format ist nicht erlaubt'", () => {
    expect(checkFileBeforeUpload({ name: 'setup.exe', type: 'application/x-msdownload', size: 10 })).toBe(
      'EXE Format ist nicht erlaubt',
    );
    expect(checkFileBeforeUpload({ name: 'bild.gif', type: 'image/gif', size: 10 })).toBe(
      'GIF Format ist nicht erlaubt',
    );
  });

  it("refuse more than 2 MB with 'Datei ist zu groß'", () => {
    expect(checkFileBeforeUpload({ name: 'a.png', type: 'image/png', size: MAX_DOCUMENT_BYTES + 1 })).toBe(
      'Datei ist zu groß',
    );
  });
});
