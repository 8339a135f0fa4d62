import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nContext } from 'ra-core';
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  isMonthSelectable,
  isYearSelectable,
  longGermanDate,
  monthWeeks,
  multiYearRows,
} from '../../src/components/datePicker/calendar';
import { validateDateText } from '../../src/components/datePicker/dateConstraints';
import { DatePickerField, type DatePickerFieldProps } from '../../src/components/datePicker/DatePickerField';
import { isValidTime, normalizeTime, sanitizeTimeInput } from '../../src/components/datePicker/time';
import { datePickerMessages } from '../../src/i18n/de/datePicker';
import { createPublicPageI18nProvider } from '../../src/i18n/public';

afterEach(cleanup);

// The calendar is a lazily loaded chunk (date-fns and its German locale); loading it cold on a busy
// machine takes seconds, which belong to no test's wait for the dialog.
beforeAll(() => import('../../src/components/datePicker/CalendarDialog'), 30_000);

const i18nProvider = createPublicPageI18nProvider(datePickerMessages);

describe('calendar rules', () => {
  it('lays a month out in 7-day weeks starting Monday', () => {
    const weeks = monthWeeks(2024, 2); // March 2024 starts on a Friday
    expect(weeks.every((week) => week.length === 7)).toBe(true);
    expect(weeks[0]).toEqual([null, null, null, null, '2024-03-01', '2024-03-02', '2024-03-03']);
    expect(weeks.at(-1)).toEqual([
      '2024-03-25',
      '2024-03-26',
      '2024-03-27',
      '2024-03-28',
      '2024-03-29',
      '2024-03-30',
      '2024-03-31',
    ]);
    expect(monthWeeks(2024, 1).flat().filter(Boolean)).toHaveLength(29);
    expect(monthWeeks(2023, 1).flat().filter(Boolean)).toHaveLength(28);
  });

  it('shows 24 years in rows of 4 in the multi-year view', () => {
    const rows = multiYearRows(2024);
    expect(rows).toHaveLength(6);
    expect(rows.every((row) => row.length === 4)).toBe(true);
    expect(rows.flat()).toHaveLength(24);
    expect(rows.flat()).toContain(2024);
    expect(rows[0]![0]).toBe(2016);
    expect(multiYearRows(2039).flat()[0]).toBe(2016);
    expect(multiYearRows(2040).flat()[0]).toBe(2040);
  });

  it('names days in German', () => {
    expect(longGermanDate('2024-03-07')).toBe('Donnerstag, 7. März 2024');
    expect(longGermanDate('2024-03-10')).toBe('Sonntag, 10. März 2024');
  });

  it('validates typed dates: parse error, min, max and filter', () => {
    const weekdaysOnly = (iso: string) => ![0, 6].includes(new Date(`${iso}T12:00:00Z`).getUTCDay());
    const constraints = { min: '2024-01-01', max: '2024-12-31', filter: weekdaysOnly };
    expect(validateDateText('', constraints)).toBeNull();
    expect(validateDateText('kein Datum', constraints)).toBe('parse');
    expect(validateDateText('31.02.2024', constraints)).toBe('parse');
    expect(validateDateText('2024-03-07', constraints)).toBe('parse');
    expect(validateDateText('31.12.2023', constraints)).toBe('min');
    expect(validateDateText('01.01.2025', constraints)).toBe('max');
    expect(validateDateText('09.03.2024', constraints)).toBe('filter');
    expect(validateDateText('07.03.2024', constraints)).toBeNull();
  });

  it('opens only years and months that overlap min … max', () => {
    const constraints = { min: '1990-06-15', max: '2000-01-10' };
    expect(isYearSelectable(1989, constraints)).toBe(false);
    expect(isYearSelectable(1990, constraints)).toBe(true);
    expect(isYearSelectable(2001, constraints)).toBe(false);
    expect(isMonthSelectable(1990, 4, constraints)).toBe(false);
    expect(isMonthSelectable(1990, 5, constraints)).toBe(true);
    expect(isMonthSelectable(2000, 1, constraints)).toBe(false);
  });
});

describe('time input rules', () => {
  it('strips non-digits and places the colon while typing, at most 5 characters', () => {
    expect(sanitizeTimeInput('930')).toBe('9:30');
    expect(sanitizeTimeInput('1234')).toBe('12:34');
    expect(sanitizeTimeInput('12345')).toBe('12:34');
    expect(sanitizeTimeInput('1:234')).toBe('12:34');
    expect(sanitizeTimeInput('ab1c2')).toBe('12');
    expect(sanitizeTimeInput('9:5x')).toBe('9:5');
    expect(sanitizeTimeInput('12:')).toBe('12:');
    expect(sanitizeTimeInput('12 Uhr 30')).toBe('12:30');
    expect(sanitizeTimeInput('')).toBe('');
  });

  it('clamps to 23 and 59 and pads on blur', () => {
    expect(normalizeTime('7')).toBe('07:00');
    expect(normalizeTime('9:5')).toBe('09:05');
    expect(normalizeTime('9:30')).toBe('09:30');
    expect(normalizeTime('2975')).toBe('23:59');
    expect(normalizeTime('24:00')).toBe('23:00');
    expect(normalizeTime('12:99')).toBe('12:59');
    expect(normalizeTime('')).toBe('');
    expect(normalizeTime(':')).toBe('');
  });

  it('accepts H:MM and HH:MM within a day', () => {
    for (const text of ['0:00', '9:30', '09:30', '23:59']) expect(isValidTime(text)).toBe(true);
    for (const text of ['24:00', '12:60', '1230', '9:5', '', '123:00']) expect(isValidTime(text)).toBe(false);
  });
});

