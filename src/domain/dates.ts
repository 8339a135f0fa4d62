/**
 * German date conventions of spec section 1: de-DE, displayed DD.MM.YYYY, week starting Monday.
 * Pure helpers shared by list fields, forms and the date picker, so every screen formats alike.
 */
export const DATE_LOCALE = 'de-DE';
/** Monday, in JavaScript's getDay() numbering (0 = Sunday). */
export const WEEK_STARTS_ON = 1;
export const GERMAN_DATE_PATTERN = 'DD.MM.YYYY';

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** "2024-03-07" or a Date → "07.03.2024"; empty for null, undefined and invalid dates. */
export function formatDate(value: string | Date | null | undefined): string {
  if (value == null || value === '') return '';
  if (typeof value === 'string') {
    // Plain ISO dates are calendar dates: reading them as UTC midnight would shift the day.
    const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
    if (match) return `${match[3]}.${match[2]}.${match[1]}`;
  }
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return '';
  return `${pad(date.getDate())}.${pad(date.getMonth() + 1)}.${pad(date.getFullYear(), 4)}`;
}

/** A Date or ISO timestamp → "07.03.2024, 14:05" in local time. */
export function formatDateTime(value: string | Date | null | undefined): string {
  if (value == null || value === '') return '';
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return '';
  return `${formatDate(date)}, ${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** "07.03.2024" → "2024-03-07"; null when the text is not a real calendar date. */
export function parseGermanDate(text: string): string | null {
  const match = /^\s*(\d{1,2})\.(\d{1,2})\.(\d{4})\s*$/.exec(text);
  if (!match) return null;
  const [day, month, year] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return `${pad(year, 4)}-${pad(month)}-${pad(day)}`;
}

/** Weekday short names in display order, starting Monday. */
export const WEEKDAY_SHORT_NAMES = ['Mo', 'Di', 'Mi', 'Do', 'Fr', 'Sa', 'So'] as const;

/** Column (0 = Monday … 6 = Sunday) of a date in a Monday-first calendar week. */
export function weekdayColumn(date: Date): number {
  return (date.getDay() - WEEK_STARTS_ON + 7) % 7;
}
