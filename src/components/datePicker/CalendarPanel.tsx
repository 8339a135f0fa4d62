import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ChevronRight from '@mui/icons-material/ChevronRight';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import { addMonths } from 'date-fns/addMonths';
import { getMonth } from 'date-fns/getMonth';
import { getYear } from 'date-fns/getYear';
import { isSameMonth } from 'date-fns/isSameMonth';
import { useTranslate } from 'ra-core';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { fromIsoDate, todayInGermany } from '../../domain/dates';
import {
  dayOfMonth,
  isMonthSelectable,
  isYearSelectable,
  longGermanDate,
  monthName,
  monthRows,
  monthShortName,
  monthTitle,
  monthWeeks,
  multiYearRows,
  multiYearStart,
  WEEKDAY_NAMES,
  WEEKDAY_SHORT_NAMES,
  YEARS_PER_PAGE,
  type CalendarView,
} from './calendar';
import { CalendarCell } from './CalendarCell';
import {
  calendarKey,
  initialCalendarState,
  openMonth,
  openYear,
  switchView,
  turnPage,
  type CalendarState,
} from './calendarKeys';
import { isSelectable, type DateConstraints } from './dateConstraints';

export interface CalendarPanelProps {
  /** The chosen day (ISO) or null. */
  selected: string | null;
  constraints?: DateConstraints;
  /** Which view opens first; a birth date starts best with the years. */
  startView?: CalendarView;
  /** Where the calendar opens while no day is chosen (ISO); default today. */
  openTo?: string;
  onSelect: (iso: string) => void;
}

const gridRowSx = { display: 'grid', gridTemplateColumns: 'repeat(4, 1fr)', gap: 1 } as const;

/**
 * The calendar of the date picker: month view (days, 7-day weeks from Monday), year view (the 12
 * months) and multi-year view (24 years in 4 columns). The header's period button switches
 * between the day and the year views, the arrows page through the current view. The grid below is
 * one tab stop; its keys are in calendarKeys.ts. The focused cell takes the focus when the
 * calendar opens and after every key, so a screen reader follows it.
 */
