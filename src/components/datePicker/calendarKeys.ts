/**
 * The calendar's state and its keyboard (issue 8, part 3): the calendar is one tab stop, and the
 * keys move the focused day, month or year within the current view, as in the WAI-ARIA date
 * picker dialog pattern. Pure, so every key is tested without a browser.
 *
 * The focus is a day (ISO) in every view: the month view shows its month, the year view its year,
 * the multi-year view its page of 24 years. It never leaves min … max, so the period it shows
 * always holds something to choose.
 */
import { addDays } from 'date-fns/addDays';
import { addMonths } from 'date-fns/addMonths';
import { addYears } from 'date-fns/addYears';
import { endOfWeek } from 'date-fns/endOfWeek';
import { getMonth } from 'date-fns/getMonth';
import { getYear } from 'date-fns/getYear';
import { isAfter } from 'date-fns/isAfter';
import { isBefore } from 'date-fns/isBefore';
import { setMonth } from 'date-fns/setMonth';
import { setYear } from 'date-fns/setYear';
import { startOfWeek } from 'date-fns/startOfWeek';
import { fromIsoDate, toIsoDate, todayInGermany, WEEK_STARTS_ON } from '../../domain/dates';
import { MONTHS_PER_ROW, multiYearStart, YEARS_PER_PAGE, YEARS_PER_ROW, type CalendarView } from './calendar';
import { isSelectable, type DateConstraints } from './dateConstraints';

export interface CalendarState {
  view: CalendarView;
  /** The focused cell's day, yyyy-MM-dd. */
  focus: string;
}

/** What a key does: a new state, a chosen day, or nothing (null: the key is not the calendar's). */
export type KeyOutcome = { state: CalendarState } | { pick: string } | { ignored: true };

type Move = (day: Date) => Date;

const WEEK = { weekStartsOn: WEEK_STARTS_ON } as const;

/** First and last column of the row a month or year sits in (rows of 4). */
const monthRowStart: Move = (day) => setMonth(day, getMonth(day) - (getMonth(day) % MONTHS_PER_ROW));
const monthRowEnd: Move = (day) => addMonths(monthRowStart(day), MONTHS_PER_ROW - 1);
const yearColumn = (day: Date) => (getYear(day) - multiYearStart(getYear(day))) % YEARS_PER_ROW;
const yearRowStart: Move = (day) => addYears(day, -yearColumn(day));
const yearRowEnd: Move = (day) => addYears(yearRowStart(day), YEARS_PER_ROW - 1);

/**
 * Arrows move by one cell (up and down by one row), Home and End go to the row's first and last
 * cell, PageUp and PageDown turn the page (with Shift in the month view: by a year).
 */
const MOVES: Record<CalendarView, Record<string, Move>> = {
  month: {
    ArrowLeft: (day) => addDays(day, -1),
    ArrowRight: (day) => addDays(day, 1),
    ArrowUp: (day) => addDays(day, -7),
    ArrowDown: (day) => addDays(day, 7),
    Home: (day) => startOfWeek(day, WEEK),
    End: (day) => endOfWeek(day, WEEK),
    PageUp: (day) => addMonths(day, -1),
    PageDown: (day) => addMonths(day, 1),
    'Shift+PageUp': (day) => addYears(day, -1),
    'Shift+PageDown': (day) => addYears(day, 1),
  },
  year: {
    ArrowLeft: (day) => addMonths(day, -1),
    ArrowRight: (day) => addMonths(day, 1),
    ArrowUp: (day) => addMonths(day, -MONTHS_PER_ROW),
    ArrowDown: (day) => addMonths(day, MONTHS_PER_ROW),
    Home: monthRowStart,
    End: monthRowEnd,
    PageUp: (day) => addYears(day, -1),
    PageDown: (day) => addYears(day, 1),
  },
  'multi-year': {
    ArrowLeft: (day) => addYears(day, -1),
    ArrowRight: (day) => addYears(day, 1),
    ArrowUp: (day) => addYears(day, -YEARS_PER_ROW),
    ArrowDown: (day) => addYears(day, YEARS_PER_ROW),
    Home: yearRowStart,
    End: yearRowEnd,
    PageUp: (day) => addYears(day, -YEARS_PER_PAGE),
    PageDown: (day) => addYears(day, YEARS_PER_PAGE),
  },
};

