import { readFileSync } from 'node:fs';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { formatDate, todayInGermany } from '../../src/domain/dates';
import { DEMO_USERS } from './support/demoUsers';
import { expect, test } from './support/fixtures';
import { expectNoSidewaysScroll } from './support/layoutChecks';
import { logIn, mainMenu } from './support/login';
import { accessTokenOf, xsrfHeader } from './support/newOwner';

/*
 * Issue 28, part 4: the audit log as a screen ('Protokoll'). The LumioAdmin filters by time,
 * action and person, pages through the rows and downloads them as CSV; the Owner reads only the
 * own company's rows and has no company filter; an Employee has no entry and is refused at the
 * address; on a phone the rows are cards that fit the width.
 *
 * The rows are made through the API first: the SystemAdmin creates and deletes administrators
 * (more than a page of rows today), the Owner changes the company's second phone number and back.
 */

const RUN = Date.now();
const CREATED_ADMINS = 11;
const CSV_HEADER = 'Zeitpunkt;Handelnde Person;Rolle;Aktion;Betreff;Firma;Art des Datensatzes;Datensatz-ID';

const footer = (page: Page) => page.getByTestId('list-footer');
const rows = (page: Page) => page.locator('tbody tr');
/** The column of a row by the table's header: Zeit, Person, Aktion, Gegenstand, Firma. */
const COLUMNS = ['Zeit', 'Person', 'Aktion', 'Gegenstand', 'Firma'] as const;
const cell = (row: Locator, column: (typeof COLUMNS)[number]) => row.locator('td').nth(COLUMNS.indexOf(column));

async function bearer(request: APIRequestContext, baseURL: string, email: string) {
  return { ...(await xsrfHeader(request)), authorization: `Bearer ${await accessTokenOf(baseURL, email)}` };
}

/** Administrators created and deleted again by the SystemAdmin: two audit rows each, today. */
async function createAndDeleteAdministrators(request: APIRequestContext, baseURL: string) {
  const headers = await bearer(request, baseURL, DEMO_USERS.systemAdmin.email);
  for (let i = 0; i < CREATED_ADMINS; i++) {
    const created = await request.post('/api/administrator', {
      headers,
      data: {
        role: 'LumioAdmin',
        firstName: 'Protokoll',
        lastName: `Probe ${i}`,
        email: `protokoll-${RUN}-${i}@lumio.example`,
      },
    });
    expect(created.status(), 'administrator created').toBe(201);
    const { id } = (await created.json()) as { id: string };
    const deleted = await request.delete(`/api/administrator/${id}`, { headers });
    expect(deleted.status(), 'administrator deleted').toBeLessThan(300);
  }
}

/** The Owner changes the company's second phone number and back: two 'Firma geändert' rows. */
async function changeCompanyTwice(request: APIRequestContext, baseURL: string, companyId: string) {
  const headers = await bearer(request, baseURL, DEMO_USERS.owner.email);
  const company = (await (await request.get(`/api/company/${companyId}`, { headers })).json()) as Record<
    string,
    unknown
  >;
  const body = (phoneNumber2: unknown) => ({
    name: company.name,
    legalForm: company.legalForm,
    address: company.address,
    country: company.country,
    phoneNumber: company.phoneNumber,
    phoneNumber2: phoneNumber2 ?? '',
    website: company.website ?? '',
    memberId: company.memberId ?? '',
  });
  for (const phone of [`+4930555${String(RUN).slice(-4)}`, company.phoneNumber2]) {
    const changed = await request.put(`/api/company/${companyId}`, { headers, data: body(phone) });
    expect(changed.status(), `company changed: ${await changed.text()}`).toBe(200);
  }
  return company.name as string;
}

async function openAuditLog(page: Page) {
  await mainMenu(page).getByRole('link', { name: 'Protokoll' }).click();
  await expect(page).toHaveURL(/\/audit-log/);
  await expect(page.getByRole('heading', { level: 1, name: 'Protokoll' })).toBeVisible();
  await expect(footer(page)).toContainText('Gesamt:');
}