export function CalendarPanel({
  selected,
  constraints = {},
  startView = 'month',
  openTo,
  onSelect,
}: CalendarPanelProps) {
  const translate = useTranslate();
  const [state, setState] = useState<CalendarState>(() =>
    initialCalendarState(startView, selected, openTo, constraints),
  );
  const grid = useRef<HTMLDivElement>(null);
  // True when the last change came from the grid (or the calendar just opened): the focus follows it.
  const focusGrid = useRef(true);
  useEffect(() => {
    if (!focusGrid.current) return;
    focusGrid.current = false;
    grid.current?.querySelector<HTMLElement>('[data-focused]')?.focus();
  }, [state]);

  const fromGrid = (next: CalendarState) => {
    focusGrid.current = true;
    setState(next);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    const outcome = calendarKey(state, event.key, event.shiftKey, constraints);
    if (!outcome) return;
    event.preventDefault();
    if ('pick' in outcome) onSelect(outcome.pick);
    else if ('state' in outcome) fromGrid(outcome.state);
  };

  const focus = fromIsoDate(state.focus)!;
  const year = getYear(focus);
  const monthIndex = getMonth(focus);
  const [previousMonth, nextMonth] = [addMonths(focus, -1), addMonths(focus, 1)];
  const pageStart = multiYearStart(year);
  const chosen = selected ? fromIsoDate(selected) : null;
  const today = todayInGermany();

  const page =
    state.view === 'month'
      ? {
          label: monthTitle(focus),
          previous: translate('app.datePicker.previousMonth'),
          next: translate('app.datePicker.nextMonth'),
          previousDisabled: !isMonthSelectable(getYear(previousMonth), getMonth(previousMonth), constraints),
          nextDisabled: !isMonthSelectable(getYear(nextMonth), getMonth(nextMonth), constraints),
        }
      : state.view === 'year'
        ? {
            label: String(year),
            previous: translate('app.datePicker.previousYear'),
            next: translate('app.datePicker.nextYear'),
            previousDisabled: !isYearSelectable(year - 1, constraints),
            nextDisabled: !isYearSelectable(year + 1, constraints),
          }
        : {
            label: `${pageStart} – ${pageStart + YEARS_PER_PAGE - 1}`,
            previous: translate('app.datePicker.previousYears', { count: YEARS_PER_PAGE }),
            next: translate('app.datePicker.nextYears', { count: YEARS_PER_PAGE }),
            previousDisabled: !isYearSelectable(pageStart - 1, constraints),
            nextDisabled: !isYearSelectable(pageStart + YEARS_PER_PAGE, constraints),
          };

  return (
    <Box sx={{ width: 304, maxWidth: '100%', p: 1, boxSizing: 'border-box' }}>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', mb: 1 }}>
        <Button
          size="small"
          onClick={() => setState(switchView(state))}
          aria-label={translate('app.datePicker.chooseView', { period: page.label })}
          aria-live="polite"
        >
          {page.label}
        </Button>
        <Box>
          <IconButton
            size="small"
            aria-label={page.previous}
            onClick={() => setState(turnPage(state, -1, constraints))}
            disabled={page.previousDisabled}
          >
            <ChevronLeft />
          </IconButton>
          <IconButton
            size="small"
            aria-label={page.next}
            onClick={() => setState(turnPage(state, 1, constraints))}
            disabled={page.nextDisabled}
          >
            <ChevronRight />
          </IconButton>
        </Box>
      </Box>

      <Box ref={grid} onKeyDown={onKeyDown}>
        {state.view === 'month' ? (
          <Box
            component="table"
            role="grid"
            aria-label={page.label}
            sx={{ width: '100%', borderCollapse: 'separate', borderSpacing: '2px', tableLayout: 'fixed' }}
          >
            <thead>
              <tr>
                {WEEKDAY_SHORT_NAMES.map((name, column) => (
                  <Box
                    component="th"
                    key={name}
                    scope="col"
                    abbr={WEEKDAY_NAMES[column]}
                    sx={{ typography: 'caption', color: 'text.secondary', fontWeight: 500, pb: 0.5 }}
                  >
                    {name}
                  </Box>
                ))}
              </tr>
            </thead>
            <tbody>
              {monthWeeks(year, monthIndex).map((week, row) => (
                <tr key={row}>
                  {week.map((iso, column) =>
                    iso ? (
                      <CalendarCell
                        key={iso}
                        component="td"
                        focused={iso === state.focus}
                        selected={iso === selected}
                        disabled={!isSelectable(iso, constraints)}
                        current={iso === today}
                        label={longGermanDate(iso)}
                        height={36}
                        onChoose={() => onSelect(iso)}
                      >
                        {dayOfMonth(iso)}
                      </CalendarCell>
                    ) : (
                      <td key={`empty-${column}`} role="gridcell" />
                    ),
                  )}
                </tr>
              ))}
            </tbody>
          </Box>
        ) : null}

        {state.view === 'year' ? (
          <Box role="grid" aria-label={page.label} sx={{ display: 'grid', gap: 1 }}>
            {monthRows().map((months, row) => (
              <Box role="row" key={row} sx={gridRowSx}>
                {months.map((month) => (
                  <CalendarCell
                    key={month}
                    component="div"
                    focused={month === monthIndex}
                    selected={chosen !== null && isSameMonth(chosen, new Date(year, month))}
                    disabled={!isMonthSelectable(year, month, constraints)}
                    label={`${monthName(month)} ${year}`}
                    height={48}
                    onChoose={() => fromGrid(openMonth(state, month, constraints))}
                  >
                    {monthShortName(month)}
                  </CalendarCell>
                ))}
              </Box>
            ))}
          </Box>
        ) : null}

        {state.view === 'multi-year' ? (
          <Box role="grid" aria-label={page.label} sx={{ display: 'grid', gap: 1 }}>
            {multiYearRows(year).map((years, row) => (
              <Box role="row" key={row} sx={gridRowSx}>
                {years.map((candidate) => (
                  <CalendarCell
                    key={candidate}
                    component="div"
                    focused={candidate === year}
                    selected={chosen !== null && getYear(chosen) === candidate}
                    disabled={!isYearSelectable(candidate, constraints)}
                    height={40}
                    onChoose={() => fromGrid(openYear(state, candidate, constraints))}
                  >
                    {candidate}
                  </CalendarCell>
                ))}
              </Box>
            ))}
          </Box>
        ) : null}
      </Box>
    </Box>
  );
}
