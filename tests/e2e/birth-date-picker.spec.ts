import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';

/*
 * Issue 8, parts 3 and 6: a visitor picks a birth date in the registration's calendar with the
 * keyboard only. The calendar opens on the years around thirty years back, is one tab stop with
 * the arrow keys inside, allows nobody under 16, and gives the focus back to the field.
 */

/** The browser's clock: 24 November 2026, 10:00 in Berlin. The 16th birthday limit is 24.11.2010. */
const NOW = new Date('2026-11-24T10:00:00+01:00');

const birthDateField = (page: Page) => page.getByRole('textbox', { name: 'Geburtsdatum' });
const calendar = (page: Page) => page.getByRole('dialog', { name: 'Kalender: Geburtsdatum' });
const focusedCell = (page: Page) => page.locator('[role="gridcell"]:focus');

async function openRegistration(page: Page): Promise<void> {
  await page.clock.setFixedTime(NOW);
  await page.goto('/register-studio');
  await expect(page.getByRole('heading', { level: 2, name: 'Persönliche Daten' })).toBeVisible();
}

/** From the field before it, Tab to the birth date, Tab to its calendar button, Enter. */
async function openCalendarWithKeyboard(page: Page): Promise<void> {
  await page.getByRole('textbox', { name: 'Nachname' }).focus();
  await page.keyboard.press('Tab');
  await expect(birthDateField(page)).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Kalender öffnen' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(calendar(page)).toBeVisible();
}

test('a visitor picks a birth date in the calendar with the keyboard only', async ({ page }) => {
  await openRegistration(page);
  await openCalendarWithKeyboard(page);
  const dialog = calendar(page);

  // The years around thirty years back, 1996 focused; nobody born after 24.11.2010 can be chosen.
  await expect(dialog.getByRole('grid', { name: '1992 – 2015' })).toBeVisible();
  await expect(dialog.getByRole('gridcell', { name: /^\d{4}$/ })).toHaveCount(24);
  await expect(focusedCell(page)).toHaveText('1996');
  await expect(focusedCell(page)).toHaveCSS('outline-style', 'solid');
  await expect(dialog.getByRole('gridcell', { name: '2010' })).not.toHaveAttribute('aria-disabled', 'true');
  await expect(dialog.getByRole('gridcell', { name: '2011' })).toHaveAttribute('aria-disabled', 'true');
  expect((await new AxeBuilder({ page }).include('[role="dialog"]').analyze()).violations).toEqual([]);

  // One tab stop: Tab leaves the grid for 'Abbrechen', Shift+Tab comes back to the focused year.
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('button', { name: 'Abbrechen' })).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await expect(focusedCell(page)).toHaveText('1996');

  // 1996 → 1988 → 1987; November → July → March 1987; Tuesday the 24th → Monday the 23rd.
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('ArrowLeft');
  await expect(focusedCell(page)).toHaveText('1987');
  await page.keyboard.press('Enter');
  await expect(dialog.getByRole('grid', { name: '1987' })).toBeVisible();
  await expect(focusedCell(page)).toHaveAccessibleName('November 1987');
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('Enter');
  await expect(dialog.getByRole('grid', { name: 'März 1987' })).toBeVisible();
  await expect(focusedCell(page)).toHaveAccessibleName('Dienstag, 24. März 1987');
  await expect(dialog.getByRole('columnheader')).toHaveText(['Mo', 'Di', 'Mi', 'Do', 'Fr', 'Sa', 'So']);
  expect((await new AxeBuilder({ page }).include('[role="dialog"]').analyze()).violations).toEqual([]);
  await page.keyboard.press('Home');
  await expect(focusedCell(page)).toHaveAccessibleName('Montag, 23. März 1987');
  await page.keyboard.press('Enter');

  await expect(dialog).toBeHidden();
  await expect(birthDateField(page)).toHaveValue('23.03.1987');
  await expect(birthDateField(page)).toBeFocused();
});

test('the calendar closes with Escape and gives the focus back to the birth-date field', async ({ page }) => {
  await openRegistration(page);
  await openCalendarWithKeyboard(page);
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('Escape');
  await expect(calendar(page)).toBeHidden();
  await expect(birthDateField(page)).toBeFocused();
  await expect(birthDateField(page)).toHaveValue('');
});

test('a typed birth date of someone under 16 or in the future gets a German message', async ({ page }) => {
  await openRegistration(page);
  const field = birthDateField(page);
  await field.fill('25.11.2010');
  await field.press('Tab');
  await expect(page.getByText('Sie müssen mindestens 16 Jahre alt sein.')).toBeVisible();
  await expect(field).toHaveAttribute('aria-invalid', 'true');

  await field.fill('01.01.2027');
  await field.press('Tab');
  await expect(page.getByText('Das Geburtsdatum darf nicht in der Zukunft liegen.')).toBeVisible();

  await field.fill('24.11.2010');
  await field.press('Tab');
  await expect(page.getByText('TT.MM.JJJJ', { exact: true })).toBeVisible();
  await expect(field).not.toHaveAttribute('aria-invalid', 'true');
});

test('a birth date typed as digits only, as on a phone digit pad, becomes DD.MM.YYYY and is accepted', async ({
  page,
}) => {
  await openRegistration(page);
  const field = birthDateField(page);
  await expect(field).toHaveAttribute('inputmode', 'numeric');

  await field.pressSequentially('0407');
  await expect(field).toHaveValue('04.07');
  await field.pressSequentially('1992');
  await expect(field).toHaveValue('04.07.1992');
  await field.press('Tab');
  await expect(field).not.toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('TT.MM.JJJJ', { exact: true })).toBeVisible();

  // Other separators stand for the dot.
  await field.fill('');
  await field.pressSequentially('4-7/1992');
  await expect(field).toHaveValue('4.7.1992');
  await field.press('Tab');
  await expect(field).not.toHaveAttribute('aria-invalid', 'true');
});
