import { readFileSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { currentStatementMonth, statementMonthLabel } from '../../src/domain/statementFormat';
import { previousMonth } from '../../src/domain/statements';
import { monthLabel } from '../../src/resources/licenses/usage/format';
import { DEMO_USERS } from './support/demoUsers';
import { expectNoSidewaysScroll } from './support/layoutChecks';
import { logIn, mainMenu } from './support/login';

/**
 * Issue 27, part 3: the monthly statements in the web app. The demo Owner opens 'Abrechnungen'
 * from 'Firma', sees the running month 'vorläufig', opens it and finds its studios and the totals
 * the usage view shows for the month. Demo data: server/db/seed-licenses.ts (processes over the
 * last 13 months, the running one included).
 */

const running = currentStatementMonth();

/** The four figures (Prepaid, Postpaid, Storniert, Abrechenbar) of a counts table's row. */
async function countsOf(row: Locator): Promise<string[]> {
  return row.getByRole('cell').allInnerTexts();
}

/**
 * The running month's entry of the list: the table's month link on a desktop, the card's button
 * on a phone (PhoneCardList: its name is the month and its status).
 */
const runningEntry = (page: Page) =>
  page
    .getByRole('link', { name: statementMonthLabel(running) })
    .or(page.getByRole('button', { name: new RegExp(`^${statementMonthLabel(running)} vorläufig`) }));

/** Clicks a download button and answers the file as the browser saved it: its name and bytes. */
async function downloaded(page: Page, button: string): Promise<{ name: string; bytes: Buffer }> {
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: button }).click();
  const file = await download;
  return { name: file.suggestedFilename(), bytes: readFileSync((await file.path())!) };
}

/** The demo Owner's way from 'Firma' to the running month's statement. */
async function openRunningStatement(page: Page): Promise<void> {
  await page.goto('/company-management');
  await page.getByRole('link', { name: 'Abrechnungen ansehen' }).click();
  await expect(page).toHaveURL(/\/statements\/[^/]+$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Abrechnungen' })).toBeVisible();
  await runningEntry(page).click();
  await expect(
    page.getByRole('heading', { level: 1, name: `Abrechnung ${statementMonthLabel(running)}` }),
  ).toBeVisible();
}

test('the Owner opens the running month from Firma: vorläufig, its studios and the usage view’s totals', async ({
  page,
}) => {
  const self = await logIn(page, DEMO_USERS.owner);
  const companyId = self.associatedEntity!.id;

  // The usage view's figures of the running month (license-management, the company's level).
  await page.goto(`/license-management/${companyId}`);
  const usageRow = page
    .getByRole('group', { name: 'Vorgänge je Monat' })
    .getByRole('row', { name: new RegExp(`^${monthLabel(running).replace('.', '\\.')}`) });
  await expect(usageRow).toBeVisible();
  const usageCounts = await countsOf(usageRow);

  await page.goto('/company-management');
  await page.getByRole('link', { name: 'Abrechnungen ansehen' }).click();
  await expect(page).toHaveURL(`/statements/${companyId}`);
  const runningRow = page.getByRole('row').filter({ hasText: statementMonthLabel(running) });
  await expect(runningRow).toContainText('vorläufig');

  await runningRow.getByRole('link', { name: statementMonthLabel(running) }).click();
  await expect(page).toHaveURL(`/statements/${companyId}/${running}`);
  await expect(
    page.getByRole('heading', { level: 1, name: `Abrechnung ${statementMonthLabel(running)}` }),
  ).toBeVisible();
  await expect(page.getByText('Vorläufig: Der laufende Monat ist noch nicht abgeschlossen.')).toBeVisible();
  await expect(page.getByText('Fotostudio Sonnenschein GmbH')).toBeVisible();
  await expect(page.getByRole('heading', { name: /^Studio / }).first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'PDF herunterladen' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'CSV herunterladen' })).toBeVisible();

  const totalsRow = page.getByRole('group', { name: 'Summen je Studio' }).getByRole('row', { name: /^Summe/ });
  expect(await countsOf(totalsRow)).toEqual(usageCounts);

  // Back to the list, and from there to 'Firma'.
  await page.getByRole('link', { name: 'Zurück zu den Abrechnungen' }).click();
  await expect(page).toHaveURL(`/statements/${companyId}`);
  await page.getByRole('link', { name: 'Zurück zur Firma' }).click();
  await expect(page).toHaveURL('/company-management');
});

