import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { DEMO_USERS } from './support/demoUsers';
import { linkMatching, waitForMail } from './support/mails';
import { createNewEmployee } from './support/newEmployee';
import { expectLandingPage, logIn, mainMenu, menuButton } from './support/login';

/*
 * Issue 9, the own profile and the e-mail change: the employee changes the e-mail address on the
 * profile page, is logged out, confirms through the link mailed to the new address and logs in with
 * it. The employee is made for the test: other specs log in as the demo employee at the same time
 * (Playwright's workers), so her address must not change.
 */

/** Unique per run: the server's data dir lives for the whole run, addresses must be unused. */
const RUN = Date.now();
const CONFIRMATION_SUBJECT = 'Bitte bestätigen Sie Ihre neue E-Mail-Adresse';
const NOTICE_SUBJECT = 'Die E-Mail-Adresse Ihres Lumio-Kontos wurde geändert';

const field = (page: Page, label: string) => page.getByRole('textbox', { name: label });
const saveButton = (page: Page) => page.getByRole('button', { name: 'Änderungen übernehmen' });

async function openProfile(page: Page) {
  await page
    .getByRole('link', { name: /Profilverwaltung/ })
    .first()
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Profilverwaltung' })).toBeVisible();
}

/** On the profile page: asks for the new address, reads the success dialog, is logged out. */
async function requestEmailChange(page: Page, newEmail: string) {
  const email = field(page, 'E-Mail');
  await expect(saveButton(page)).toBeDisabled();
  await email.fill(newEmail);
  await email.blur();
  await expect(saveButton(page)).toBeEnabled();
  await saveButton(page).click();

  const success = page.getByTestId('success-dialog');
  await expect(success.getByRole('heading', { name: 'Das hat geklappt!' })).toBeVisible();
  await expect(success).toContainText('Bitte prüfen Sie Ihr Postfach');
  await expect(success).toContainText(newEmail);
  await expect(success).toContainText('Sie werden jetzt abgemeldet');
  await success.getByRole('button', { name: 'Ok' }).click();
  await expectLandingPage(page);
}

/** Opens the link mailed to the new address; the page confirms at once. */
async function confirmThroughMail(page: Page, request: APIRequestContext, newEmail: string) {
  const mail = await waitForMail(request, { to: newEmail, subject: CONFIRMATION_SUBJECT });
  await page.goto(linkMatching(mail, /\/user-email-change-request\/[0-9a-f-]{36}\/confirm\?token=/));
  await expect(page.getByRole('heading', { level: 1, name: 'E-Mail-Adresse wurde geändert!' })).toBeVisible();
  await expect(page.getByText(`Sie können sich ab sofort mit ${newEmail} anmelden.`, { exact: false })).toBeVisible();
}

/** 'Zum Login' on the confirmation page, then the identity provider's form with the new address. */
async function logInFromConfirmation(page: Page, email: string, password: string) {
  await page.getByRole('button', { name: 'Zum Login' }).click();
  await expect(page.getByRole('heading', { name: 'Anmelden' })).toBeVisible();
  await page.locator('input[name="username"]').fill(email);
  await page.locator('input[name="password"]').fill(password);
  await page.locator('#kc-login').click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(mainMenu(page).getByRole('button', { name: 'Abmelden' }).or(menuButton(page))).toBeVisible();
}

test('an employee changes the e-mail through the mailed link, is logged out and logs in with the new address', async ({
  page,
  request,
  baseURL,
}) => {
  const employee = await createNewEmployee(request, baseURL!, 'email-change');
  const newEmail = `emil.${RUN}@post.example`;

  await logIn(page, employee, employee.password);
  await openProfile(page);
  await expect(field(page, 'E-Mail')).toHaveValue(employee.email);
  await requestEmailChange(page, newEmail);

  await confirmThroughMail(page, request, newEmail);
  await waitForMail(request, { to: employee.email, subject: NOTICE_SUBJECT });
  await logInFromConfirmation(page, newEmail, employee.password);
  await openProfile(page);
  await expect(field(page, 'E-Mail')).toHaveValue(newEmail);
});

test('an unverified owner may change only the e-mail and is pointed to the eID verification', async ({ page }) => {
  await logIn(page, DEMO_USERS.unverifiedOwner);
  await openProfile(page);

  await expect(field(page, 'Anrede')).toHaveValue('Frau');
  await expect(field(page, 'Vorname')).toHaveValue('Nora');
  await expect(field(page, 'Nachname')).toHaveValue('Neumann');
  await expect(field(page, 'Geburtsdatum')).toHaveValue('15.06.1990');
  for (const label of ['Anrede', 'Vorname', 'Nachname', 'Geburtsdatum', 'Rolle']) {
    await expect(field(page, label), label).not.toBeEditable();
  }
  await expect(field(page, 'Rolle')).toHaveValue('Eigentümerin');
  await expect(field(page, 'E-Mail')).toBeEditable();
  await expect(saveButton(page)).toBeDisabled();

  await page.getByRole('link', { name: 'Zur eID-Verifizierung' }).click();
  await expect(page).toHaveURL(/\/verify$/);
});

test("a system integrator's admin sees names read-only, no personal fields, and the own integrator", async ({
  page,
}) => {
  await logIn(page, DEMO_USERS.systemIntegratorAdmin);
  await openProfile(page);

  await expect(field(page, 'Vorname')).toHaveValue('Ingo');
  await expect(field(page, 'Vorname')).not.toBeEditable();
  await expect(field(page, 'Nachname')).not.toBeEditable();
  await expect(field(page, 'E-Mail')).toBeEditable();
  await expect(field(page, 'Systemintegrator')).toHaveValue('FotoSoft GmbH (FOTOSOFT)');
  await expect(field(page, 'Systemintegrator')).not.toBeEditable();
  await expect(field(page, 'Anrede')).toHaveCount(0);
  await expect(field(page, 'Geburtsdatum')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Zur eID-Verifizierung' })).toHaveCount(0);

  // An invalid address keeps the button disabled and says why.
  await field(page, 'E-Mail').fill('kein-at-zeichen');
  await field(page, 'E-Mail').blur();
  await expect(page.getByText('Bitte geben Sie eine gültige E-Mail-Adresse ein.')).toBeVisible();
  await expect(saveButton(page)).toBeDisabled();
});
