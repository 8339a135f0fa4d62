import { fromIsoDate, parseGermanDate, toIsoDate } from '../../../domain/dates';
import { LICENSE_VALIDATION_TEXTS as texts } from '../../../domain/licenses';

/**
 * The package dialogs hold the dates as typed (DD.MM.YYYY, the shared date picker's text); the API
 * takes yyyy-MM-dd. A text that is no date becomes a value the payload schema refuses with the
 * same message the field shows.
 */
export function toIsoDateOrInvalid(text: unknown): string {
  const value = typeof text === 'string' ? text.trim() : '';
  if (value === '') return '';
  return parseGermanDate(value) ?? value;
}

/** The field's message for a date text (null: none): required, a real date. */
export function dateTextError(text: unknown): string | null {
  const value = typeof text === 'string' ? text.trim() : '';
  if (value === '') return texts.dateRequired;
  return parseGermanDate(value) ? null : texts.dateInvalid;
}

/** The end date's message: its own, else invalidEndDate when it is not after the start (spec section 5). */
export function endDateError(startText: unknown, endText: unknown): string | null {
  const own = dateTextError(endText);
  if (own) return own;
  const start = parseGermanDate(typeof startText === 'string' ? startText : '');
  const end = parseGermanDate(String(endText));
  return start && end && end <= start ? texts.invalidEndDate : null;
}

/** The first day the end date may be: the day after the start (for the calendar), if the start is a date. */
export function dayAfter(startText: unknown): string | undefined {
  const start = fromIsoDate(parseGermanDate(typeof startText === 'string' ? startText : '') ?? '');
  if (!start) return undefined;
  return toIsoDate(new Date(start.getFullYear(), start.getMonth(), start.getDate() + 1));
}
