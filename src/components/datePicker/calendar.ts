/**
 * Pure calendar rules of the reusable date picker (spec "Reusable date-and-time picker" and
 * section 5): a month view with 7-day weeks starting Monday, a year view with the 12 months and a
 * multi-year view with 24 years in 4 columns; min, max and filter constraints and a parse error
 * for text that is no date. Dates travel as ISO calendar dates ("2024-03-07"), which compare
 * correctly as strings and never shift with the time zone.
 */
import { parseGermanDate, WEEK_STARTS_ON } from '../../domain/dates';

export const GERMAN_MONTH_NAMES = [
  'Januar',
  'Februar',
  'März',
  'April',
  'Mai',
  'Juni',
  'Juli',
  'August',
  'September',
  'Oktober',
  'November',
  'Dezember',
] as const;

export const GERMAN_MONTH_SHORT_NAMES = [
  'Jan.',
  'Feb.',
  'März',
  'Apr.',
  'Mai',
  'Juni',
  'Juli',
  'Aug.',
  'Sept.',
  'Okt.',
  'Nov.',
  'Dez.',
] as const;

export const GERMAN_WEEKDAY_NAMES = [
  'Montag',
  'Dienstag',
  'Mittwoch',
  'Donnerstag',
  'Freitag',
  'Samstag',
  'Sonntag',
] as const;

export const DAYS_PER_WEEK = 7;
export const YEARS_PER_PAGE = 24;
export const YEARS_PER_ROW = 4;
export const MONTHS_PER_ROW = 4;

export type CalendarView = 'month' | 'year' | 'multi-year';

export interface DateConstraints {
  /** Earliest selectable day, ISO. */
  min?: string;
  /** Latest selectable day, ISO. */
  max?: string;
  /** Further rule, e.g. weekdays only; true = selectable. */
  filter?: (iso: string) => boolean;
}

export type DateValidationError = 'parse' | 'min' | 'max' | 'filter';

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** monthIndex is 0-based, as in Date. */
export function isoDate(year: number, monthIndex: number, day: number): string {
  return `${pad(year, 4)}-${pad(monthIndex + 1)}-${pad(day)}`;
}

export function parseIso(iso: string): { year: number; monthIndex: number; day: number } | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!match) return null;
  return { year: Number(match[1]), monthIndex: Number(match[2]) - 1, day: Number(match[3]) };
}

export function daysInMonth(year: number, monthIndex: number): number {
  return new Date(Date.UTC(year, monthIndex + 1, 0)).getUTCDate();
}

/** Today as an ISO date in local time. */
export function todayIso(now: Date = new Date()): string {
  return isoDate(now.getFullYear(), now.getMonth(), now.getDate());
}

/** Column (0 = Monday) of the month's first day. */
function firstColumn(year: number, monthIndex: number): number {
  return (new Date(Date.UTC(year, monthIndex, 1)).getUTCDay() - WEEK_STARTS_ON + DAYS_PER_WEEK) % DAYS_PER_WEEK;
}

/** The month as weeks of 7 cells, Monday first; null pads the days before the 1st and after the last. */
export function monthWeeks(year: number, monthIndex: number): (string | null)[][] {
  const cells: (string | null)[] = Array.from({ length: firstColumn(year, monthIndex) }, () => null);
  for (let day = 1; day <= daysInMonth(year, monthIndex); day += 1) cells.push(isoDate(year, monthIndex, day));
  while (cells.length % DAYS_PER_WEEK !== 0) cells.push(null);
  const weeks: (string | null)[][] = [];
  for (let i = 0; i < cells.length; i += DAYS_PER_WEEK) weeks.push(cells.slice(i, i + DAYS_PER_WEEK));
  return weeks;
}

/** First year of the 24-year page that shows `year` (pages are aligned to multiples of 24). */
export function multiYearStart(year: number): number {
  return year - (((year % YEARS_PER_PAGE) + YEARS_PER_PAGE) % YEARS_PER_PAGE);
}

/** The 24 years of the page in rows of 4. */
export function multiYearRows(year: number): number[][] {
  const start = multiYearStart(year);
  const rows: number[][] = [];
  for (let row = 0; row < YEARS_PER_PAGE / YEARS_PER_ROW; row += 1) {
    rows.push(Array.from({ length: YEARS_PER_ROW }, (_, column) => start + row * YEARS_PER_ROW + column));
  }
  return rows;
}

/** Month indexes 0 … 11 in rows of 4. */
export function monthRows(): number[][] {
  return [0, 1, 2].map((row) => Array.from({ length: MONTHS_PER_ROW }, (_, column) => row * MONTHS_PER_ROW + column));
}

export function isSelectable(iso: string, { min, max, filter }: DateConstraints = {}): boolean {
  if (min && iso < min) return false;
  if (max && iso > max) return false;
  return filter ? filter(iso) : true;
}

/** A year or month can be opened when part of it lies between min and max. */
export function isPeriodSelectable(first: string, last: string, { min, max }: DateConstraints = {}): boolean {
  return !(min && last < min) && !(max && first > max);
}

export function isYearSelectable(year: number, constraints: DateConstraints = {}): boolean {
  return isPeriodSelectable(isoDate(year, 0, 1), isoDate(year, 11, 31), constraints);
}

export function isMonthSelectable(year: number, monthIndex: number, constraints: DateConstraints = {}): boolean {
  return isPeriodSelectable(
    isoDate(year, monthIndex, 1),
    isoDate(year, monthIndex, daysInMonth(year, monthIndex)),
    constraints,
  );
}

/**
 * The picker's validators for typed text (DD.MM.YYYY): parse error for anything that is no real
 * calendar day, then min, max and filter. Empty text is no error here; `required` is the form's.
 */
export function validateDateText(text: string, constraints: DateConstraints = {}): DateValidationError | null {
  if (text.trim() === '') return null;
  const iso = parseGermanDate(text);
  if (!iso) return 'parse';
  if (constraints.min && iso < constraints.min) return 'min';
  if (constraints.max && iso > constraints.max) return 'max';
  if (constraints.filter && !constraints.filter(iso)) return 'filter';
  return null;
}

/** "Donnerstag, 7. März 2024": the accessible name of a day cell. */
export function longGermanDate(iso: string): string {
  const parts = parseIso(iso);
  if (!parts) return iso;
  const { year, monthIndex, day } = parts;
  const weekday = (new Date(Date.UTC(year, monthIndex, day)).getUTCDay() + 6) % DAYS_PER_WEEK;
  return `${GERMAN_WEEKDAY_NAMES[weekday]}, ${day}. ${GERMAN_MONTH_NAMES[monthIndex]} ${year}`;
}