/** The page buttons' step per view: a month, a year, 24 years. */
const PAGE_STEP: Record<CalendarView, (day: Date, direction: -1 | 1) => Date> = {
  month: (day, direction) => addMonths(day, direction),
  year: (day, direction) => addYears(day, direction),
  'multi-year': (day, direction) => addYears(day, direction * YEARS_PER_PAGE),
};

/** The day moved into min … max. */
function clampToLimits(day: Date, { min, max }: DateConstraints): Date {
  const earliest = min ? fromIsoDate(min) : null;
  const latest = max ? fromIsoDate(max) : null;
  if (earliest && isBefore(day, earliest)) return earliest;
  if (latest && isAfter(day, latest)) return latest;
  return day;
}

function moved(state: CalendarState, move: Move, constraints: DateConstraints): CalendarState {
  const day = fromIsoDate(state.focus) ?? new Date();
  return { ...state, focus: toIsoDate(clampToLimits(move(day), constraints)) };
}

/**
 * Where the calendar opens: on the chosen day, else on `openTo` (a birth date opens 30 years
 * back), else on today in Germany; always within min … max.
 */
export function initialCalendarState(
  view: CalendarView,
  selected: string | null,
  openTo: string | undefined,
  constraints: DateConstraints,
): CalendarState {
  const start = fromIsoDate(selected ?? '') ?? fromIsoDate(openTo ?? '') ?? fromIsoDate(todayInGermany())!;
  return { view, focus: toIsoDate(clampToLimits(start, constraints)) };
}

/** The key's name as MOVES knows it: "PageUp", "Shift+PageUp". */
function keyName(key: string, shiftKey: boolean): string {
  return shiftKey && (key === 'PageUp' || key === 'PageDown') ? `Shift+${key}` : key;
}

/**
 * One key press in the grid. Enter and Space choose: a day (if selectable), or open the focused
 * month or year one view deeper. Escape is not the grid's: it closes the dialog.
 */
export function calendarKey(
  state: CalendarState,
  key: string,
  shiftKey: boolean,
  constraints: DateConstraints,
): KeyOutcome | null {
  if (key === 'Enter' || key === ' ') {
    if (state.view === 'multi-year') return { state: { ...state, view: 'year' } };
    if (state.view === 'year') return { state: { ...state, view: 'month' } };
    return isSelectable(state.focus, constraints) ? { pick: state.focus } : { ignored: true };
  }
  const move = MOVES[state.view][keyName(key, shiftKey)];
  return move ? { state: moved(state, move, constraints) } : null;
}

/** The header's page buttons: previous or next month, year or 24 years. */
export function turnPage(state: CalendarState, direction: -1 | 1, constraints: DateConstraints): CalendarState {
  return moved(state, (day) => PAGE_STEP[state.view](day, direction), constraints);
}

/** A click on a year (multi-year view) or a month (year view): that period, one view deeper. */
export function openYear(state: CalendarState, year: number, constraints: DateConstraints): CalendarState {
  return { ...moved(state, (day) => setYear(day, year), constraints), view: 'year' };
}

export function openMonth(state: CalendarState, monthIndex: number, constraints: DateConstraints): CalendarState {
  return { ...moved(state, (day) => setMonth(day, monthIndex), constraints), view: 'month' };
}

/** The header's view button: from the days to the years, and from the years or months back to the days. */
export function switchView(state: CalendarState): CalendarState {
  return { ...state, view: state.view === 'month' ? 'multi-year' : 'month' };
}
