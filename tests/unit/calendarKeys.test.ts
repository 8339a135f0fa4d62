import { describe, expect, it } from 'vitest';
import {
  calendarKey,
  initialCalendarState,
  openMonth,
  openYear,
  turnPage,
  type CalendarState,
} from '../../src/components/datePicker/calendarKeys';
import type { DateConstraints } from '../../src/components/datePicker/dateConstraints';

const day = (focus: string): CalendarState => ({ view: 'month', focus });
const month = (focus: string): CalendarState => ({ view: 'year', focus });
const years = (focus: string): CalendarState => ({ view: 'multi-year', focus });

/** The focused day after pressing the keys one after another. */
function press(state: CalendarState, keys: string[], constraints: DateConstraints = {}): CalendarState {
  return keys.reduce((current, key) => {
    const [shift, name] = key.startsWith('Shift+') ? [true, key.slice(6)] : [false, key];
    const outcome = calendarKey(current, name, shift, constraints);
    if (!outcome || !('state' in outcome)) throw new Error(`${key} did not move the focus`);
    return outcome.state;
  }, state);
}

describe('calendar keyboard: month view (days)', () => {
  // Thursday, 7 March 2024
  const start = day('2024-03-07');

  it('moves a day with left and right and a week with up and down, across month ends', () => {
    expect(press(start, ['ArrowRight']).focus).toBe('2024-03-08');
    expect(press(start, ['ArrowLeft']).focus).toBe('2024-03-06');
    expect(press(start, ['ArrowDown']).focus).toBe('2024-03-14');
    expect(press(start, ['ArrowUp']).focus).toBe('2024-02-29');
    expect(press(day('2024-12-31'), ['ArrowRight']).focus).toBe('2025-01-01');
  });

  it('goes to Monday with Home and to Sunday with End', () => {
    expect(press(start, ['Home']).focus).toBe('2024-03-04');
    expect(press(start, ['End']).focus).toBe('2024-03-10');
  });

  it('turns a month with PageUp and PageDown and a year with Shift, keeping the day where it exists', () => {
    expect(press(start, ['PageDown']).focus).toBe('2024-04-07');
    expect(press(start, ['PageUp']).focus).toBe('2024-02-07');
    expect(press(day('2024-01-31'), ['PageDown']).focus).toBe('2024-02-29');
    expect(press(start, ['Shift+PageDown']).focus).toBe('2025-03-07');
    expect(press(day('2024-02-29'), ['Shift+PageUp']).focus).toBe('2023-02-28');
  });

  it('picks the focused day with Enter or Space, but not a day the constraints refuse', () => {
    expect(calendarKey(start, 'Enter', false, {})).toEqual({ pick: '2024-03-07' });
    expect(calendarKey(start, ' ', false, {})).toEqual({ pick: '2024-03-07' });
    const noThursdays = { filter: (iso: string) => iso !== '2024-03-07' };
    expect(calendarKey(start, 'Enter', false, noThursdays)).toEqual({ ignored: true });
  });

  it('leaves other keys (Escape, Tab, letters) to the dialog and the page', () => {
    for (const key of ['Escape', 'Tab', 'a']) expect(calendarKey(start, key, false, {})).toBeNull();
  });

  it('never moves the focus outside min … max', () => {
    const limits = { min: '2024-03-01', max: '2024-03-20' };
    expect(press(day('2024-03-18'), ['ArrowDown'], limits).focus).toBe('2024-03-20');
    expect(press(day('2024-03-02'), ['ArrowLeft', 'ArrowLeft'], limits).focus).toBe('2024-03-01');
    expect(press(start, ['PageDown'], limits).focus).toBe('2024-03-20');
    expect(press(start, ['Shift+PageUp'], limits).focus).toBe('2024-03-01');
  });
});

