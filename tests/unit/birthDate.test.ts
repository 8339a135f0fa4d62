import { addDays } from 'date-fns/addDays';
import { eachDayOfInterval } from 'date-fns/eachDayOfInterval';
import { lightFormat } from 'date-fns/lightFormat';
import { parseISO } from 'date-fns/parseISO';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fieldError, EMPTY_REGISTRATION } from '../../src/customRoutes/registration/registrationForm';
import { birthDatePickerLimits, birthDateProblem } from '../../src/domain/birthDate';
import { formatTypedDate, parseGermanDate, todayInGermany } from '../../src/domain/dates';
import { isoBirthDate, VALIDATION_TEXTS } from '../../src/domain/validation';

const iso = (date: Date) => lightFormat(date, 'yyyy-MM-dd');

afterEach(() => {
  vi.useRealTimers();
});

describe('birth-date limits', () => {
  it('accepts someone on their 16th birthday and refuses them the day before', () => {
    expect(birthDateProblem('2010-11-24', '2026-11-24')).toBeNull();
    expect(birthDateProblem('2010-11-25', '2026-11-24')).toBe('tooYoung');
    expect(birthDateProblem('1990-01-01', '2026-11-24')).toBeNull();
  });

  it('lets someone born on 29 February turn 16 on that day in a leap year and on 1 March otherwise', () => {
    expect(birthDateProblem('2008-02-29', '2024-02-28')).toBe('tooYoung');
    expect(birthDateProblem('2008-02-29', '2024-02-29')).toBeNull();
    // 2100 is no leap year.
    expect(birthDateProblem('2084-02-29', '2100-02-28')).toBe('tooYoung');
    expect(birthDateProblem('2084-02-29', '2100-03-01')).toBeNull();
  });

  it('refuses a birth date in the future, and a baby born today as too young', () => {
    expect(birthDateProblem('2026-11-25', '2026-11-24')).toBe('future');
    expect(birthDateProblem('2999-01-01', '2026-11-24')).toBe('future');
    expect(birthDateProblem('2026-11-24', '2026-11-24')).toBe('tooYoung');
  });

  it('refuses days that do not exist, other formats and dates before 1900', () => {
    for (const value of ['2001-02-29', '1985-13-01', '07.03.1985', '1985-3-7', '1899-12-31', '']) {
      expect(birthDateProblem(value, '2026-11-24')).toBe('invalid');
    }
    expect(birthDateProblem('1900-01-01', '2026-11-24')).toBeNull();
  });

  it('limits the picker to 1900 … the 16th birthday and opens it 30 years back', () => {
    expect(birthDatePickerLimits('2026-11-24')).toEqual({ min: '1900-01-01', max: '2010-11-24', openTo: '1996-11-24' });
    expect(birthDatePickerLimits('2024-02-29')).toMatchObject({ max: '2008-02-29', openTo: '1994-02-28' });
  });

  it('lets the picker offer exactly the days the validator accepts', () => {
    for (const today of ['2024-02-28', '2024-02-29', '2025-02-28', '2025-03-01', '2100-02-28', '2026-11-24']) {
      const { max } = birthDatePickerLimits(today);
      const around = eachDayOfInterval({ start: addDays(parseISO(max), -400), end: addDays(parseISO(max), 400) });
      for (const day of around.map(iso)) {
        const offered = day <= max;
        const accepted = birthDateProblem(day, today) === null;
        expect(accepted, `${day} on ${today}`).toBe(offered);
      }
    }
  });
});

describe("today in Germany (Europe/Berlin), whatever the machine's time zone", () => {
  it('is already tomorrow after midnight in Berlin, in winter and in summer time', () => {
    expect(todayInGermany(new Date('2026-11-23T22:59:00Z'))).toBe('2026-11-23');
    expect(todayInGermany(new Date('2026-11-23T23:30:00Z'))).toBe('2026-11-24');
    expect(todayInGermany(new Date('2026-07-01T21:59:00Z'))).toBe('2026-07-01');
    expect(todayInGermany(new Date('2026-07-01T22:30:00Z'))).toBe('2026-07-02');
  });

  it("decides a 16th birthday by Berlin's date, on the server as in the form", () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-23T22:30:00Z')); // 23:30 on the 23rd in Berlin
    expect(isoBirthDate('2010-11-24')).toBe(VALIDATION_TEXTS.tooYoung);
    vi.setSystemTime(new Date('2026-11-23T23:30:00Z')); // 00:30 on the 24th in Berlin
    expect(isoBirthDate('2010-11-24')).toBeNull();
    expect(isoBirthDate('2026-11-25')).toBe(VALIDATION_TEXTS.birthDateInFuture);
  });
});

describe('birth date in the registration form', () => {
  const typed = (birthDate: string) => fieldError('birthDate', { ...EMPTY_REGISTRATION, birthDate });

  it('shows the German messages for a typed date of someone too young or in the future', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-24T10:00:00Z'));
    expect(typed('25.11.2010')).toBe('Sie müssen mindestens 16 Jahre alt sein.');
    expect(typed('24.11.2010')).toBeNull();
    expect(typed('01.12.2026')).toBe('Das Geburtsdatum darf nicht in der Zukunft liegen.');
    expect(typed('31.12.1899')).toBe(VALIDATION_TEXTS.birthDate);
  });
});

describe('a date typed on the digit pad', () => {
  it('fills day, month and year from digits alone, digit by digit', () => {
    const typed = '04071992';
    const shown = [...typed].map((_, end) => formatTypedDate(typed.slice(0, end + 1)));
    expect(shown).toEqual(['0', '04', '04.0', '04.07', '04.07.1', '04.07.19', '04.07.199', '04.07.1992']);
  });

  it('takes dashes, slashes, spaces and commas as the dot and keeps one- or two-digit parts', () => {
    expect(formatTypedDate('4-7-1992')).toBe('4.7.1992');
    expect(formatTypedDate('04/07/1992')).toBe('04.07.1992');
    expect(formatTypedDate('4 7 1992')).toBe('4.7.1992');
    expect(formatTypedDate('4,7,1992')).toBe('4.7.1992');
    expect(formatTypedDate('04.07.1992')).toBe('04.07.1992');
    expect(parseGermanDate(formatTypedDate('4-7-1992'))).toBe('1992-07-04');
  });

  it('shows the dot a separator asks for but adds none that Backspace could not remove', () => {
    expect(formatTypedDate('4.')).toBe('4.');
    expect(formatTypedDate('04')).toBe('04');
    expect(formatTypedDate('04.07.')).toBe('04.07.');
    expect(formatTypedDate('4. 7. 1992')).toBe('4.7.1992');
    expect(formatTypedDate('4 - 7 - 1992')).toBe('4.7.1992');
  });

  it('keeps an emptied part in its place while it is typed again', () => {
    expect(formatTypedDate('.07.1992')).toBe('.07.1992');
    expect(formatTypedDate('05.07.1992')).toBe('05.07.1992');
    expect(formatTypedDate('04..1992')).toBe('04..1992');
    expect(formatTypedDate('04.08.1992')).toBe('04.08.1992');
  });

  it('drops letters and digits beyond the year, and turns a pasted ISO date into the German form', () => {
    expect(formatTypedDate('04a07b1992')).toBe('04.07.1992');
    expect(formatTypedDate('0407199234')).toBe('04.07.1992');
    expect(formatTypedDate('1992-07-04')).toBe('04.07.1992');
    expect(formatTypedDate(' 04.07.1992 ')).toBe('04.07.1992');
    expect(formatTypedDate('')).toBe('');
  });
});