test('the Owner opens last month from the picker: issued on the 1st, fixed, and listed as issued', async ({ page }) => {
  const self = await logIn(page, DEMO_USERS.owner);
  const companyId = self.associatedEntity!.id;
  const lastMonth = previousMonth(running);
  await page.goto(`/statements/${companyId}`);
  await page.getByRole('combobox', { name: 'Monat' }).selectOption(lastMonth);
  await page.getByRole('link', { name: 'Abrechnung öffnen' }).click();
  await expect(page).toHaveURL(`/statements/${companyId}/${lastMonth}`);
  await expect(
    page.getByRole('heading', { level: 1, name: `Abrechnung ${statementMonthLabel(lastMonth)}` }),
  ).toBeVisible();
  await expect(page.getByText(/^Ausgestellt am \d{2}\.\d{2}\.\d{4}\./)).toBeVisible();
  await expect(page.getByText(/^Vorläufig/)).toHaveCount(0);

  await page.getByRole('link', { name: 'Zurück zu den Abrechnungen' }).click();
  const issuedRow = page.getByRole('row').filter({ hasText: statementMonthLabel(lastMonth) });
  await expect(issuedRow).toContainText(/ausgestellt am \d{2}\.\d{2}\.\d{4}/);
});

test('a company’s statements of another company are refused for its Owner', async ({ page }) => {
  await logIn(page, DEMO_USERS.owner);
  await page.goto(`/statements/00000000-0000-4000-8000-000000000000/${running}`);
  await expect(page.getByText('Die Abrechnung konnte nicht geladen werden.')).toBeVisible();
});

test.describe('on a phone (390 × 844)', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the list and the statement fit the width: cards instead of wide tables', async ({ page }) => {
    await logIn(page, DEMO_USERS.owner);
    await openRunningStatement(page);
    const firstStudio = page.getByRole('list', { name: /^Geräte im Studio / }).first();
    await expect(firstStudio.getByRole('listitem').first()).toBeVisible();
    const totals = page.getByRole('list', { name: 'Summen je Studio' });
    await expect(totals.getByRole('listitem').last()).toContainText('Summe');
    await expectNoSidewaysScroll(page);

    await page.getByRole('link', { name: 'Zurück zu den Abrechnungen' }).click();
    await expect(page.getByText('vorläufig').first()).toBeVisible();
    await expectNoSidewaysScroll(page);
  });
});

