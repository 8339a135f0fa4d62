import type { APIRequestContext, Page } from '@playwright/test';
import { loginThroughKeycloak } from '../../bench/lib/keycloak-login.mjs';
import { claimDemoTotpCode, demoTotpCode, totpCode } from '../../scripts/lib/totp.mjs';
import { DEMO_PASSWORD, DEMO_USERS } from './support/demoUsers';
import { expect, test } from './support/fixtures';
import { mainMenu } from './support/login';
import { linkMatching, SET_PASSWORD_LINK, waitForMail } from './support/mails';
import { xsrfHeader } from './support/newOwner';

/**
 * Issue 24 on a real Keycloak (playwright.keycloak.config.ts only): the realm's browser flow asks
 * the provider roles for a second factor, with Keycloak's own German pages. A new administrator
 * sets it up at the first login; an enrolled demo account gives its code; a wrong code is refused;
 * the mailed link of 'Passwort vergessen?' does not replace the second factor.
 */
const KEYCLOAK_URL = process.env.E2E_KEYCLOAK_URL ?? 'http://localhost:8180';

/** Demo accounts of the provider roles that no other spec of the Keycloak suite logs in with. */
const ENROLLED = { lumioAdmin: 'betrieb@lumio.example', integrator: 'integrator@bildwerk.example' };

/** A code that is not the demo accounts' (neither of this step nor of its neighbours). */
function wrongCode(): string {
  return String((Number(demoTotpCode()) + 500_000) % 1_000_000).padStart(6, '0');
}

/** A new LumioAdmin made by the demo SystemAdmin through the API: address and set-password link. */
async function newAdministrator(request: APIRequestContext, baseURL: string) {
  const email = `zweifaktor-${Date.now()}@lumio.example`;
  const { accessToken } = await loginThroughKeycloak({
    keycloakUrl: KEYCLOAK_URL,
    portalUrl: baseURL,
    username: DEMO_USERS.systemAdmin.email,
    password: DEMO_PASSWORD,
    otp: () => claimDemoTotpCode(DEMO_USERS.systemAdmin.email),
  });
  const created = await request.post('/api/administrator', {
    headers: { ...(await xsrfHeader(request)), authorization: `Bearer ${accessToken}` },
    data: { role: 'LumioAdmin', firstName: 'Zora', lastName: 'Zweifaktor', email, systemIntegratorId: null },
  });
  expect(created.status(), 'POST /api/administrator').toBe(201);
  const mail = await waitForMail(request, { to: email, subject: 'Ihr Administrator-Konto bei Lumio' });
  return { email, setPasswordLink: linkMatching(mail, SET_PASSWORD_LINK) };
}

/** Landing page, 'Jetzt anmelden', Keycloak's login form with address and password. */
async function enterPassword(page: Page, email: string, password: string) {
  await page.getByRole('button', { name: 'Jetzt anmelden' }).click();
  await expect(page.getByRole('heading', { name: 'Anmelden' })).toBeVisible();
  await page.locator('input[name="username"]').fill(email);
  await page.locator('input[name="password"]').fill(password);
  await page.locator('#kc-login').click();
}

async function expectDashboard(page: Page) {
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(mainMenu(page).getByRole('button', { name: 'Abmelden' })).toBeVisible();
}