async function choose(page: Page, field: string, option: string) {
  await page.getByRole('combobox', { name: field }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test('the LumioAdmin filters the log by time, action and person, pages through it and downloads it as CSV', async ({
  page,
  request,
  baseURL,
}) => {
  await createAndDeleteAdministrators(request, baseURL!);
  await logIn(page, DEMO_USERS.lumioAdmin);
  await openAuditLog(page);
  // German column headers, German rows.
  await expect(page.locator('thead th')).toHaveText([...COLUMNS]);
  await expect(rows(page).first()).toBeVisible();

  // Today only, typed as a German user types a day: more than one page (the 22 rows made above at least).
  const today = todayInGermany();
  await page.getByLabel('Zeitraum von').fill(formatDate(today));
  await page.getByLabel('Zeitraum bis').fill(formatDate(today));
  await expect(page).toHaveURL(new RegExp(`from.*${today}.*to.*${today}|to.*${today}.*from.*${today}`));
  // An end before the start is refused in German where it is typed; the list keeps its period.
  const until = page.getByLabel('Zeitraum bis');
  await until.fill('01.01.2020');
  await until.blur();
  await expect(page.getByText(`Das Datum darf nicht vor dem ${formatDate(today)} liegen.`)).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`to.*${today}`));
  await until.fill(formatDate(today));
  await expect(page.getByText(`Das Datum darf nicht vor dem ${formatDate(today)} liegen.`)).toBeHidden();
  await expect(footer(page)).toContainText(/Seite 1 von [2-9]/);
  await expect(rows(page)).toHaveCount(20);
  const firstOfPageOne = await rows(page).first().textContent();
  await footer(page).getByRole('button', { name: 'Nächste Seite' }).click();
  await expect(footer(page)).toContainText(/Seite 2 von/);
  await expect(rows(page).first()).not.toHaveText(firstOfPageOne ?? '');

  // One action: every row says it in German.
  await choose(page, 'Aktion', 'Administrator angelegt');
  await expect(page).toHaveURL(/action/);
  await expect(footer(page)).toContainText(/Seite 1 von/);
  // Page 1 of the filter before may show for a moment (react-admin keeps the last answer while the
  // new one loads): wait until the rows are the filtered ones.
  const actionsShown = async () => new Set(await rows(page).locator('td:nth-child(3)').allTextContents());
  await expect.poll(actionsShown).toEqual(new Set(['Administrator angelegt']));
  const actions = await rows(page).locator('td:nth-child(3)').allTextContents();
  expect(actions.length).toBeGreaterThanOrEqual(CREATED_ADMINS);
  await expect(rows(page).filter({ hasText: `Protokoll Probe ${CREATED_ADMINS - 1}` })).toHaveCount(1);

  // One person, chosen by name: the SystemAdmin who created them.
  await choose(page, 'Person', DEMO_USERS.systemAdmin.displayName);
  await expect(page).toHaveURL(/actorId/);
  const peopleShown = async () => new Set(await rows(page).locator('td:nth-child(2)').allTextContents());
  await expect.poll(peopleShown).toEqual(new Set([`${DEMO_USERS.systemAdmin.displayName} (System-Admin)`]));
  const people = await rows(page).locator('td:nth-child(2)').allTextContents();
  expect(people.length).toBeGreaterThanOrEqual(CREATED_ADMINS);

  // The file has every row to these filters, with German headers.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'CSV exportieren' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^Lumio-Protokoll-\d{4}-\d{2}-\d{2}\.csv$/);
  const text = readFileSync((await file.path())!, 'utf8');
  expect(text.startsWith('\uFEFF')).toBe(true);
  const lines = text.slice(1).trim().split('\r\n');
  expect(lines[0]).toBe(CSV_HEADER);
  expect(lines.length - 1).toBe(people.length);
  for (const line of lines.slice(1)) expect(line).toContain(';Administrator angelegt;');
  expect(text).toContain(`Protokoll Probe ${CREATED_ADMINS - 1}`);

  // 'Filter zurücksetzen' empties the date fields too.
  await page.getByRole('button', { name: 'Filter zurücksetzen' }).click();
  await expect(page).not.toHaveURL(/from/);
  await expect(page.getByLabel('Zeitraum von')).toHaveValue('');
  await expect(page.getByLabel('Zeitraum bis')).toHaveValue('');
});

test('the Owner reads only the own company’s rows, without a company filter; on a phone as cards', async ({
  page,
  request,
  baseURL,
}) => {
  const self = await logIn(page, DEMO_USERS.owner);
  const companyName = await changeCompanyTwice(request, baseURL!, self.associatedEntity!.id);
  await openAuditLog(page);
  await expect(page.getByRole('combobox', { name: 'Firma' })).toHaveCount(0);
  await expect(page.getByRole('combobox', { name: 'Person' })).toBeVisible();
  await choose(page, 'Aktion', 'Firma geändert');
  await expect(rows(page).first()).toBeVisible();
  const companies = await rows(page).locator('td:nth-child(5)').allTextContents();
  expect(companies.length).toBeGreaterThanOrEqual(2);
  expect(new Set(companies)).toEqual(new Set([companyName]));
  await expect(cell(rows(page).first(), 'Person')).toHaveText(`${DEMO_USERS.owner.displayName} (Eigentümer*in)`);
  // Without the action: still only the own company's rows (rows without a company are not the Owner's).
  await page.getByRole('button', { name: 'Filter zurücksetzen' }).click();
  await expect(page).not.toHaveURL(/action/);
  const all = await rows(page).locator('td:nth-child(5)').allTextContents();
  expect(new Set(all)).toEqual(new Set([companyName]));

  // A phone: the rows are cards, nothing wider than the window, the download still there.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.locator('main table')).toHaveCount(0);
  const cards = page.locator('main ul.MuiList-root:has(> li) > li');
  await expect(cards.first()).toBeVisible();
  await expect(cards.first()).toContainText(companyName);
  await expect(page.getByRole('button', { name: 'CSV exportieren' })).toBeVisible();
  await expectNoSidewaysScroll(page);
});

test('an Employee has no Protokoll and is refused at its address', async ({ page }) => {
  await logIn(page, DEMO_USERS.employee);
  await expect(mainMenu(page).getByRole('link', { name: 'Übersicht' })).toBeVisible();
  await expect(mainMenu(page).getByRole('link', { name: 'Protokoll' })).toHaveCount(0);
  await page.goto('/audit-log');
  await expect(page.getByRole('heading', { level: 1, name: 'Zugriff verweigert' })).toBeVisible();
});
