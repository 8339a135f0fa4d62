import type { Page } from '@playwright/test';
import { claimDemoTotpCode } from '../../scripts/lib/totp.mjs';
import { DEMO_USERS } from './support/demoUsers';
import { expect, test } from './support/fixtures';
import { expectLandingPage, logIn, mainMenu } from './support/login';
import { linkMatching, SET_PASSWORD_LINK, waitForMail } from './support/mails';

/*
 * Issue 24: the SystemAdmin resets another user's second factor from 'Verwaltung'. The row action
 * asks for confirmation naming the person; an administrator who has no authenticator app set up
 * yet (a new account) is answered with the server's German text; one who has set it up is asked to
 * set up a new one at the next login. Runs on both identity providers (playwright.keycloak.config.ts
 * too): the portal's pages are the same, only the set-up page is each provider's own.
 */

const RUN = Date.now();
const PASSWORD = 'Zweifaktor-Passwort-2026!';
const dataRows = (page: Page) => page.locator('tbody tr');

async function createLumioAdmin(page: Page, email: string): Promise<void> {
  await page.getByRole('button', { name: 'Admin Account anlegen' }).click();
  const dialog = page.getByRole('dialog', { name: 'Admin Account anlegen' });
  await dialog.getByRole('combobox', { name: 'Rolle' }).click();
  await page.getByRole('option', { name: 'Lumio-Admin' }).click();
  await dialog.getByRole('textbox', { name: 'Vorname' }).fill('Zora');
  await dialog.getByRole('textbox', { name: 'Nachname' }).fill('Zweifaktor');
  await dialog.getByRole('textbox', { name: 'E-Mail' }).fill(email);
  await dialog.getByRole('button', { name: 'Erstellen' }).click();
  await page.getByTestId('success-dialog').getByRole('button', { name: 'Ok' }).click();
}

async function confirmReset(page: Page, email: string): Promise<void> {
  await dataRows(page)
    .filter({ hasText: email })
    .getByRole('button', { name: 'Zwei-Faktor-Anmeldung zurücksetzen' })
    .click();
  const confirm = page.getByTestId('confirm-dialog');
  await expect(confirm).toContainText('Zwei-Faktor-Anmeldung zurücksetzen?');
  await expect(confirm).toContainText(
    `Soll die Zwei-Faktor-Anmeldung von Zora Zweifaktor (${email}) wirklich zurückgesetzt werden?`,
  );
  await confirm.getByRole('button', { name: 'Zurücksetzen' }).click();
}

test('the SystemAdmin asks to reset an administrator’s second factor and sees why it cannot be reset', async ({
  page,
}) => {
  const email = `zweifaktor-${RUN}@lumio.example`;
  await logIn(page, DEMO_USERS.systemAdmin);
  await mainMenu(page).getByRole('link', { name: 'Verwaltung' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Verwaltung' })).toBeVisible();
  await expect(
    dataRows(page)
      .filter({ hasText: DEMO_USERS.systemAdmin.email })
      .getByRole('button', { name: 'Zwei-Faktor-Anmeldung zurücksetzen' }),
  ).toHaveCount(0);

  // A new LumioAdmin, created through the dialog: no authenticator app yet.
  await createLumioAdmin(page, email);
  await confirmReset(page, email);

  const error = page.getByTestId('error-dialog');
  await expect(error).toContainText('Für diesen Benutzer ist keine Zwei-Faktor-Anmeldung eingerichtet.');
  await error.getByRole('button', { name: 'Ok' }).click();
  await expect(page.getByTestId('success-dialog')).toHaveCount(0);
});

test('a reset administrator sets up a new authenticator app at the next login and gets a mail about it', async ({
  page,
  browser,
  request,
}) => {
  const email = `zweifaktor-neu-${RUN}@lumio.example`;
  await logIn(page, DEMO_USERS.systemAdmin);
  await mainMenu(page).getByRole('link', { name: 'Verwaltung' }).click();
  await createLumioAdmin(page, email);

  // The new administrator sets the password from the mail and sets up the app at the first login.
  const other = await (await browser.newContext()).newPage();
  const mail = await waitForMail(request, { to: email, subject: 'Ihr Administrator-Konto bei Lumio' });
  await other.goto(linkMatching(mail, SET_PASSWORD_LINK));
  await other.locator('#password-new').fill(PASSWORD);
  await other.locator('#password-confirm').fill(PASSWORD);
  await other.locator('#kc-submit').click();
  await other.locator('#kc-login-link').click();
  await logIn(other, { email }, PASSWORD, { openLandingPage: false });

  // The SystemAdmin resets it: confirmation, success, and the administrator's session ends.
  await confirmReset(page, email);
  const success = page.getByText('Die Zwei-Faktor-Anmeldung wurde zurückgesetzt.');
  await expect(success).toBeVisible();
  const notice = await waitForMail(request, {
    to: email,
    subject: 'Ihre Zwei-Faktor-Anmeldung bei Lumio wurde zurückgesetzt',
  });
  expect(notice.text).toContain('Zora Zweifaktor');

  // At the next login the identity provider asks for a new app after the password.
  await other.goto('/');
  await expectLandingPage(other);
  await other.getByRole('button', { name: 'Jetzt anmelden' }).click();
  await other.locator('input[name="username"]').fill(email);
  await other.locator('input[name="password"]').fill(PASSWORD);
  await other.locator('#kc-login').click();
  const keycloak = test.info().project.name.startsWith('Keycloak');
  await expect(
    other.getByRole('heading', {
      level: 1,
      name: keycloak ? 'Mehrfachauthentifizierung konfigurieren' : 'Zwei-Faktor-Anmeldung einrichten',
    }),
  ).toBeVisible();
  // Keycloak shows the QR code first and the key behind a link; the embedded provider both at once.
  if (keycloak) await other.getByRole('link', { name: 'Sie können den QR-Code nicht scannen?' }).click();
  const key = (await other.locator('#kc-totp-secret-key').innerText()).replace(/\s/g, '');
  await other.locator('input[name="otp"], input[name="totp"]').fill(await claimDemoTotpCode(email, key));
  await other.locator('#kc-login, #saveTOTPBtn').first().click();
  await expect(other).toHaveURL(/\/dashboard$/);
  await expect(mainMenu(other).getByRole('button', { name: 'Abmelden' })).toBeVisible();
});
