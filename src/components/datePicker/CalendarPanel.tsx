import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ChevronRight from '@mui/icons-material/ChevronRight';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import { useTranslate } from 'ra-core';
import { useState } from 'react';
import { WEEKDAY_SHORT_NAMES } from '../../domain/dates';
import {
  GERMAN_MONTH_NAMES,
  GERMAN_MONTH_SHORT_NAMES,
  GERMAN_WEEKDAY_NAMES,
  isMonthSelectable,
  isoDate,
  isSelectable,
  isYearSelectable,
  longGermanDate,
  monthRows,
  monthWeeks,
  multiYearRows,
  multiYearStart,
  parseIso,
  todayIso,
  YEARS_PER_PAGE,
  type CalendarView,
  type DateConstraints,
} from './calendar';

export interface CalendarPanelProps {
  /** The chosen day (ISO) or null. */
  selected: string | null;
  constraints?: DateConstraints;
  /** Which view opens first; a birth date starts best with the years. */
  startView?: CalendarView;
  onSelect: (iso: string) => void;
}

/** The day the calendar opens on: the chosen one, else today moved into min … max. */
function initialDay(selected: string | null, { min, max }: DateConstraints) {
  let iso = selected ?? todayIso();
  if (!selected && min && iso < min) iso = min;
  if (!selected && max && iso > max) iso = max;
  return parseIso(iso) ?? parseIso(todayIso())!;
}

const cellSx = { minWidth: 0, px: 0, width: '100%' } as const;

/**
 * The calendar of the date picker: month view (days, 7-day weeks from Monday), year view (the 12
 * months) and multi-year view (24 years in 4 columns). The header's period button switches
 * between the day and the year views, the arrows page through the current view.
 */
export function CalendarPanel({ selected, constraints = {}, startView = 'month', onSelect }: CalendarPanelProps) {
  const translate = useTranslate();
  const start = initialDay(selected, constraints);
  const [view, setView] = useState<CalendarView>(startView);
  const [year, setYear] = useState(start.year);
  const [monthIndex, setMonthIndex] = useState(start.monthIndex);
  const today = todayIso();

  const shiftMonth = (delta: number) => {
    const total = year * 12 + monthIndex + delta;
    setYear(Math.floor(total / 12));
    setMonthIndex(((total % 12) + 12) % 12);
  };

  const page =
    view === 'month'
      ? {
          label: `${GERMAN_MONTH_NAMES[monthIndex]} ${year}`,
          previous: translate('app.datePicker.previousMonth'),
          next: translate('app.datePicker.nextMonth'),
          onPrevious: () => shiftMonth(-1),
          onNext: () => shiftMonth(1),
          previousDisabled: !isMonthSelectable(monthIndex === 0 ? year - 1 : year, (monthIndex + 11) % 12, constraints),
          nextDisabled: !isMonthSelectable(monthIndex === 11 ? year + 1 : year, (monthIndex + 1) % 12, constraints),
        }
      : view === 'year'
        ? {
            label: String(year),
            previous: translate('app.datePicker.previousYear'),
            next: translate('app.datePicker.nextYear'),
            onPrevious: () => setYear(year - 1),
            onNext: () => setYear(year + 1),
            previousDisabled: !isYearSelectable(year - 1, constraints),
            nextDisabled: !isYearSelectable(year + 1, constraints),
          }
        : {
            label: `${multiYearStart(year)} – ${multiYearStart(year) + YEARS_PER_PAGE - 1}`,
            previous: translate('app.datePicker.previousYears', { count: YEARS_PER_PAGE }),
            next: translate('app.datePicker.nextYears', { count: YEARS_PER_PAGE }),
            onPrevious: () => setYear(year - YEARS_PER_PAGE),
            onNext: () => setYear(year + YEARS_PER_PAGE),
            previousDisabled: !isYearSelectable(multiYearStart(year) - 1, constraints),
            nextDisabled: !isYearSelectable(multiYearStart(year) + YEARS_PER_PAGE, constraints),
          };

  return (
    <Box sx={{ width: 304, maxWidth: '100%', p: 1, boxSizing: 'border-box' }}>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', mb: 1 }}>
        <Button
          size="small"
          onClick={() => setView(view === 'month' ? 'multi-year' : 'month')}
          aria-label={translate('app.datePicker.chooseView', { period: page.label })}
          aria-live="polite"
        >
          {page.label}
        </Button>
        <Box>
          <IconButton
            size="small"
            aria-label={page.previous}
            onClick={page.onPrevious}
            disabled={page.previousDisabled}
          >
            <ChevronLeft />
          </IconButton>
          <IconButton size="small" aria-label={page.next} onClick={page.onNext} disabled={page.nextDisabled}>
            <ChevronRight />
          </IconButton>
        </Box>
      </Box>

      {view === 'month' ? (
        <Box component="table" sx={{ width: '100%', borderCollapse: 'collapse', tableLayout: 'fixed' }}>
          <thead>
            <tr>
              {WEEKDAY_SHORT_NAMES.map((name, column) => (
                <Box
                  component="th"
                  key={name}
                  scope="col"
                  abbr={GERMAN_WEEKDAY_NAMES[column]}
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
                {week.map((iso, column) => (
                  <Box component="td" key={iso ?? `empty-${column}`} sx={{ p: 0.25, textAlign: 'center' }}>
                    {iso ? (
                      <Button
                        size="small"
                        variant={iso === selected ? 'contained' : iso === today ? 'outlined' : 'text'}
                        disabled={!isSelectable(iso, constraints)}
                        aria-label={longGermanDate(iso)}
                        aria-pressed={iso === selected}
                        aria-current={iso === today ? 'date' : undefined}
                        onClick={() => onSelect(iso)}
                        sx={{ ...cellSx, height: 36 }}
                      >
                        {Number(iso.slice(8))}
                      </Button>
                    ) : null}
                  </Box>
                ))}
              </tr>
            ))}
          </tbody>
        </Box>
      ) : null}

      {view === 'year' ? (
        <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(4, 1fr)', gap: 1 }}>
          {monthRows()
            .flat()
            .map((month) => (
              <Button
                key={month}
                size="small"
                variant={selected?.startsWith(isoDate(year, month, 1).slice(0, 7)) ? 'contained' : 'text'}
                disabled={!isMonthSelectable(year, month, constraints)}
                aria-label={`${GERMAN_MONTH_NAMES[month]} ${year}`}
                onClick={() => {
                  setMonthIndex(month);
                  setView('month');
                }}
                sx={{ ...cellSx, height: 48 }}
              >
                {GERMAN_MONTH_SHORT_NAMES[month]}
              </Button>
            ))}
        </Box>
      ) : null}

      {view === 'multi-year' ? (
        <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(4, 1fr)', gap: 1 }}>
          {multiYearRows(year)
            .flat()
            .map((candidate) => (
              <Button
                key={candidate}
                size="small"
                variant={selected?.startsWith(String(candidate).padStart(4, '0')) ? 'contained' : 'text'}
                disabled={!isYearSelectable(candidate, constraints)}
                onClick={() => {
                  setYear(candidate);
                  setView('year');
                }}
                sx={{ ...cellSx, height: 40 }}
              >
                {candidate}
              </Button>
            ))}
        </Box>
      ) : null}
    </Box>
  );
}
