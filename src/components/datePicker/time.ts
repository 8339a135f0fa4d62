/**
 * Time input rules of spec section 5: H:MM or HH:MM, hours 0-23, minutes 0-59; while typing,
 * non-digits are stripped and the colon is placed automatically (at most 5 characters); on blur
 * the value is clamped to 23 and 59 and padded to HH:MM.
 */

export const TIME_MAX_LENGTH = 5;
const MAX_DIGITS = 4;
const TIME_PATTERN = /^([01]?\d|2[0-3]):[0-5]\d$/;

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * What the field shows while typing. A typed colon separates hours from minutes ("9:5" stays
 * "9:5"); otherwise, or when a side grows beyond two digits, the colon is placed from the
 * digits: "930" → "9:30", "1234" → "12:34", "1:234" → "12:34". Everything else is stripped.
 */
export function sanitizeTimeInput(raw: string): string {
  const colon = raw.indexOf(':');
  if (colon >= 0) {
    const hours = raw.slice(0, colon).replace(/\D/g, '');
    const minutes = raw.slice(colon + 1).replace(/\D/g, '');
    if (hours.length <= 2 && minutes.length <= 2) return `${hours}:${minutes}`;
  }
  const digits = raw.replace(/\D/g, '').slice(0, MAX_DIGITS);
  if (digits.length <= 2) return digits;
  const hourDigits = digits.length === 3 ? 1 : 2;
  return `${digits.slice(0, hourDigits)}:${digits.slice(hourDigits)}`;
}

/** The value after blur: clamped and padded ("7" → "07:00", "9:5" → "09:05", "29:75" → "23:59"). */
export function normalizeTime(text: string): string {
  const sanitized = sanitizeTimeInput(text);
  if (sanitized.replace(':', '') === '') return '';
  const [hours = '', minutes = ''] = sanitized.split(':');
  const h = Math.min(Number(hours || '0'), 23);
  const m = Math.min(Number(minutes || '0'), 59);
  return `${pad(h)}:${pad(m)}`;
}

/** True for H:MM or HH:MM within 00:00 … 23:59. */
export function isValidTime(text: string): boolean {
  return TIME_PATTERN.test(text);
}