function Harness(props: Partial<DatePickerFieldProps> & { initial?: string; withTime?: boolean }) {
  const { initial = '', withTime = false, ...rest } = props;
  const [value, setValue] = useState(initial);
  const [time, setTime] = useState('');
  return (
    <I18nContext.Provider value={i18nProvider}>
      <DatePickerField
        label="Termin"
        {...rest}
        value={value}
        onChange={setValue}
        time={withTime ? { value: time, onChange: setTime } : undefined}
      />
      <output data-testid="value">{value}</output>
      <output data-testid="time">{time}</output>
    </I18nContext.Provider>
  );
}

const dateInput = () => screen.getByRole('textbox', { name: 'Termin' });

describe('date picker field', () => {
  it('takes a typed DD.MM.YYYY date and shows the hint TT.MM.JJJJ', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    expect(screen.getByText('TT.MM.JJJJ')).toBeVisible();
    await user.type(dateInput(), '07.03.2024');
    expect(screen.getByTestId('value')).toHaveTextContent('07.03.2024');
  });

  it('shows the parse error for text that is no date once the field is left', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.type(dateInput(), '31.02.2024');
    expect(screen.queryByText('Bitte geben Sie ein gültiges Datum im Format TT.MM.JJJJ ein.')).toBeNull();
    await user.tab();
    expect(screen.getByText('Bitte geben Sie ein gültiges Datum im Format TT.MM.JJJJ ein.')).toBeVisible();
    expect(dateInput()).toHaveAttribute('aria-invalid', 'true');
  });

  it('names the min and max dates in their messages', async () => {
    const user = userEvent.setup();
    render(<Harness min="2024-01-01" max="2024-12-31" />);
    await user.type(dateInput(), '31.12.2023');
    await user.tab();
    expect(screen.getByText('Das Datum darf nicht vor dem 01.01.2024 liegen.')).toBeVisible();
    await user.clear(dateInput());
    await user.type(dateInput(), '01.01.2025');
    await user.tab();
    expect(screen.getByText('Das Datum darf nicht nach dem 31.12.2024 liegen.')).toBeVisible();
  });

  it('picks a day in the calendar: German month, Monday-first week, disabled days outside min … max', async () => {
    const user = userEvent.setup();
    render(<Harness initial="07.03.2024" max="2024-03-20" />);
    await user.click(screen.getByRole('button', { name: 'Kalender öffnen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Kalender: Termin' });
    expect(within(dialog).getByRole('button', { name: 'März 2024: Ansicht wechseln' })).toBeVisible();
    expect(
      within(dialog)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Mo', 'Di', 'Mi', 'Do', 'Fr', 'Sa', 'So']);
    expect(within(dialog).getByRole('gridcell', { name: 'Donnerstag, 7. März 2024' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(within(dialog).getByRole('gridcell', { name: 'Donnerstag, 21. März 2024' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    expect(within(dialog).getByRole('button', { name: 'Nächster Monat' })).toBeDisabled();

    await user.click(within(dialog).getByRole('gridcell', { name: 'Freitag, 15. März 2024' }));
    expect(screen.getByTestId('value')).toHaveTextContent('15.03.2024');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('goes from the multi-year view (24 years) over the year view (12 months) to a month', async () => {
    const user = userEvent.setup();
    render(<Harness startView="multi-year" min="1900-01-01" max="2024-12-31" initial="07.03.2024" />);
    await user.click(screen.getByRole('button', { name: 'Kalender öffnen' }));
    const dialog = await screen.findByRole('dialog');
    const years = within(dialog).getAllByRole('gridcell', { name: /^\d{4}$/ });
    expect(years).toHaveLength(24);
    expect(years[0]).toHaveTextContent('2016');
    expect(within(dialog).getByRole('gridcell', { name: '2025' })).toHaveAttribute('aria-disabled', 'true');

    await user.click(within(dialog).getByRole('button', { name: 'Vorherige 24 Jahre' }));
    await user.click(within(dialog).getByRole('gridcell', { name: '1995' }));
    const months = within(dialog).getAllByRole('gridcell', { name: /1995$/ });
    expect(months.map((month) => month.textContent)).toEqual([
      'Jan.',
      'Feb.',
      'März',
      'Apr.',
      'Mai',
      'Juni',
      'Juli',
      'Aug.',
      'Sept.',
      'Okt.',
      'Nov.',
      'Dez.',
    ]);
    await user.click(within(dialog).getByRole('gridcell', { name: 'Juni 1995' }));
    await user.click(within(dialog).getByRole('gridcell', { name: 'Montag, 12. Juni 1995' }));
    expect(screen.getByTestId('value')).toHaveTextContent('12.06.1995');
  });

  it('has an optional HH:MM field that pads and clamps on blur', async () => {
    const user = userEvent.setup();
    render(<Harness withTime />);
    const time = await screen.findByRole('textbox', { name: 'Uhrzeit' });
    expect(time).toHaveAttribute('maxlength', '5');
    await user.type(time, '930');
    expect(time).toHaveValue('9:30');
    await user.tab();
    expect(time).toHaveValue('09:30');
    await user.clear(time);
    await user.type(time, '2975');
    expect(time).toHaveValue('29:75');
    await user.tab();
    expect(screen.getByTestId('time')).toHaveTextContent('23:59');
  });

  it('has no time field unless asked for', () => {
    render(<Harness />);
    expect(screen.queryByRole('textbox', { name: 'Uhrzeit' })).toBeNull();
  });
});
