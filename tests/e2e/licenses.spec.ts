import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { DEMO_USERS } from './support/demoUsers';
import { expect, test } from './support/fixtures';
import { logIn, mainMenu } from './support/login';

/*
 * Issue 13, route license-management: the demo integrator (FotoSoft) goes from its companies to a
 * studio it serves, creates a licence, gives it a prepaid package and increases it, all through
 * the dialogs; the studio's PC binds the licence and records processes through the device
 * simulator (npm run device); the integrator sees them used and suspends the licence; the
 * studio's Owner reads licences and packages without any way to change them and finds the PC's
 * processes in the usage view. Demo data: server/db/seed-licenses.ts.
 */

const COMPANY = 'Fotostudio Sonnenschein GmbH';
const STUDIO = 'Sonnenschein Potsdam';
/** A demo licence of the studio (DEMO_LICENSE_KEYS.potsdamReseller). */
const DEMO_KEY = 'SNNSC-HPTSD-PC01R-FTSFT-DEM03';
const KEY_PATTERN = /[0-9A-Z]{5}(?:-[0-9A-Z]{5}){4}/;

const rows = (page: Page) => page.locator('tbody tr');
const trail = (page: Page) => page.getByRole('navigation', { name: 'Sie sind hier' });
const success = (page: Page) => page.getByTestId('success-dialog');

/** Today as the package dialog's start date shows it: dd.MM.yyyy. */
const formatToday = () =>
  new Date().toLocaleDateString('de-DE', {
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    timeZone: 'Europe/Berlin',
  });

const root = fileURLToPath(new URL('../..', import.meta.url));

/** The device simulator as a system integrator runs it: its exit code and what it printed. */
function device(baseURL: string, key: string, machine: string, ...command: string[]) {
  const result = spawnSync(
    process.execPath,
    [
      `${root}node_modules/tsx/dist/cli.mjs`,
      'scripts/device.ts',
      ...command,
      '--url',
      baseURL,
      '--key',
      key,
      '--machine',
      machine,
    ],
    { cwd: root, encoding: 'utf8', timeout: 60_000 },
  );
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

async function confirmSuccess(page: Page, title: string): Promise<string> {
  await expect(success(page)).toContainText(title);
  const text = await success(page).innerText();
  await success(page).getByRole('button', { name: 'Ok' }).click();
  await expect(success(page)).toBeHidden();
  return text;
}

test('the integrator licenses a studio PC, the PC records processes, the Owner sees them used', async ({
  page,
  browser,
  baseURL,
}) => {
  const machine = `E2E-PC-${Date.now()}`;
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

  // createLicense: the reseller is optional (issue 25), 'Kein Reseller' until one is picked.
  await page.getByRole('button', { name: 'Lizenz anlegen' }).click();
  const licenseDialog = page.getByTestId('license-dialog');
  await expect(licenseDialog).toContainText(`Die Lizenz gilt für das Studio „${STUDIO}“.`);
  await expect(licenseDialog.getByRole('combobox', { name: /Reseller/ })).toHaveText('Kein Reseller');
  await expect(licenseDialog.getByRole('button', { name: 'Anlegen' })).toBeEnabled();
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

  // The studio's PC: the simulator binds the licence, records three processes and cancels one.
  expect(device(baseURL ?? '', key, machine, 'activate').status).toBe(0);
  const identified = device(baseURL ?? '', key, machine, 'identify', '--count', '3');
  expect(identified.status, identified.output).toBe(0);
  const processIds = [...identified.output.matchAll(/Vorgang ([0-9a-f-]{36})/g)].map((match) => match[1]);
  expect(processIds).toHaveLength(3);
  expect(device(baseURL ?? '', key, machine, 'cancel', processIds[0]).status).toBe(0);
  await page.reload();
  await expect(packageRow.getByRole('cell').nth(3)).toHaveText('148');
  await expect(packageRow.getByRole('cell').nth(4)).toHaveText('2');

  // updateLicense: suspended; its history shows the licence's creation.
  await page.getByRole('button', { name: 'Lizenz bearbeiten' }).click();
  await expect(licenseDialog.getByText('Lizenz angelegt')).toBeVisible();
  await licenseDialog.getByLabel('Gesperrt').check();
  await licenseDialog.getByRole('button', { name: 'Speichern' }).click();
  await confirmSuccess(page, 'Lizenz geändert');

  await page.getByRole('link', { name: 'Zurück' }).click();
  await expect(rows(page).filter({ hasText: key }).getByRole('cell').nth(1)).toHaveText(machine);
  await expect(rows(page).filter({ hasText: key }).getByRole('cell').nth(3)).toHaveText('Ja');
  const refused = device(baseURL ?? '', key, machine, 'identify');
  expect(refused.status).toBe(1);
  expect(refused.output).toContain('Die Lizenz ist ausgesetzt.');

  // The studio's Owner, in a browser of its own: the PC's processes in the usage view.
  const owner = await (await browser.newContext()).newPage();
  await logIn(owner, DEMO_USERS.owner);
  await mainMenu(owner).getByRole('link', { name: 'Lizenzen' }).click();
  await expect(owner.getByRole('heading', { level: 1, name: 'Studios' })).toBeVisible();
  const breakdown = owner.getByRole('table', { name: 'Vorgänge je Studio und Gerät' });
  const pcRow = breakdown.getByRole('row').filter({ hasText: machine });
  // The studio heads the row; then Geräte-ID, Prepaid, Postpaid, Storniert, Abrechenbar.
  await expect(pcRow.getByRole('rowheader')).toHaveText(STUDIO);
  await expect(pcRow.getByRole('cell')).toHaveText([machine, '2', '0', '1', '2']);
  await expect(owner.getByText('Stornierte Vorgänge werden nicht berechnet.', { exact: false })).toBeVisible();
  // The Owner reads licences and packages without any way to change them.
  await expect(owner.getByRole('link', { name: 'Zurück' })).toHaveCount(0);
  await owner.getByRole('link', { name: STUDIO }).click();
  await expect(owner.getByRole('columnheader')).toHaveText([/Key/, /Geräte-ID/, /Postpaid erlaubt/, /Gesperrt/]);
  await expect(owner.getByRole('button', { name: 'Lizenz anlegen' })).toHaveCount(0);
  await owner.getByRole('link', { name: key }).click();
  await expect(owner.getByRole('heading', { level: 1, name: 'Vorgangspakete' })).toBeVisible();
  await expect(owner.getByRole('button', { name: 'Vorgangspaket anlegen' })).toHaveCount(0);
  await expect(owner.getByRole('button', { name: 'Lizenz bearbeiten' })).toHaveCount(0);
  await expect(owner.getByRole('main').getByRole('button', { name: /bearbeiten|erhöhen/ })).toHaveCount(0);

  // The package's consumption over time, below the list.
  await owner
    .getByRole('button', { name: `Verbrauch des Vorgangspakets ${formatToday()} bis 31.12.${nextYear} anzeigen` })
    .click();
  const consumption = owner.getByRole('region', { name: 'Verbrauch des Vorgangspakets' });
  await expect(consumption).toContainText('Anzahl 150');
  await expect(consumption).toContainText('Genutzt 2');
});
