import { claimDemoTotpCode } from '../../scripts/lib/totp.mjs';
import { expect, test } from './support/fixtures';
import { expectLandingPage, logIn, mainMenu } from './support/login';
import { createNewOwner } from './support/newOwner';

/*
 * Issue 24: the second factor is optional for the studio roles; an Owner switches it on in the
 * profile. The button leads to the identity provider's set-up page (kc_action=CONFIGURE_TOTP),
 * back in the profile it says so, and from then on the login asks for the app's code. Runs on both
 * identity providers (playwright.keycloak.config.ts too); the owner is made for this test.
 */

test('an Owner switches the second factor on in the profile and is asked for the code at the next login', async ({
  page,
  request,
  baseURL,
}) => {
  const keycloak = test.info().project.name.startsWith('Keycloak');
  const owner = await createNewOwner(request, baseURL!, 'zweifaktor');
  await logIn(page, owner, owner.password);

  await page.goto('/profile');
  const section = page.getByRole('region', { name: 'Zwei-Faktor-Anmeldung' });
  await expect(section).toContainText('Zwei-Faktor-Anmeldung: nicht eingerichtet');
  await expect(section).toContainText(
    'Mit der Zwei-Faktor-Anmeldung geben Sie bei jeder Anmeldung zusätzlich einen Code aus einer Authenticator-App ein.',
  );
  await section.getByRole('button', { name: 'Zwei-Faktor-Anmeldung einrichten' }).click();

  // The identity provider's own set-up page: Keycloak's shows the QR code first, the key behind a link.
  await expect(
    page.getByRole('heading', {
      level: 1,
      name: keycloak ? 'Mehrfachauthentifizierung konfigurieren' : 'Zwei-Faktor-Anmeldung einrichten',
    }),
  ).toBeVisible();
  if (keycloak) await page.getByRole('link', { name: 'Sie können den QR-Code nicht scannen?' }).click();
  const key = (await page.locator('#kc-totp-secret-key').innerText()).replace(/\s/g, '');
  expect(key).toMatch(/^[A-Z2-7]{16,}$/);
  await page.locator('input[name="otp"], input[name="totp"]').fill(await claimDemoTotpCode(owner.email, key));
  await page.locator('#kc-login, #saveTOTPBtn').first().click();

  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByText('Die Zwei-Faktor-Anmeldung wurde eingerichtet.')).toBeVisible();
  await expect(section).toContainText('Zwei-Faktor-Anmeldung: eingerichtet');
  await expect(section.getByRole('button', { name: 'Zwei-Faktor-Anmeldung einrichten' })).toHaveCount(0);

  // The next login asks for the code of the app after the password.
  await mainMenu(page).getByRole('button', { name: 'Abmelden' }).click();
  await expectLandingPage(page);
  await page.getByRole('button', { name: 'Jetzt anmelden' }).click();
  await page.locator('input[name="username"]').fill(owner.email);
  await page.locator('input[name="password"]').fill(owner.password);
  await page.locator('#kc-login').click();
  const code = page.getByRole('textbox', { name: 'Einmalcode' });
  await expect(code).toBeVisible();
  await code.fill(await claimDemoTotpCode(owner.email, key));
  await page.locator('#kc-login').click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(mainMenu(page).getByRole('button', { name: 'Abmelden' })).toBeVisible();
});
