import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { AccessibilityWatch } from './support/accessibility';
import { DEMO_USERS } from './support/demoUsers';
import { expect, test } from './support/fixtures';
import { expectLandingPage, expectLoginPage, logIn, mainMenu } from './support/login';
import { linkMatching, waitForMail, SET_PASSWORD_LINK } from './support/mails';

/*
 * Issue 12, route administration ('Verwaltung'): the SystemAdmin creates a SystemIntegratorAdmin
 * through the dialog createAdmin, the new administrator sets a password from the mail and logs in
 * to the integrator's tiles, and the SystemAdmin deletes the account again, which ends its
 * session. The LumioAdmin reads the list without create or delete and downloads the page as CSV.
 */

/** Unique per run: the server's data dir lives for the whole run, addresses must be unused. */
const RUN = Date.now();
const ADMIN_MAIL_SUBJECT = 'Ihr Administrator-Konto bei Lumio';

const listFooter = (page: Page) => page.getByTestId('list-footer');
const dataRows = (page: Page) => page.locator('tbody tr');

async function openAdministration(page: Page): Promise<void> {
  await mainMenu(page).getByRole('link', { name: 'Verwaltung' }).click();
  await expect(page).toHaveURL(/\/administration$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Verwaltung' })).toBeVisible();
  await expect(listFooter(page)).toContainText('Gesamt:');
}

async function choose(page: Page, field: string, option: string): Promise<void> {
  await page.getByRole('dialog').getByRole('combobox', { name: field }).click();
  await page.getByRole('option', { name: option }).click();
}

test('the SystemAdmin creates a SystemIntegratorAdmin, who sets a password from the mail and logs in; deleting ends the session', async ({
  page,
  request,
  browser,
}) => {
  const newAdmin = { email: `verwaltung-${RUN}@bildwerk.example`, password: `Verwaltung-${RUN}-1` };
  await logIn(page, DEMO_USERS.systemAdmin);
  await openAdministration(page);
  await expect(page.getByRole('columnheader')).toHaveText([/Vorname/, /Nachname/, /E-Mail/, /Rolle/, 'Aktionen']);
  // The own row offers nothing.
  await expect(dataRows(page).filter({ hasText: DEMO_USERS.systemAdmin.email }).getByRole('button')).toHaveCount(0);

  await page.getByRole('button', { name: 'Admin Account anlegen' }).click();
  const dialog = page.getByRole('dialog', { name: 'Admin Account anlegen' });
  await expect(dialog).toContainText('*Felder sind Pflichtfelder');
  const create = dialog.getByRole('button', { name: 'Erstellen' });
  await expect(create).toBeDisabled();
  await choose(page, 'Rolle', 'System-Integrator-Admin');
  await dialog.getByRole('textbox', { name: 'Vorname' }).fill('Sina');
  await dialog.getByRole('textbox', { name: 'Nachname' }).fill('Systemhaus');
  await dialog.getByRole('textbox', { name: 'E-Mail' }).fill(newAdmin.email);
  await expect(create).toBeDisabled();
  await choose(page, 'System-Integrator', 'Bildwerk Systeme AG (BILDWERK)');
  await create.click();

  const success = page.getByTestId('success-dialog');
  await expect(success).toContainText('System-Integrator-Admin erstellt');
  await expect(success).toContainText(`Sina Systemhaus erhält an ${newAdmin.email} eine E-Mail`);
  await success.getByRole('button', { name: 'Ok' }).click();
  await expect(dialog).toBeHidden();
  const row = dataRows(page).filter({ hasText: newAdmin.email });
  await expect(row).toContainText('System-Integrator-Admin');

  // The new administrator, in a browser of their own: password from the mail, then the login.
  const mail = await waitForMail(request, { to: newAdmin.email, subject: ADMIN_MAIL_SUBJECT });
  expect(mail.text).toContain('Guten Tag Sina Systemhaus,');
  expect(mail.text).toContain('„System-Integrator-Admin“ für den System-Integrator „Bildwerk Systeme AG (BILDWERK)“');
  const other = await (await browser.newContext()).newPage();
  const watch = await AccessibilityWatch.attach(other);
  await other.goto(linkMatching(mail, SET_PASSWORD_LINK));
  await expect(other.locator('#username')).toHaveValue(newAdmin.email);
  await other.locator('#password-new').fill(newAdmin.password);
  await other.locator('#password-confirm').fill(newAdmin.password);
  await other.locator('#kc-submit').click();
  await expect(other.getByRole('heading', { level: 1, name: 'Passwort gespeichert' })).toBeVisible();
  await other.locator('#kc-login-link').click();
  const self = await logIn(other, { email: newAdmin.email }, newAdmin.password, { openLandingPage: false });
  expect({ role: self.role, email: self.email }).toEqual({ role: 'SystemIntegratorAdmin', email: newAdmin.email });
  await expect(other.getByRole('list', { name: 'Bereiche' }).getByRole('link')).toHaveText([
    /^Profilverwaltung/,
    /^Reseller/,
    /^Vorgangsauswertung/,
    /^Lizenzen/,
  ]);

  // The SystemAdmin deletes the account: its session ends.
  await row.getByRole('button', { name: 'Löschen' }).click();
  const confirm = page.getByTestId('confirm-dialog');
  await expect(confirm).toContainText(
    `Soll Sina Systemhaus (${newAdmin.email}, System-Integrator-Admin) wirklich gelöscht werden?`,
  );
  await confirm.getByRole('button', { name: 'Löschen' }).click();
  await expect(page.getByTestId('success-dialog')).toContainText('Administrator gelöscht');
  await page.getByTestId('success-dialog').getByRole('button', { name: 'Ok' }).click();
  await expect(row).toHaveCount(0);

  // The deleted administrator's session is gone: the page asks for a login again. The app's own
  // session check (every few seconds) may notice first and show the start page with its login
  // button; a reload before that finds the login form.
  await other.reload();
  const loginForm = other.locator('input[name="username"]');
  const startPageLogin = other.getByRole('button', { name: 'Jetzt anmelden' });
  await expect
    .poll(async () => {
      if (await loginForm.isVisible()) return 'login form';
      if (new URL(other.url()).pathname === '/' && (await startPageLogin.isVisible())) return 'start page';
      return other.url();
    })
    .toMatch(/^(login form|start page)$/);
  if (await loginForm.isVisible()) await expectLoginPage(other);
  else await expectLandingPage(other);
  await watch.checkLastScreen();
  expect(watch.found, 'axe-core on the new administrator’s pages').toEqual([]);
  await other.context().close();
});

test('the LumioAdmin reads the list without create or delete and downloads the page as CSV', async ({ page }) => {
  await logIn(page, DEMO_USERS.lumioAdmin);
  await openAdministration(page);
  await expect(page.getByRole('columnheader')).toHaveText([/Vorname/, /Nachname/, /E-Mail/, /Rolle/]);
  await expect(dataRows(page).filter({ hasText: 'integrator@bildwerk.example' })).toContainText(
    'System-Integrator-Admin',
  );
  await expect(page.getByRole('button', { name: 'Admin Account anlegen' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Löschen' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Bearbeiten' })).toHaveCount(0);

  const shown = await dataRows(page).count();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Als CSV exportieren' }).click(),
  ]);
  const today = new Intl.DateTimeFormat('de-DE', {
    timeZone: 'Europe/Berlin',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
  }).format(new Date());
  expect(download.suggestedFilename()).toBe(`Verwaltung_${today.replaceAll('.', '')}.csv`);
  const bytes = await readFile(await download.path());
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const lines = bytes.subarray(3).toString('utf8').split('\r\n');
  expect(lines[0]).toBe('Vorname;Nachname;E-Mail;Rolle');
  expect(lines).toContain('Anton;Admin;admin@lumio.example;Lumio-Admin');
  expect(lines).toContain('Bodo;Bildwerk;integrator@bildwerk.example;System-Integrator-Admin');
  // The page shown, one line each, and the final line end.
  expect(lines).toHaveLength(1 + shown + 1);
  expect(lines.at(-1)).toBe('');
});
