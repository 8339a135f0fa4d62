/**
 * The date picker's validators of spec section 5: min, max, filter, and a parse error for text
 * that is no date. Loaded with the field itself (the calendar's own rules are in calendar.ts,
 * loaded with the dialog). ISO calendar dates ("2024-03-07") compare correctly as strings.
 */
import { parseGermanDate } from '../../domain/dates';

export interface DateConstraints {
  /** Earliest selectable day, ISO. */
  min?: string;
  /** Latest selectable day, ISO. */
  max?: string;
  /** Further rule, e.g. weekdays only; true = selectable. */
  filter?: (iso: string) => boolean;
}

export type DateValidationError = 'parse' | 'min' | 'max' | 'filter';

/** Why an ISO day cannot be chosen, or null when it can. */
function constraintError(
  iso: string,
  { min, max, filter }: DateConstraints,
): Exclude<DateValidationError, 'parse'> | null {
  if (min && iso < min) return 'min';
  if (max && iso > max) return 'max';
  if (filter && !filter(iso)) return 'filter';
  return null;
}

export function isSelectable(iso: string, constraints: DateConstraints = {}): boolean {
  return constraintError(iso, constraints) === null;
}

/**
 * The picker's validators for typed text (DD.MM.YYYY): parse error for anything that is no real
 * calendar day, then min, max and filter. Empty text is no error here; `required` is the form's.
 */
export function validateDateText(text: string, constraints: DateConstraints = {}): DateValidationError | null {
  if (text.trim() === '') return null;
  const iso = parseGermanDate(text);
  return iso ? constraintError(iso, constraints) : 'parse';
}
