/**
 * Password rules of the embedded identity provider's set-password page. Pure functions and German
 * texts: the page lists PASSWORD_RULES to the user and the server checks exactly these rules with
 * validatePassword, so what is shown and what is enforced cannot drift apart.
 */
export const PASSWORD_MIN_LENGTH = 12;
/** scrypt hashes any length, but an upper bound keeps a form post from feeding it megabytes. */
export const PASSWORD_MAX_LENGTH = 128;

export const PASSWORD_TEXTS = {
  required: 'Bitte geben Sie ein Passwort ein.',
  tooShort: `Das Passwort muss mindestens ${PASSWORD_MIN_LENGTH} Zeichen lang sein.`,
  tooLong: `Das Passwort darf höchstens ${PASSWORD_MAX_LENGTH} Zeichen lang sein.`,
  letter: 'Das Passwort muss mindestens einen Buchstaben enthalten.',
  digit: 'Das Passwort muss mindestens eine Ziffer enthalten.',
  mismatch: 'Die beiden Passwörter stimmen nicht überein.',
} as const;

/** The rules as the page lists them, in the order they are checked. */
export const PASSWORD_RULES = [
  `Mindestens ${PASSWORD_MIN_LENGTH} Zeichen`,
  'Mindestens ein Buchstabe',
  'Mindestens eine Ziffer',
] as const;

// Letters of any script (ä, ß, é count), digits 0-9.
const LETTER = /\p{L}/u;
const DIGIT = /[0-9]/;

/** Length in characters as the user counts them (an emoji or "é" is one), not UTF-16 units. */
function characterCount(value: string): number {
  return [...value.normalize('NFC')].length;
}

/** Every broken rule's German message; empty when the password is acceptable. */
export function validatePassword(password: string): string[] {
  if (password === '') return [PASSWORD_TEXTS.required];
  const problems: string[] = [];
  const length = characterCount(password);
  if (length < PASSWORD_MIN_LENGTH) problems.push(PASSWORD_TEXTS.tooShort);
  if (length > PASSWORD_MAX_LENGTH) problems.push(PASSWORD_TEXTS.tooLong);
  if (!LETTER.test(password)) problems.push(PASSWORD_TEXTS.letter);
  if (!DIGIT.test(password)) problems.push(PASSWORD_TEXTS.digit);
  return problems;
}

/** The password and its repetition: the rules first, then whether both are the same. */
export function validateNewPassword(password: string, repeated: string): string[] {
  const problems = validatePassword(password);
  if (problems.length === 0 && password !== repeated) problems.push(PASSWORD_TEXTS.mismatch);
  return problems;
}
