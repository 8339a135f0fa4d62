/**
 * German date conventions of spec section 1 on date-fns: shown as dd.MM.yyyy, weeks from Monday,
 * "today" as the calendar day in Germany. Calendar dates travel as ISO "yyyy-MM-dd" strings (API,
 * forms, comparisons); date-fns reads them as local midnight, so they never shift a day.
 *
 * Shared by the web app and the server, and loaded by the public registration page: only the
 * light date-fns functions live here (lightFormat, parseISO, isValid; about 2 KB gzipped). The
 * locale-aware names of the calendar are in src/components/datePicker/calendar.ts, which only the
 * lazily loaded calendar dialog imports. date-fns is imported per function (date-fns/<name>)
 * everywhere: the bundler would tree-shake the index as well, but the server and Vitest would
 * load all of its modules (a cold list test took 2.8 s instead of 0.3 s).
 */
import { isValid } from 'date-fns/isValid';
import { lightFormat } from 'date-fns/lightFormat';
import { parseISO } from 'date-fns/parseISO';

/** Monday, as in date-fns' `de` locale; the `weekStartsOn` option of every week computation. */
export const WEEK_STARTS_ON = 1;
/** The portal's calendar day is Germany's, on the server as in every browser. */
export const PORTAL_TIME_ZONE = 'Europe/Berlin';

const GERMAN_DATE = 'dd.MM.yyyy';
const GERMAN_DATE_TIME = 'dd.MM.yyyy, HH:mm';
const ISO_DATE = 'yyyy-MM-dd';
/** What users type: day and month with one or two digits, always a four-digit year. */
const GERMAN_DATE_SHAPE = /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/;
const ISO_DATE_SHAPE = /^\d{4}-\d{2}-\d{2}$/;

/** A Date's calendar day as "yyyy-MM-dd". */
export function toIsoDate(date: Date): string {
  return lightFormat(date, ISO_DATE);
}

/** "yyyy-MM-dd" of a real calendar day → that day at local midnight; null for anything else. */
export function fromIsoDate(iso: string): Date | null {
  if (!ISO_DATE_SHAPE.test(iso)) return null;
  const date = parseISO(iso);
  return isValid(date) ? date : null;
}

/** An ISO date or timestamp (as the API sends them) or a Date; null when it is none. */
function toDateValue(value: string | Date | null | undefined): Date | null {
  if (value == null || value === '') return null;
  const date = typeof value === 'string' ? parseISO(value) : value;
  return isValid(date) ? date : null;
}

/** "2024-03-07" or a Date → "07.03.2024"; empty for null, undefined and invalid dates. */
export function formatDate(value: string | Date | null | undefined): string {
  const date = toDateValue(value);
  return date ? lightFormat(date, GERMAN_DATE) : '';
}

/** A Date or ISO timestamp → "07.03.2024, 14:05" in local time. */
export function formatDateTime(value: string | Date | null | undefined): string {
  const date = toDateValue(value);
  return date ? lightFormat(date, GERMAN_DATE_TIME) : '';
}

/**
 * "07.03.2024" or "7.3.2024" → "2024-03-07"; null when the text is not a real calendar day. The
 * four-digit year is the portal's rule ("7.3.24" is no date here). date-fns' `parse` would add
 * 7.5 KB gzipped (all its token parsers and the en-US locale) to the registration page for one
 * fixed shape, so the shape is matched here and parseISO decides whether the day exists.
 */
export function parseGermanDate(text: string): string | null {
  const match = GERMAN_DATE_SHAPE.exec(text.trim());
  if (!match) return null;
  const [, day = '', month = '', year = ''] = match;
  const iso = `${year}-${month.padStart(2, '0')}-${day.padStart(2, '0')}`;
  return fromIsoDate(iso) ? iso : null;
}

/** What may stand between day, month and year while typing; the phone's digit pad has no dot. */
const TYPED_DATE_SEPARATOR = /[.\-/\s,]/;
const WHITESPACE = /\s/;
/** Digits each part takes at most: day, month, year. */
const TYPED_DATE_PART_LENGTHS = [2, 2, 4] as const;

