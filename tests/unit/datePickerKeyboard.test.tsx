import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nContext } from 'ra-core';
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { BirthDatePickerField } from '../../src/components/datePicker/BirthDatePickerField';
import { DatePickerField, type DatePickerFieldProps } from '../../src/components/datePicker/DatePickerField';
import { datePickerMessages } from '../../src/i18n/de/datePicker';
import { createPublicPageI18nProvider } from '../../src/i18n/public';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

// The calendar is a lazily loaded chunk (date-fns and its German locale); loading it cold on a busy
// machine takes seconds, which belong to no test's wait for the dialog.
beforeAll(() => import('../../src/components/datePicker/CalendarDialog'), 30_000);

const i18nProvider = createPublicPageI18nProvider(datePickerMessages);

function Harness({
  initial = '',
  birthDate = false,
  ...rest
}: Partial<DatePickerFieldProps> & { initial?: string; birthDate?: boolean }) {
  const [value, setValue] = useState(initial);
  const Field = birthDate ? BirthDatePickerField : DatePickerField;
  return (
    <I18nContext.Provider value={i18nProvider}>
      <Field label="Termin" {...rest} value={value} onChange={setValue} />
      <output data-testid="value">{value}</output>
    </I18nContext.Provider>
  );
}

const dateInput = () => screen.getByRole('textbox', { name: 'Termin' });
const focusedCell = () => document.activeElement as HTMLElement;

/** Tab to the calendar button and open it with Enter, as a keyboard user does. */
async function openWithKeyboard(user: ReturnType<typeof userEvent.setup>) {
  await user.tab();
  expect(dateInput()).toHaveFocus();
  await user.tab();
  expect(screen.getByRole('button', { name: 'Kalender öffnen' })).toHaveFocus();
  await user.keyboard('{Enter}');
  return screen.findByRole('dialog', { name: 'Kalender: Termin' });
}

describe('date picker with the keyboard only', () => {
  it('opens on the chosen day with the focus on it, and the grid is one tab stop', async () => {
    const user = userEvent.setup();
    render(<Harness initial="07.03.2024" />);
    const dialog = await openWithKeyboard(user);
    const grid = within(dialog).getByRole('grid', { name: 'März 2024' });

    expect(focusedCell()).toHaveAccessibleName('Donnerstag, 7. März 2024');
    expect(focusedCell()).toHaveAttribute('role', 'gridcell');
    expect(focusedCell()).toHaveAttribute('aria-selected', 'true');
    expect(grid.querySelectorAll('[tabindex="0"]')).toHaveLength(1);

    await user.tab();
    expect(within(dialog).getByRole('button', { name: 'Abbrechen' })).toHaveFocus();
    await user.tab({ shift: true });
    expect(focusedCell()).toHaveAccessibleName('Donnerstag, 7. März 2024');
  });

  it('moves the focused day with the arrows, Home/End and PageUp/PageDown and picks it with Enter', async () => {
    const user = userEvent.setup();
    render(<Harness initial="07.03.2024" />);
    const dialog = await openWithKeyboard(user);

    await user.keyboard('{ArrowRight}');
    expect(focusedCell()).toHaveAccessibleName('Freitag, 8. März 2024');
    await user.keyboard('{ArrowDown}');
    expect(focusedCell()).toHaveAccessibleName('Freitag, 15. März 2024');
    await user.keyboard('{Home}');
    expect(focusedCell()).toHaveAccessibleName('Montag, 11. März 2024');
    await user.keyboard('{End}');
    expect(focusedCell()).toHaveAccessibleName('Sonntag, 17. März 2024');
    await user.keyboard('{PageDown}');
    expect(within(dialog).getByRole('grid', { name: 'April 2024' })).toBeVisible();
    expect(focusedCell()).toHaveAccessibleName('Mittwoch, 17. April 2024');
    expect(focusedCell()).toHaveAttribute('tabindex', '0');

    await user.keyboard('{Enter}');
    expect(screen.getByTestId('value')).toHaveTextContent('17.04.2024');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(dateInput()).toHaveFocus();
  });

  it('closes with Escape, keeps the date and gives the focus back to the field', async () => {
    const user = userEvent.setup();
    render(<Harness initial="07.03.2024" />);
    await openWithKeyboard(user);
    await user.keyboard('{ArrowRight}{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByTestId('value')).toHaveTextContent('07.03.2024');
    expect(dateInput()).toHaveFocus();
  });

  it('does not pick a day outside min … max and does not move the focus there', async () => {
    const user = userEvent.setup();
    render(<Harness initial="19.03.2024" max="2024-03-20" />);
    await openWithKeyboard(user);
    await user.keyboard('{ArrowDown}');
    expect(focusedCell()).toHaveAccessibleName('Mittwoch, 20. März 2024');
    await user.keyboard('{ArrowRight}{Enter}');
    expect(screen.getByTestId('value')).toHaveTextContent('20.03.2024');
  });
});

describe('birth-date picker', () => {
  it('opens on the years around thirty years back; nobody under 16 and no future year can be chosen', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-24T10:00:00Z'));
    const user = userEvent.setup();
    render(<Harness birthDate />);
    const dialog = await openWithKeyboard(user);

    const years = within(dialog).getAllByRole('gridcell', { name: /^\d{4}$/ });
    expect(years).toHaveLength(24);
    expect(years.map((year) => year.textContent)).toContain('1996');
    expect(focusedCell()).toHaveAccessibleName('1996');
    expect(within(dialog).getByRole('gridcell', { name: '2010' })).not.toHaveAttribute('aria-disabled');
    for (const year of ['2011', '2015']) {
      expect(within(dialog).getByRole('gridcell', { name: year })).toHaveAttribute('aria-disabled', 'true');
    }

    // 1996 → 1988 → 1987, its months, November → July → March, the week's Monday.
    await user.keyboard('{ArrowUp}{ArrowUp}{ArrowLeft}{Enter}');
    expect(focusedCell()).toHaveAccessibleName('November 1987');
    await user.keyboard('{ArrowUp}{ArrowUp}{Enter}');
    expect(focusedCell()).toHaveAccessibleName('Dienstag, 24. März 1987');
    await user.keyboard('{Home}{Enter}');
    expect(screen.getByTestId('value')).toHaveTextContent('23.03.1987');
    expect(dateInput()).toHaveFocus();
  });

  it('keeps the focus on or before the 16th birthday in every view', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-24T10:00:00Z'));
    const user = userEvent.setup();
    render(<Harness birthDate initial="20.11.2010" />);
    const dialog = await openWithKeyboard(user);
    expect(focusedCell()).toHaveAccessibleName('2010');
    await user.keyboard('{Enter}{ArrowRight}');
    expect(focusedCell()).toHaveAccessibleName('November 2010');
    expect(within(dialog).getByRole('gridcell', { name: 'Dezember 2010' })).toHaveAttribute('aria-disabled', 'true');
    await user.keyboard('{Enter}');
    expect(focusedCell()).toHaveAccessibleName('Mittwoch, 24. November 2010');
    expect(within(dialog).getByRole('gridcell', { name: 'Donnerstag, 25. November 2010' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    await user.keyboard('{ArrowRight}{ArrowDown}{Enter}');
    expect(screen.getByTestId('value')).toHaveTextContent('24.11.2010');
  });
});