test('a new administrator sets up the second factor at the first login with the key shown by Keycloak', async ({
  page,
  request,
  baseURL,
}) => {
  const admin = await newAdministrator(request, baseURL!);
  const password = `Zweifaktor-${Date.now()}-1`;
  await page.goto(admin.setPasswordLink);
  await expect(page.getByRole('heading', { level: 1, name: 'Passwort festlegen' })).toBeVisible();
  await page.locator('#password-new').fill(password);
  await page.locator('#password-confirm').fill(password);
  await page.locator('#kc-submit').click();
  await expect(page.getByRole('heading', { level: 1, name: 'Passwort gespeichert' })).toBeVisible();
  await page.locator('#kc-login-link').click();

  await enterPassword(page, admin.email, password);
  await expect(page.getByRole('heading', { name: 'Mehrfachauthentifizierung konfigurieren' })).toBeVisible();
  await expect(
    page.getByText('Sie müssen eine Mehrfachauthentifizierung einrichten, um das Benutzerkonto zu aktivieren.'),
  ).toBeVisible();
  await page.getByRole('link', { name: 'Sie können den QR-Code nicht scannen?' }).click();
  await expect(page.getByText('Öffnen Sie die Applikation und geben Sie den folgenden Schlüssel ein:')).toBeVisible();
  // The realm's OTP policy, as the page tells the person for their app.
  await expect(page.locator('#kc-totp-algorithm')).toHaveText('Algorithmus: SHA1');
  await expect(page.locator('#kc-totp-digits')).toHaveText('Ziffern: 6');
  await expect(page.locator('#kc-totp-period')).toHaveText('Intervall: 30');
  const key = (await page.locator('#kc-totp-secret-key').innerText()).replace(/\s/g, '');
  expect(key).toMatch(/^[A-Z2-7]{16,}$/);

  await expect(page.getByText('Geben Sie den Einmalcode aus der App ein und klicken Sie auf Absenden.')).toBeVisible();
  await page.locator('#totp').fill(totpCode(key));
  await page.getByRole('button', { name: 'Absenden' }).click();
  await expectDashboard(page);
});

test('an enrolled demo administrator logs in with the code of the demo secret', async ({ page }) => {
  await page.goto('/');
  await enterPassword(page, ENROLLED.lumioAdmin, DEMO_PASSWORD);
  const code = page.getByRole('textbox', { name: 'Einmalcode' });
  await expect(code).toBeVisible();
  await code.fill(await claimDemoTotpCode(ENROLLED.lumioAdmin));
  await page.locator('#kc-login').click();
  await expectDashboard(page);
});

test('a wrong code is refused with Keycloak’s German message, the right one lets the person in', async ({ page }) => {
  await page.goto('/');
  await enterPassword(page, ENROLLED.integrator, DEMO_PASSWORD);
  const code = page.getByRole('textbox', { name: 'Einmalcode' });
  await code.fill(wrongCode());
  await page.locator('#kc-login').click();
  await expect(page.getByText('Ungültiger Einmalcode.')).toBeVisible();
  await expect(page).not.toHaveURL(/\/dashboard$/);

  await code.fill(await claimDemoTotpCode(ENROLLED.integrator));
  await page.locator('#kc-login').click();
  await expectDashboard(page);
});

test('the link of ‘Passwort vergessen?’ asks an enrolled administrator for the code before the new password', async ({
  page,
  request,
}) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Jetzt anmelden' }).click();
  await page.getByRole('link', { name: 'Passwort vergessen?' }).click();
  await page.locator('input[name="username"]').fill(ENROLLED.lumioAdmin);
  await page.getByRole('button', { name: 'Absenden' }).click();
  await expect(page.getByText('Sie sollten in Kürze eine E-Mail mit weiteren Instruktionen erhalten.')).toBeVisible();

  const mail = await waitForMail(request, { to: ENROLLED.lumioAdmin, subject: 'Passwort zurücksetzen' });
  await page.goto(linkMatching(mail, /\/login-actions\/action-token\?/));
  // Keycloak's own flow would drop the second factor here and offer to set up a new one.
  const code = page.getByRole('textbox', { name: 'Einmalcode' });
  await expect(code).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Mehrfachauthentifizierung konfigurieren' })).toHaveCount(0);
  await code.fill(await claimDemoTotpCode(ENROLLED.lumioAdmin));
  await page.locator('#kc-login').click();

  await expect(page.getByRole('heading', { name: 'Passwort aktualisieren' })).toBeVisible();
  const password = `Vergessen-${Date.now()}-1`;
  await page.locator('#password-new').fill(password);
  await page.locator('#password-confirm').fill(password);
  await page.getByRole('button', { name: 'Absenden' }).click();
  await expectDashboard(page);
});
