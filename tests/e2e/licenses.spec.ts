import type { Page } from '@playwright/test';
import { DEMO_USERS } from './support/demoUsers';
import { expect, test } from './support/fixtures';
import { logIn, mainMenu } from './support/login';

/*
 * Issue 13, route license-management: the demo integrator (FotoSoft) goes from its companies to a
 * studio it serves, creates a licence, gives it a prepaid package, increases the package and
 * suspends the licence, all through the dialogs; the studio's Owner reads the licences and their
 * packages without any way to change them. Demo data: server/db/seed-licenses.ts.
 */

const COMPANY = 'Fotostudio Sonnenschein GmbH';
const STUDIO = 'Sonnenschein Potsdam';
/** A demo licence of the studio (DEMO_LICENSE_KEYS.potsdamReseller). */
const DEMO_KEY = 'SNNSC-HPTSD-PC01R-FTSFT-DEM03';
const KEY_PATTERN = /[0-9A-Z]{5}(?:-[0-9A-Z]{5}){4}/;

const rows = (page: Page) => page.locator('tbody tr');
const trail = (page: Page) => page.getByRole('navigation', { name: 'Sie sind hier' });
const success = (page: Page) => page.getByTestId('success-dialog');

async function confirmSuccess(page: Page, title: string): Promise<string> {
  await expect(success(page)).toContainText(title);
  const text = await success(page).innerText();
  await success(page).getByRole('button', { name: 'Ok' }).click();
  await expect(success(page)).toBeHidden();
  return text;
}

test('the integrator creates a licence with a package, increases it and suspends the licence', async ({ page }) => {
  const nextYear = new Date().getFullYear() + 1;
  await logIn(page, DEMO_USERS.systemIntegratorAdmin);
  await page.getByRole('list', { name: 'Bereiche' }).getByRole('link', { name: 'Lizenzen' }).click();

  // Companies with a studio FotoSoft serves.
  await expect(page.getByRole('heading', { level: 1, name: 'Lizenzen' })).toBeVisible();
  await expect(page).toHaveTitle('Lizenzen – Lumio');
  await expect(page.getByRole('columnheader')).toHaveText([/Firmenname/, /Rechtsform/]);
  await rows(page).filter({ hasText: COMPANY }).click();

  // Its studios, then the studio's licences.
  await expect(page.getByRole('heading', { level: 1, name: 'Studios' })).toBeVisible();
  await expect(trail(page)).toContainText(COMPANY);
  await expect(page.getByRole('link', { name: 'Zurück' })).toBeVisible();
  await page.getByRole('link', { name: STUDIO }).click();
  await expect(page).toHaveTitle(`Lizenzen: ${STUDIO} – Lumio`);
  await expect(page.getByRole('columnheader')).toHaveText([
    /Key/,
    /Geräte-ID/,
    /Postpaid erlaubt/,
    /Gesperrt/,
    /System-Integrator/,
    /Reseller/,
    'Aktionen',
  ]);
  await expect(rows(page).filter({ hasText: DEMO_KEY })).toContainText('Foto Express Handel GmbH');

  // createLicense: the reseller is a choice to make.
  await page.getByRole('button', { name: 'Lizenz anlegen' }).click();
  const licenseDialog = page.getByTestId('license-dialog');
  await expect(licenseDialog).toContainText(`Die Lizenz gilt für das Studio „${STUDIO}“.`);
  await expect(licenseDialog.getByRole('button', { name: 'Anlegen' })).toBeDisabled();
  await licenseDialog.getByRole('combobox', { name: 'Reseller' }).click();
  await page.getByRole('option', { name: 'Kein Reseller' }).click();
  await licenseDialog.getByLabel('Postpaid erlaubt').check();
  await licenseDialog.getByRole('button', { name: 'Anlegen' }).click();
  const created = await confirmSuccess(page, 'Hat geklappt!');
  const key = KEY_PATTERN.exec(created)?.[0] ?? '';
  expect(created).toContain(`Lizenzschlüssel: ${key}`);

  // Its packages: none yet.
  await page.getByRole('link', { name: key }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Vorgangspakete' })).toBeVisible();
  await expect(trail(page)).toContainText(key);
  await expect(page.getByText('Keine Daten vorhanden')).toBeVisible();

  // createLicensePackage: the end after the start, at least one process.
  await page.getByRole('button', { name: 'Vorgangspaket anlegen' }).click();
  const packageDialog = page.getByTestId('package-dialog');
  const end = packageDialog.getByRole('textbox', { name: 'Gültig bis' });
  await end.fill('01.01.2020');
  await expect(packageDialog).toContainText('Das Enddatum muss nach dem Startdatum liegen.');
  await end.fill(`31.12.${nextYear}`);
  await packageDialog.getByRole('spinbutton', { name: 'Anzahl' }).fill('100');
  await packageDialog.getByRole('button', { name: 'Anlegen' }).click();
  await confirmSuccess(page, 'Hat geklappt!');
  const packageRow = rows(page).filter({ hasText: `31.12.${nextYear}` });
  await expect(packageRow).toContainText('Gültig');

  // increaseLicensePackageAmount.
  await packageRow.getByRole('button', { name: /erhöhen$/ }).click();
  const increaseDialog = page.getByTestId('increase-dialog');
  await increaseDialog.getByRole('spinbutton', { name: 'Zusätzliche Vorgänge' }).fill('50');
  await increaseDialog.getByRole('button', { name: 'Erhöhen' }).click();
  expect(await confirmSuccess(page, 'Anzahl der Vorgänge wurden erhöht.')).toContain(
    'Das Vorgangspaket umfasst jetzt 150 Vorgänge.',
  );
  await expect(packageRow.getByRole('cell').nth(2)).toHaveText('150');

  // updateLicense: suspended; its history shows the licence's creation.
  await page.getByRole('button', { name: 'Lizenz bearbeiten' }).click();
  await expect(licenseDialog.getByText('Lizenz angelegt')).toBeVisible();
  await licenseDialog.getByLabel('Gesperrt').check();
  await licenseDialog.getByRole('button', { name: 'Speichern' }).click();
  await confirmSuccess(page, 'Lizenz geändert');

  await page.getByRole('link', { name: 'Zurück' }).click();
  await expect(rows(page).filter({ hasText: key }).getByRole('cell').nth(3)).toHaveText('Ja');
});

test('the Owner reads the licences and packages of its studios without changing anything', async ({ page }) => {
  await logIn(page, DEMO_USERS.owner);
  await mainMenu(page).getByRole('link', { name: 'Lizenzen' }).click();

  // Straight to the own company's studios: no company list, no way up.
  await expect(page.getByRole('heading', { level: 1, name: 'Studios' })).toBeVisible();
  await expect(page).toHaveTitle(`Studios: ${COMPANY} – Lumio`);
  await expect(page.getByRole('link', { name: 'Zurück' })).toHaveCount(0);
  await page.getByRole('link', { name: STUDIO }).click();

  await expect(page.getByRole('columnheader')).toHaveText([/Key/, /Geräte-ID/, /Postpaid erlaubt/, /Gesperrt/]);
  await expect(page.getByRole('button', { name: 'Lizenz anlegen' })).toHaveCount(0);
  await page.getByRole('link', { name: DEMO_KEY }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Vorgangspakete' })).toBeVisible();
  await expect(page.getByRole('columnheader')).toHaveCount(7);
  await expect(rows(page).first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Vorgangspaket anlegen' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Lizenz bearbeiten' })).toHaveCount(0);
  await expect(page.getByRole('main').getByRole('button', { name: /bearbeiten|erhöhen/ })).toHaveCount(0);
});