describe('calendar keyboard: year view (months, rows of 4)', () => {
  const start = month('1995-06-12');

  it('moves a month with left and right and a row of 4 with up and down', () => {
    expect(press(start, ['ArrowRight']).focus).toBe('1995-07-12');
    expect(press(start, ['ArrowLeft']).focus).toBe('1995-05-12');
    expect(press(start, ['ArrowDown']).focus).toBe('1995-10-12');
    expect(press(start, ['ArrowUp']).focus).toBe('1995-02-12');
  });

  it('goes to the first and last month of the row with Home and End, a year with PageUp and PageDown', () => {
    expect(press(start, ['Home']).focus).toBe('1995-05-12');
    expect(press(start, ['End']).focus).toBe('1995-08-12');
    expect(press(start, ['PageUp']).focus).toBe('1994-06-12');
    expect(press(start, ['PageDown']).focus).toBe('1996-06-12');
  });

  it('opens the focused month with Enter', () => {
    expect(calendarKey(start, 'Enter', false, {})).toEqual({ state: { view: 'month', focus: '1995-06-12' } });
  });
});

describe('calendar keyboard: multi-year view (24 years, rows of 4)', () => {
  // 1995 is on the page 1992 – 2015, in the row 1992 – 1995.
  const start = years('1995-06-12');

  it('moves a year with left and right, 4 years with up and down and 24 with PageUp and PageDown', () => {
    expect(press(start, ['ArrowRight']).focus).toBe('1996-06-12');
    expect(press(start, ['ArrowLeft']).focus).toBe('1994-06-12');
    expect(press(start, ['ArrowDown']).focus).toBe('1999-06-12');
    expect(press(start, ['ArrowUp']).focus).toBe('1991-06-12');
    expect(press(start, ['PageUp']).focus).toBe('1971-06-12');
    expect(press(start, ['PageDown']).focus).toBe('2019-06-12');
  });

  it('goes to the first and last year of the row with Home and End', () => {
    expect(press(start, ['Home']).focus).toBe('1992-06-12');
    expect(press(start, ['End']).focus).toBe('1995-06-12');
    expect(press(years('1996-01-01'), ['End']).focus).toBe('1999-01-01');
  });

  it('opens the focused year with Enter, and from there the month', () => {
    const year = calendarKey(start, 'Enter', false, {});
    expect(year).toEqual({ state: { view: 'year', focus: '1995-06-12' } });
    expect(calendarKey(month('1995-06-12'), ' ', false, {})).toEqual({ state: { view: 'month', focus: '1995-06-12' } });
  });

  it('stops at the latest birth year the limits allow', () => {
    const limits = { min: '1900-01-01', max: '2010-11-24' };
    expect(press(years('2008-03-01'), ['ArrowDown'], limits).focus).toBe('2010-11-24');
    expect(press(years('1996-11-24'), ['PageDown'], limits).focus).toBe('2010-11-24');
  });
});

describe('calendar state', () => {
  const limits = { min: '1900-01-01', max: '2010-11-24' };

  it('opens on the chosen day, else on openTo, else on today; always within min … max', () => {
    expect(initialCalendarState('month', '1985-03-07', '1996-11-24', limits)).toEqual({
      view: 'month',
      focus: '1985-03-07',
    });
    expect(initialCalendarState('multi-year', null, '1996-11-24', limits).focus).toBe('1996-11-24');
    expect(initialCalendarState('multi-year', null, undefined, limits).focus).toBe('2010-11-24');
    expect(initialCalendarState('month', '2020-01-01', undefined, limits).focus).toBe('2010-11-24');
  });

  it('opens a clicked year or month one view deeper and turns pages with the header arrows', () => {
    expect(openYear(years('1996-11-24'), 1985, limits)).toEqual({ view: 'year', focus: '1985-11-24' });
    expect(openMonth(month('1985-01-31'), 1, limits)).toEqual({ view: 'month', focus: '1985-02-28' });
    expect(turnPage(years('1996-11-24'), -1, limits).focus).toBe('1972-11-24');
    expect(turnPage(day('2010-10-30'), 1, limits).focus).toBe('2010-11-24');
  });
});