/**
 * The text of a date field as the user types it, shaped to DD.MM.YYYY (issue 25): digits alone
 * ('04071992' from a phone's digit pad, which has no dot) fill day, month and year in turn, and
 * '-', '/', ',' or a space close a part as the dot does ('4-7-1992' → '4.7.1992', '4. 7. 1992' →
 * '4.7.1992'). A dot appears only once a part is full or a separator was typed, so Backspace
 * removes the last digit, never a dot that comes back at once; an emptied part keeps its place
 * ('.07.1992' while the day is retyped). Letters and digits beyond the year are dropped; a pasted
 * ISO date becomes its German form. What is no real day is left to parseGermanDate and the validators.
 */
export function formatTypedDate(text: string): string {
  if (ISO_DATE_SHAPE.test(text.trim())) return formatDate(text.trim()) || text.trim();
  const parts: string[] = [''];
  let previous = '';
  // Leading blanks (a pasted date) are no empty day.
  for (const char of text.trimStart()) {
    const index = parts.length - 1;
    const current = parts[index] ?? '';
    const isLastPart = index === TYPED_DATE_PART_LENGTHS.length - 1;
    if (char >= '0' && char <= '9') {
      if (current.length < (TYPED_DATE_PART_LENGTHS[index] ?? 0)) parts[index] = current + char;
      else if (!isLastPart) parts.push(char);
    } else if (TYPED_DATE_SEPARATOR.test(char) && !isLastPart) {
      // A space beside another separator ('4. 7.') is part of that one separator.
      const joinsPrevious = TYPED_DATE_SEPARATOR.test(previous) && (WHITESPACE.test(previous) || WHITESPACE.test(char));
      if (!joinsPrevious) parts.push('');
    } else if (!TYPED_DATE_SEPARATOR.test(char)) {
      continue;
    }
    previous = char;
  }
  return parts.join('.');
}

let portalDayFormat: Intl.DateTimeFormat | undefined;

/**
 * Today's date in Germany as "yyyy-MM-dd", whatever the server's or the browser's own time zone:
 * at 00:30 in Berlin it is already tomorrow there, while UTC still says today.
 */
export function todayInGermany(now: Date = new Date()): string {
  portalDayFormat ??= new Intl.DateTimeFormat('en-CA', {
    timeZone: PORTAL_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  });
  const parts = Object.fromEntries(portalDayFormat.formatToParts(now).map((part) => [part.type, part.value]));
  return `${parts.year}-${parts.month}-${parts.day}`;
}

/*
 * The calendar the portal's own periods live in (issue 24): packages, reports and the usage view
 * take days and months from 2000 to 2100 only. Years 0000 and 0001 are real ISO years to date-fns but
 * not to PostgreSQL (year 0 does not exist there), and nothing of the portal happened before 2000
 * or is planned after 2100. Birth dates have their own rule (src/domain/birthDate.ts, from 1900).
 */
export const EARLIEST_PORTAL_DATE = '2000-01-01';
export const LATEST_PORTAL_DATE = '2100-12-31';
export const EARLIEST_PORTAL_MONTH = EARLIEST_PORTAL_DATE.slice(0, 7);
export const LATEST_PORTAL_MONTH = LATEST_PORTAL_DATE.slice(0, 7);

export const PORTAL_CALENDAR_TEXTS = {
  dateOutOfRange: 'Bitte geben Sie ein Datum zwischen dem 01.01.2000 und dem 31.12.2100 an.',
  monthOutOfRange: 'Bitte geben Sie einen Monat zwischen Januar 2000 und Dezember 2100 an.',
} as const;

/** Whether a real calendar day "yyyy-MM-dd" lies in the portal's calendar (2000 to 2100). */
export function isPortalDate(iso: string): boolean {
  return fromIsoDate(iso) !== null && iso >= EARLIEST_PORTAL_DATE && iso <= LATEST_PORTAL_DATE;
}

/** Whether a "yyyy-MM" (well-formed) lies in the portal's calendar (2000-01 to 2100-12). */
export function isPortalMonth(month: string): boolean {
  return month >= EARLIEST_PORTAL_MONTH && month <= LATEST_PORTAL_MONTH;
}
