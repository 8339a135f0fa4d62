/**
 * Who may apply (issue 8): a real birth date, not in the future, and at least 16 years old on
 * today's date in Germany. One rule for the registration form, the date picker's limits and the
 * server's check of the submitted application.
 */
import { differenceInYears } from 'date-fns/differenceInYears';
import { isAfter } from 'date-fns/isAfter';
import { isBefore } from 'date-fns/isBefore';
import { subYears } from 'date-fns/subYears';
import { fromIsoDate, toIsoDate, todayInGermany } from './dates';

export const MINIMUM_AGE = 16;
/** Earlier dates are typing mistakes, not applicants. */
export const EARLIEST_BIRTH_DATE = '1900-01-01';
/** The picker opens this many years back, among the years most applicants were born in. */
export const BIRTH_DATE_PICKER_YEARS_BACK = 30;

export type BirthDateProblem = 'invalid' | 'future' | 'tooYoung';

/** Today in Germany as a date-fns day; `today` (yyyy-MM-dd) lets tests fix the day. */
function dayOf(today: string): Date {
  const day = fromIsoDate(today);
  if (!day) throw new RangeError(`today must be yyyy-MM-dd, got "${today}"`);
  return day;
}

/**
 * What is wrong with a birth date given as yyyy-MM-dd, or null: 'invalid' for no real calendar
 * day or one before 1900, 'future', and 'tooYoung' before the 16th birthday (someone born on
 * 29 February turns 16 on 1 March in a common year).
 */
export function birthDateProblem(iso: string, today: string = todayInGermany()): BirthDateProblem | null {
  const birth = fromIsoDate(iso);
  if (!birth || isBefore(birth, dayOf(EARLIEST_BIRTH_DATE))) return 'invalid';
  const day = dayOf(today);
  if (isAfter(birth, day)) return 'future';
  return differenceInYears(day, birth) < MINIMUM_AGE ? 'tooYoung' : null;
}

/** The picker's range and where it opens: from 1900 to the last day of a 16-year-old's birth. */
export function birthDatePickerLimits(today: string = todayInGermany()): { min: string; max: string; openTo: string } {
  const day = dayOf(today);
  return {
    min: EARLIEST_BIRTH_DATE,
    max: toIsoDate(subYears(day, MINIMUM_AGE)),
    openTo: toIsoDate(subYears(day, BIRTH_DATE_PICKER_YEARS_BACK)),
  };
}
