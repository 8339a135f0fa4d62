import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { DEMO_USERS } from './support/demoUsers';
import { logIn, mainMenu } from './support/login';

/** Seed: "FotoSoft GmbH" plus 24 further system integrators (issue 2: enough to show paging). */
const SEEDED_SYSTEM_INTEGRATORS = 25;

/** The server's data dir lives for the whole run, so every created code is unique. */
const uniqueCode = (prefix: string) => `${prefix}-${Date.now()}`;

const createButton = (page: Page) => page.getByRole('button', { name: 'System-Integrator anlegen' });
/** The dialog createEditSystemIntegrator, for creating and for editing. */
const integratorDialog = (page: Page) => page.getByTestId('system-integrator-dialog');

const searchBox = (page: Page) => page.getByRole('textbox', { name: 'Suchbegriff eingeben' });
const dataRows = (page: Page) => page.locator('tbody tr');
const listFooter = (page: Page) => page.getByTestId('list-footer');

async function openSystemIntegrators(page: Page): Promise<void> {
  await mainMenu(page).getByRole('link', { name: 'System-Integrator' }).click();
  await expect(page).toHaveURL(/\/system-integrators$/);
  await expect(listFooter(page)).toContainText('Gesamt:');
}

async function search(page: Page, term: string): Promise<void> {
  await searchBox(page).fill(term);
  await searchBox(page).press('Enter');
}

async function createSystemIntegrator(page: Page, name: string, code: string): Promise<void> {
  await createButton(page).click();
  const dialog = integratorDialog(page);
  await expect(dialog.getByRole('heading', { name: 'System-Integrator anlegen' })).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Name' }).fill(name);
  await dialog.getByRole('textbox', { name: 'Kennung' }).fill(code);
  await dialog.getByRole('button', { name: 'Anlegen' }).click();
}

test.describe('as SystemAdmin', () => {
  test.beforeEach(async ({ page }) => {
    await logIn(page, DEMO_USERS.systemAdmin);
    await openSystemIntegrators(page);
  });

  // Runs first in this file: later tests add system integrators to the shared database.
  test('pages through the seeded system integrators, 20 to a page', async ({ page }) => {
    await expect(listFooter(page)).toContainText(`Gesamt: ${SEEDED_SYSTEM_INTEGRATORS}`);
    await expect(listFooter(page)).toContainText('Seite 1 von 2');
    await expect(dataRows(page)).toHaveCount(20);
    await expect(page.getByRole('columnheader')).toHaveText([/Name/, /Kennung/]);

    await page.getByRole('button', { name: 'Nächste Seite' }).click();
    await expect(listFooter(page)).toContainText('Seite 2 von 2');
    await expect(dataRows(page)).toHaveCount(SEEDED_SYSTEM_INTEGRATORS - 20);

    await page.getByRole('button', { name: 'Erste Seite' }).click();
    await expect(listFooter(page)).toContainText('Seite 1 von 2');
  });

  test('creates a system integrator, finds it by search and renames it by row click', async ({ page }) => {
    const code = uniqueCode('E2E');
    const name = `E2E Bildsysteme ${code}`;
    const newName = `E2E Umbenannt ${code}`;

    await createSystemIntegrator(page, name, code);

    const success = page.getByTestId('success-dialog');
    await expect(success).toContainText('Hat geklappt!');
    await expect(success).toContainText(`Der System-Integrator „${name}“ wurde angelegt.`);
    await success.getByRole('button', { name: 'Ok' }).click();
    await expect(success).toBeHidden();
    await expect(integratorDialog(page)).toBeHidden();
    await expect(page).toHaveURL(/\/system-integrators(\?.*)?$/);

    await search(page, code);
    await expect(listFooter(page)).toContainText('Gesamt: 1');
    await expect(dataRows(page)).toHaveCount(1);
    await expect(dataRows(page).first()).toContainText(name);
    await expect(dataRows(page).first()).toContainText(code);

    await expect(dataRows(page).first()).toHaveCSS('cursor', 'pointer');
    await dataRows(page).first().getByRole('cell').nth(1).click();
    const dialog = integratorDialog(page);
    await expect(dialog.getByRole('heading', { name: 'System-Integrator bearbeiten' })).toBeVisible();
    await expect(page).toHaveURL(/\/system-integrators(\?.*)?$/);
    const nameField = dialog.getByRole('textbox', { name: 'Name' });
    await expect(nameField).toHaveValue(name);
    // PUT changes the name only: the code is shown but cannot be changed.
    await expect(dialog.getByRole('textbox', { name: 'Kennung' })).toHaveValue(code);
    await expect(dialog.getByRole('textbox', { name: 'Kennung' })).not.toBeEditable();
    await expect(dialog.getByRole('button', { name: 'Speichern' })).toBeDisabled();

    await nameField.fill(newName);
    await dialog.getByRole('button', { name: 'Speichern' }).click();
    await expect(success).toContainText('System-Integrator geändert');
    await success.getByRole('button', { name: 'Ok' }).click();
    await expect(dialog).toBeHidden();

    await expect(dataRows(page)).toHaveCount(1);
    await expect(dataRows(page).first()).toContainText(newName);
    await expect(dataRows(page).first()).toContainText(code);
  });

  test('refuses a code that is already in use with the German error dialog', async ({ page }) => {
    // The former create page (a bookmark) leads to the list, where the dialog creates.
    await page.goto('/system-integrators/create');
    await expect(page).toHaveURL(/\/system-integrators(\?.*)?$/);
    await expect(listFooter(page)).toContainText('Gesamt:');

    const name = `E2E Doppelt ${Date.now()}`;
    await createSystemIntegrator(page, name, 'FOTOSOFT');

    const error = page.getByTestId('error-dialog');
    await expect(error).toBeVisible();
    await expect(error).toContainText('Das war nicht so geplant :/');
    await expect(error).toContainText('Der Code wird bereits verwendet.');
    await error.getByRole('button', { name: 'Ok' }).click();
    await expect(error).toBeHidden();
    // The dialog keeps what was typed, so the user can correct the code.
    const dialog = integratorDialog(page);
    await expect(dialog.getByRole('textbox', { name: 'Name' })).toHaveValue(name);
    await dialog.getByRole('button', { name: 'Abbrechen' }).click();
    await expect(dialog).toBeHidden();

    // Nothing was created: FOTOSOFT is still the seeded one alone.
    await search(page, 'FOTOSOFT');
    await expect(dataRows(page)).toHaveCount(1);
    await expect(dataRows(page).first()).toContainText('FotoSoft GmbH');
  });
});

test.describe('as LumioAdmin', () => {
  test('sees the list but can neither create nor open a row for editing', async ({ page }) => {
    await logIn(page, DEMO_USERS.lumioAdmin);
    // LumioAdmin has no menu entry for system integrators; the list is reachable by address.
    await page.goto('/system-integrators');
    await expect(listFooter(page)).toContainText('Gesamt:');
    await expect(dataRows(page).first()).toBeVisible();
    await expect(createButton(page)).toHaveCount(0);

    const row = dataRows(page).filter({ hasText: 'FOTOSOFT' });
    await search(page, 'FOTOSOFT');
    await expect(row).toHaveCount(1);
    // A clickable row shows the pointer cursor; these rows do not offer a click.
    await expect(row).not.toHaveCSS('cursor', 'pointer');
    await row.click();
    await expect(page).toHaveURL(/\/system-integrators(\?.*)?$/);
    await expect(integratorDialog(page)).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'FotoSoft GmbH' })).toHaveCount(0);
  });
});