test('the Owner downloads the running month as PDF and CSV, named after the month and the company', async ({
  page,
}) => {
  await logIn(page, DEMO_USERS.owner);
  await openRunningStatement(page);
  const pdf = await downloaded(page, 'PDF herunterladen');
  expect(pdf.name).toBe(`Abrechnung-${running}-Fotostudio-Sonnenschein-GmbH.pdf`);
  expect(pdf.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  const csv = await downloaded(page, 'CSV herunterladen');
  expect(csv.name).toBe(`Abrechnung-${running}-Fotostudio-Sonnenschein-GmbH.csv`);
  const text = csv.bytes.toString('utf8');
  expect(text.startsWith('\uFEFFMonat;Status;Studio;Gerät')).toBe(true);
  expect(text).toContain(`${running};vorläufig;Sonnenschein Neukölln;`);
});

test('the integrator reaches its Abrechnungen from Lizenzen: the running month and the 12 before to choose', async ({
  page,
}) => {
  await logIn(page, DEMO_USERS.systemIntegratorAdmin);
  await mainMenu(page).getByRole('link', { name: 'Lizenzen' }).click();
  await page.getByRole('link', { name: 'Abrechnungen' }).click();
  await expect(page).toHaveURL(`/statements/integrator/${running}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Abrechnungen' })).toBeVisible();
  const picker = page.getByRole('combobox', { name: 'Monat' });
  await expect(picker).toHaveValue(running);
  await expect(picker.locator('option')).toHaveCount(13);
  await expect(picker.locator('option').first()).toHaveText(statementMonthLabel(running));
});

test('LumioAdmin reaches the Abrechnungsexport from Firmen', async ({ page }) => {
  await logIn(page, DEMO_USERS.lumioAdmin);
  await mainMenu(page).getByRole('link', { name: 'Firmen' }).click();
  await page.getByRole('link', { name: 'Abrechnungsexport' }).click();
  await expect(page).toHaveURL('/statements/export');
  await expect(page.getByRole('heading', { level: 1, name: 'Abrechnungsexport' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Monat' })).toHaveValue(running);
  await expect(page.getByRole('button', { name: 'CSV herunterladen' })).toBeVisible();
});

test('the integrator reads what it invoices for a month and downloads it', async ({ page }) => {
  await logIn(page, DEMO_USERS.systemIntegratorAdmin);
  await page.goto('/statements/integrator');
  await expect(page).toHaveURL(`/statements/integrator/${running}`);
  await expect(page.getByRole('heading', { level: 2, name: 'Fotostudio Sonnenschein GmbH' })).toBeVisible();
  await expect(page.getByRole('group', { name: 'Summen je Firma' })).toBeVisible();

  const picker = page.getByRole('combobox', { name: 'Monat' });
  await picker.selectOption({ index: 1 });
  await expect(page).not.toHaveURL(`/statements/integrator/${running}`);
  await expect(page.getByText(/^ausgestellt am \d{2}\.\d{2}\.\d{4}$/)).toBeVisible();

  const pdf = await downloaded(page, 'PDF herunterladen');
  expect(pdf.name).toMatch(/^Abrechnung-\d{4}-\d{2}-FotoSoft-GmbH\.pdf$/);
  expect(pdf.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  const csv = await downloaded(page, 'CSV herunterladen');
  expect(csv.bytes.toString('utf8')).toMatch(/^\uFEFFFirma;Rechtsform;Monat;Status;/);
  expect(csv.bytes.toString('utf8')).toContain('Fotostudio Sonnenschein GmbH;GmbH;');
});

test('LumioAdmin downloads the provider export of a month: a line per company and integrator', async ({ page }) => {
  await logIn(page, DEMO_USERS.lumioAdmin);
  await page.goto('/statements/export');
  const csv = await downloaded(page, 'CSV herunterladen');
  expect(csv.name).toBe(`Lumio-Abrechnung-${running}.csv`);
  const text = csv.bytes.toString('utf8');
  expect(text.startsWith('\uFEFFMonat;Status;Firma;Rechtsform;Systemintegrator;')).toBe(true);
  expect(text).toContain(`${running};vorläufig;Fotostudio Sonnenschein GmbH;GmbH;FotoSoft GmbH;`);
});

test('LumioAdmin opens a company’s statements from its page', async ({ page }) => {
  await logIn(page, DEMO_USERS.lumioAdmin);
  await page.goto('/companies');
  await page.getByRole('link', { name: 'Fotostudio Sonnenschein GmbH' }).click();
  await page.getByRole('link', { name: 'Abrechnungen ansehen' }).click();
  await expect(page).toHaveURL(/\/statements\/[^/]+$/);
  await page.getByRole('link', { name: statementMonthLabel(running) }).click();
  await expect(page.getByText('Vorläufig: Der laufende Monat ist noch nicht abgeschlossen.')).toBeVisible();
  await expect(page.getByText('Fotostudio Sonnenschein GmbH')).toBeVisible();
  await page.getByRole('link', { name: 'Zurück zu den Abrechnungen' }).click();
  await page.getByRole('link', { name: 'Zurück zur Firma' }).click();
  await expect(page).toHaveURL(/\/companies\/[^/]+$/);
});
