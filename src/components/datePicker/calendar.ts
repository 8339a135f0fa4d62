/**
 * The calendar of the reusable date picker (spec "Reusable date-and-time picker"), on date-fns
 * with its German locale: a month view with 7-day weeks from Monday, a year view with the 12
 * months and a multi-year view with 24 years in 4 columns. Only the lazily loaded calendar dialog
 * imports this module, so the locale's names never weigh on a page that merely shows the field.
 */
import { eachDayOfInterval } from 'date-fns/eachDayOfInterval';
import { eachWeekOfInterval } from 'date-fns/eachWeekOfInterval';
import { endOfMonth } from 'date-fns/endOfMonth';
import { endOfWeek } from 'date-fns/endOfWeek';
import { endOfYear } from 'date-fns/endOfYear';
import { format } from 'date-fns/format';
import { getDate } from 'date-fns/getDate';
import { getISODay } from 'date-fns/getISODay';
import { isSameMonth } from 'date-fns/isSameMonth';
import { startOfMonth } from 'date-fns/startOfMonth';
import { startOfYear } from 'date-fns/startOfYear';
import { de } from 'date-fns/locale/de';
import { fromIsoDate, toIsoDate, WEEK_STARTS_ON } from '../../domain/dates';
import type { DateConstraints } from './dateConstraints';

export const DAYS_PER_WEEK = 7;
export const YEARS_PER_PAGE = 24;
export const YEARS_PER_ROW = 4;
export const MONTHS_PER_ROW = 4;
export const MONTHS_PER_YEAR = 12;

export type CalendarView = 'month' | 'year' | 'multi-year';

const WEEK = { weekStartsOn: WEEK_STARTS_ON } as const;

/** date-fns' weekday numbers (0 = Sunday) in the calendar's column order, Monday first. */
const WEEKDAYS_IN_COLUMN_ORDER = Array.from(
  { length: DAYS_PER_WEEK },
  (_, column) => ((column + WEEK_STARTS_ON) % DAYS_PER_WEEK) as 0 | 1 | 2 | 3 | 4 | 5 | 6,
);

/** "Mo" … "So", the column heads of the month view. */
export const WEEKDAY_SHORT_NAMES = WEEKDAYS_IN_COLUMN_ORDER.map((day) => de.localize.day(day, { width: 'short' }));
/** "Montag" … "Sonntag", the heads' full names for screen readers. */
export const WEEKDAY_NAMES = WEEKDAYS_IN_COLUMN_ORDER.map((day) => de.localize.day(day, { width: 'wide' }));

/** Column (0 = Monday … 6 = Sunday) of a date in the calendar's week. */
export function weekdayColumn(date: Date): number {
  return (getISODay(date) - WEEK_STARTS_ON + DAYS_PER_WEEK) % DAYS_PER_WEEK;
}

/** "Januar" … "Dezember". */
export function monthName(monthIndex: number): string {
  return de.localize.month(monthIndex as Parameters<typeof de.localize.month>[0], { width: 'wide' });
}

const SEPTEMBER = 8;
/**
 * "Jan." … "Dez.", the labels of the year view. September is "Sept." as in Duden and CLDR;
 * date-fns' `de` locale has "Sep.".
 */
export function monthShortName(monthIndex: number): string {
  if (monthIndex === SEPTEMBER) return 'Sept.';
  return de.localize.month(monthIndex as Parameters<typeof de.localize.month>[0], {
    width: 'abbreviated',
    context: 'formatting',
  });
}

/** "Donnerstag, 7. März 2024": the accessible name of a day cell. */
export function longGermanDate(iso: string): string {
  const date = fromIsoDate(iso);
  return date ? format(date, 'EEEE, d. MMMM yyyy', { locale: de }) : iso;
}

/** 7 for "2024-03-07": the text of a day cell. */
export function dayOfMonth(iso: string): number {
  const date = fromIsoDate(iso);
  return date ? getDate(date) : Number.NaN;
}

/** "März 2024": the title of a month view. */
export function monthTitle(date: Date): string {
  return format(date, 'LLLL yyyy', { locale: de });
}

/** The month as weeks of 7 cells, Monday first; null pads the days before the 1st and after the last. */
export function monthWeeks(year: number, monthIndex: number): (string | null)[][] {
  const first = new Date(year, monthIndex, 1);
  return eachWeekOfInterval({ start: first, end: endOfMonth(first) }, WEEK).map((weekStart) =>
    eachDayOfInterval({ start: weekStart, end: endOfWeek(weekStart, WEEK) }).map((day) =>
      isSameMonth(day, first) ? toIsoDate(day) : null,
    ),
  );
}

/** First year of the 24-year page that shows `year` (pages are aligned to multiples of 24). */
export function multiYearStart(year: number): number {
  return year - (((year % YEARS_PER_PAGE) + YEARS_PER_PAGE) % YEARS_PER_PAGE);
}

/** The 24 years of the page in rows of 4. */
export function multiYearRows(year: number): number[][] {
  const start = multiYearStart(year);
  return Array.from({ length: YEARS_PER_PAGE / YEARS_PER_ROW }, (_, row) =>
    Array.from({ length: YEARS_PER_ROW }, (_, column) => start + row * YEARS_PER_ROW + column),
  );
}

/** Month indexes 0 … 11 in rows of 4. */
export function monthRows(): number[][] {
  return Array.from({ length: MONTHS_PER_YEAR / MONTHS_PER_ROW }, (_, row) =>
    Array.from({ length: MONTHS_PER_ROW }, (_, column) => row * MONTHS_PER_ROW + column),
  );
}

/** A period (year or month) can be opened when part of it lies between min and max. */
function isPeriodSelectable(first: Date, last: Date, { min, max }: DateConstraints): boolean {
  return !(min && toIsoDate(last) < min) && !(max && toIsoDate(first) > max);
}

export function isYearSelectable(year: number, constraints: DateConstraints = {}): boolean {
  const day = new Date(year, 0, 1);
  return isPeriodSelectable(startOfYear(day), endOfYear(day), constraints);
}

export function isMonthSelectable(year: number, monthIndex: number, constraints: DateConstraints = {}): boolean {
  const day = new Date(year, monthIndex, 1);
  return isPeriodSelectable(startOfMonth(day), endOfMonth(day), constraints);
}
