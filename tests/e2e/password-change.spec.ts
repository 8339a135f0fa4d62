import { expect, test } from './support/fixtures';
import { expectLandingPage, logIn, mainMenu, menuButton } from './support/login';
import { createNewOwner } from './support/newOwner';
import { DEMO_USERS } from './support/demoUsers';

/*
 * Issue 9, part 6: the password change through the identity provider (Keycloak's
 * application-initiated action UPDATE_PASSWORD). The user is made for this test, so the demo
 * users keep their password for every other spec.
 */

test('a user changes the password from the profile page and logs in with the new one', async ({
  page,
  request,
  baseURL,
}) => {
  const user = await createNewOwner(request, baseURL!, 'passwort');
  const newPassword = `Anders-${Date.now()}-9`;
  await logIn(page, user, user.password);

  await page.goto('/profile');
  await expect(page.getByRole('heading', { level: 1, name: 'Profil' })).toBeVisible();
  await page.getByRole('button', { name: 'Passwort ändern' }).click();

  // The identity provider's German page, reached with kc_action=UPDATE_PASSWORD.
  await expect(page.getByRole('heading', { level: 1, name: 'Passwort ändern' })).toBeVisible();
  expect(new URL(page.url()).pathname).toMatch(/^\/realms\/lumio\/login-actions\/authenticate\//);
  await expect(page.locator('#password-rules')).toContainText('Mindestens 12 Zeichen');
  await expect(page.getByRole('textbox', { name: 'Konto' })).toHaveValue(user.email);

  // A wrong current password is refused in German.
  await page.getByLabel('Aktuelles Passwort').fill('nicht-mein-passwort');
  await page.getByLabel('Neues Passwort', { exact: true }).fill(newPassword);
  await page.getByLabel('Neues Passwort wiederholen').fill(newPassword);
  await page.getByRole('button', { name: 'Passwort ändern' }).click();
  await expect(page.getByRole('alert')).toHaveText('Das aktuelle Passwort ist nicht korrekt.');

  await page.getByLabel('Aktuelles Passwort').fill(user.password);
  await page.getByLabel('Neues Passwort', { exact: true }).fill(newPassword);
  await page.getByLabel('Neues Passwort wiederholen').fill(newPassword);
  await page.getByRole('button', { name: 'Passwort ändern' }).click();

  // Back in the portal, still signed in, and told so.
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByText('Ihr Passwort wurde geändert.')).toBeVisible();
  await expect(mainMenu(page).getByRole('button', { name: 'Abmelden' }).or(menuButton(page))).toBeVisible();

  await mainMenu(page).getByRole('button', { name: 'Abmelden' }).click();
  await expectLandingPage(page);

  // The old password no longer works ...
  await page.getByRole('button', { name: 'Jetzt anmelden' }).click();
  await page.locator('input[name="username"]').fill(user.email);
  await page.locator('input[name="password"]').fill(user.password);
  await page.locator('#kc-login').click();
  await expect(page.getByRole('alert')).toHaveText('Ungültiger Benutzername oder Passwort.');

  // ... the new one does.
  await logIn(page, user, newPassword);
});

test('the user menu and the profile management lead to the password change', async ({ page }) => {
  await logIn(page, DEMO_USERS.employee);

  await mainMenu(page).getByRole('link', { name: 'Passwort ändern' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole('button', { name: 'Passwort ändern' })).toBeVisible();

  await mainMenu(page).getByRole('link', { name: DEMO_USERS.employee.displayName }).click();
  await expect(page).toHaveURL(/\/profile-management$/);
  const section = page.getByRole('region', { name: 'Passwort und Anmeldung' });
  await section.getByRole('link', { name: 'Passwort ändern' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Profil' })).toBeVisible();
});
