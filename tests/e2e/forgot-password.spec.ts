import { expect, test } from './support/fixtures';
import { expectLoginPage, logIn } from './support/login';
import { linkMatching, mailsTo, SET_PASSWORD_LINK, waitForMail } from './support/mails';
import { createNewOwner } from './support/newOwner';

/*
 * Issue 25 part 4: the login page had no 'Passwort vergessen?'. On the embedded identity provider
 * the link asks for the address, answers every address alike, and mails a one-time link to the
 * set-password page; the new password then logs in. (Keycloak's own reset credentials:
 * second-factor-keycloak.spec.ts.)
 */

const SENT =
  'Wenn zu dieser E-Mail-Adresse ein Lumio-Konto gehört, haben wir einen Link zum Festlegen eines neuen Passworts dorthin gesendet. Bitte prüfen Sie Ihr Postfach.';

test("'Passwort vergessen?' on the login page mails a link that sets a new password", async ({
  page,
  request,
  baseURL,
}) => {
  const user = await createNewOwner(request, baseURL!, 'vergessen');
  const newPassword = `Vergessen-${Date.now()}-9`;

  await page.goto('/dashboard');
  await expectLoginPage(page);
  await page.getByRole('link', { name: 'Passwort vergessen?' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Passwort vergessen' })).toBeVisible();
  await expect(page).toHaveTitle('Passwort vergessen – Lumio');

  // An unknown address gets the same answer as a known one, and no mail.
  const unknown = `niemand-${Date.now()}@studio-test.example`;
  await page.getByLabel('E-Mail-Adresse').fill(unknown);
  await page.getByRole('button', { name: 'Link senden' }).click();
  await expect(page.getByRole('status')).toHaveText(SENT);
  await page.goBack();
  await expect(page.getByRole('heading', { level: 1, name: 'Passwort vergessen' })).toBeVisible();

  await page.getByLabel('E-Mail-Adresse').fill(user.email);
  await page.getByRole('button', { name: 'Link senden' }).click();
  await expect(page.getByRole('status')).toHaveText(SENT);
  const mail = await waitForMail(request, { to: user.email, subject: 'Neues Passwort für Lumio festlegen' });
  expect(await mailsTo(request, { to: unknown })).toHaveLength(0);

  await page.goto(linkMatching(mail, SET_PASSWORD_LINK));
  await expect(page.getByRole('heading', { level: 1, name: 'Passwort festlegen' })).toBeVisible();
  await page.getByLabel('Passwort', { exact: true }).fill(newPassword);
  await page.getByLabel('Passwort wiederholen').fill(newPassword);
  await page.getByRole('button', { name: 'Passwort speichern' }).click();
  await expect(page.getByRole('heading', { name: 'Passwort gespeichert' })).toBeVisible();

  await logIn(page, user, newPassword);
});
