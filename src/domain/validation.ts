/**
 * Field rules of spec section 5 as plain functions (no zod here: the public registration page must
 * stay small). Each returns null when valid or a German message; the server's schemas call the
 * same functions, so a rule exists once.
 */
import { birthDateProblem, MINIMUM_AGE, type BirthDateProblem } from './birthDate';
import { COUNTRIES, LEGAL_FORMS, SALUTATIONS } from './options';

export const PHONE_MIN_LENGTH = 10;
export const PHONE_MAX_LENGTH = 16;
export const TEXT_MAX_LENGTH = 200;
export const EMAIL_MAX_LENGTH = 254;
export const WEBSITE_MAX_LENGTH = 500;

export const VALIDATION_TEXTS = {
  required: 'Dieses Feld ist ein Pflichtfeld.',
  email: 'Bitte geben Sie eine gültige E-Mail-Adresse ein.',
  /** invalidPhoneNumber: the spec's example number is inserted for {phone}. */
  invalidPhoneNumber: 'Es sind nur Ziffern und ein optionales führendes Plus erlaubt, z. B. +4930123456789.',
  tooLong: 'Es sind maximal 16 Zeichen erlaubt.',
  tooShort: 'Geben Sie mindestens 10 Zeichen ein.',
  textTooLong: `Es sind maximal ${TEXT_MAX_LENGTH} Zeichen erlaubt.`,
  birthDate: 'Bitte geben Sie ein gültiges Geburtsdatum im Format TT.MM.JJJJ ein.',
  birthDateInFuture: 'Das Geburtsdatum darf nicht in der Zukunft liegen.',
  tooYoung: `Sie müssen mindestens ${MINIMUM_AGE} Jahre alt sein.`,
  option: 'Bitte wählen Sie einen Eintrag aus der Liste.',
  confirmation: 'Bitte bestätigen Sie diesen Punkt.',
  controlCharacters: 'Steuerzeichen, unsichtbare Zeichen und Zeilentrenner sind nicht erlaubt.',
  website:
    'Bitte geben Sie eine Webadresse ein, die mit http:// oder https:// beginnt, z. B. https://www.fotostudio.de.',
} as const;

export type Validator = (value: unknown) => string | null;

const isBlank = (value: unknown) => value === undefined || value === null || String(value).trim() === '';

/**
 * Characters no typed single-line text contains: control characters (C0 with NUL, tab and line
 * breaks, DEL, C1), every Unicode format character (Cf: the bidirectional marks, overrides and
 * isolates that make "gpj.exe" read as "exe.jpg", zero-width spaces and joiners, the BOM, soft
 * hyphens), the line and paragraph separators (Zl, Zp) and unpaired surrogate halves (Cs), which
 * no encoder can write. Invisible characters let two names look alike that are not, and
 * PostgreSQL cannot store a NUL in text at all, so letting one through would turn a typo or a
 * probe into a failed statement.
 */
const CONTROL_CHARACTERS = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Cs}]/u;

export function hasControlCharacters(text: string): boolean {
  return CONTROL_CHARACTERS.test(text);
}

/** Every free-text field and search term: no control, format or separator characters. */
export const noControlCharacters: Validator = (value) =>
  value !== undefined && value !== null && hasControlCharacters(String(value))
    ? VALIDATION_TEXTS.controlCharacters
    : null;

export const required: Validator = (value) => (isBlank(value) ? VALIDATION_TEXTS.required : null);

export function maxLength(max: number, message: string = VALIDATION_TEXTS.textTooLong): Validator {
  return (value) => (!isBlank(value) && String(value).length > max ? message : null);
}

// Deliberately simple (one @, a dot in the domain, no spaces): the confirmation mail proves the rest.
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const email: Validator = (value) =>
  isBlank(value) || (EMAIL_PATTERN.test(String(value).trim()) && String(value).length <= EMAIL_MAX_LENGTH)
    ? null
    : VALIDATION_TEXTS.email;

/** Spec section 5: optional leading plus, then digits only; 10 to 16 characters; empty is valid. */
export const phone: Validator = (value) => {
  if (isBlank(value)) return null;
  const text = String(value);
  if (!/^\+?\d+$/.test(text)) return VALIDATION_TEXTS.invalidPhoneNumber;
  if (text.length > PHONE_MAX_LENGTH) return VALIDATION_TEXTS.tooLong;
  if (text.length < PHONE_MIN_LENGTH) return VALIDATION_TEXTS.tooShort;
  return null;
};

/**
 * A web address the portal may show and link: http or https with a host; empty is valid. Other
 * schemes (javascript:, data:, ftp:, file:) are refused, so the address is safe to open.
 */
export const website: Validator = (value) => {
  if (isBlank(value)) return null;
  const text = String(value).trim();
  if (!/^https?:\/\//i.test(text)) return VALIDATION_TEXTS.website;
  try {
    const url = new URL(text);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== ''
      ? null
      : VALIDATION_TEXTS.website;
  } catch {
    return VALIDATION_TEXTS.website;
  }
};

export function oneOf(options: readonly string[]): Validator {
  return (value) => (isBlank(value) || options.includes(String(value)) ? null : VALIDATION_TEXTS.option);
}
export const salutation = oneOf(SALUTATIONS);
export const legalForm = oneOf(LEGAL_FORMS);
export const country = oneOf(COUNTRIES);

const BIRTH_DATE_MESSAGES: Record<BirthDateProblem, string> = {
  invalid: VALIDATION_TEXTS.birthDate,
  future: VALIDATION_TEXTS.birthDateInFuture,
  tooYoung: VALIDATION_TEXTS.tooYoung,
};

/** yyyy-MM-dd of someone at least 16 years old today in Germany (src/domain/birthDate.ts). Empty is left to `required`. */
export const isoBirthDate: Validator = (value) => {
  if (isBlank(value)) return null;
  const problem = birthDateProblem(String(value));
  return problem ? BIRTH_DATE_MESSAGES[problem] : null;
};

export const mustBeChecked: Validator = (value) => (value === true ? null : VALIDATION_TEXTS.confirmation);

/** Runs validators in order and returns the first message. */
export function firstError(value: unknown, ...validators: Validator[]): string | null {
  for (const validate of validators) {
    const message = validate(value);
    if (message) return message;
  }
  return null;
}
