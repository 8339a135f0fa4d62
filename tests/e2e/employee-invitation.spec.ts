import type { Browser, Page } from '@playwright/test';
import { AccessibilityWatch } from './support/accessibility';
import { DEMO_USERS } from './support/demoUsers';
import { expect, test } from './support/fixtures';
import { REGISTERED_MAIL_SUBJECT, waitForInvitationLink } from './support/invitations';
import { expectLandingPage, logIn, mainMenu } from './support/login';
import { linkMatching, waitForMail, SET_PASSWORD_LINK } from './support/mails';

/*
 * Issue 10, the invitation: the owner of Fotostudio Sonnenschein invites an address through
 * 'Mitarbeitende einladen', the invitee opens the mailed link, registers, sets a password through
 * the second mail and logs in; the owner finds them under 'Zu prüfende Mitarbeitende' and approves
 * them. An invalid link shows the dialog invalidInvitation and returns to the start page.
 */

/** Unique per run: the server's data dir lives for the whole run, addresses must be unused. */
const RUN = Date.now();
const COMPANY = 'Fotostudio Sonnenschein GmbH';
const PASSWORD = `Einladung-${RUN}-1`;
const invitee = { email: `eingeladen-${RUN}@studio-test.example`, firstName: 'Ella', lastName: 'Eingeladen' };

const registerButton = (page: Page) => page.getByRole('button', { name: 'Registrieren' });
const pendingSection = (page: Page) => page.getByRole('region', { name: 'Zu prüfende Mitarbeitende' });

/** The owner, in a browser of their own, on the employees page. */
async function ownerOnEmployeesPage(browser: Browser): Promise<{ owner: Page; watch: AccessibilityWatch }> {
  const owner = await (await browser.newContext()).newPage();
  const watch = await AccessibilityWatch.attach(owner);
  await logIn(owner, DEMO_USERS.owner);
  await mainMenu(owner).getByRole('link', { name: 'Mitarbeitende', exact: true }).click();
  await expect(owner.getByRole('heading', { level: 1, name: 'Mitarbeitende' })).toBeVisible();
  return { owner, watch };
}

test('the owner invites, the invitee registers through the mailed link, sets a password and logs in, the owner approves', async ({
  page,
  request,
  baseURL,
  browser,
}) => {
  const { owner, watch } = await ownerOnEmployeesPage(browser);
  await owner.getByRole('button', { name: 'Mitarbeitende einladen' }).click();
  const inviteDialog = owner.getByRole('dialog', { name: 'Mitarbeitende einladen' });
  const inviteButton = inviteDialog.getByRole('button', { name: 'Einladen' });
  await expect(inviteButton).toBeDisabled();
  await inviteDialog.getByRole('textbox', { name: 'E-Mail' }).fill(invitee.email);
  await inviteButton.click();
  const invited = owner.getByTestId('success-dialog');
  await expect(invited.getByRole('heading', { name: 'Der Mitarbeitende wurde eingeladen' })).toBeVisible();
  await expect(invited).toContainText(`Wir haben die Einladung an ${invitee.email} gesendet.`);
  await invited.getByRole('button', { name: 'Ok' }).click();
  await expect(inviteDialog).toBeHidden();

  const { mail, link } = await waitForInvitationLink(request, invitee.email);
  expect(mail.text).toContain(`„${COMPANY}“ lädt Sie ein`);
  expect(link.startsWith(`${baseURL}/employee-invitation/`)).toBe(true);

  await page.goto(link);
  await expect(page).toHaveTitle('Registrierung – Lumio');
  await expect(page.getByRole('heading', { level: 1, name: 'Registrierung' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'E-Mail' })).toHaveValue(invitee.email);
  await expect(page.getByRole('textbox', { name: 'E-Mail' })).toHaveAttribute('readonly', '');
  await expect(page.getByRole('textbox', { name: 'Firma' })).toHaveValue(COMPANY);
  await expect(registerButton(page)).toBeDisabled();

  await page.getByRole('combobox', { name: 'Anrede' }).selectOption('Frau');
  await page.getByRole('textbox', { name: 'Vorname' }).fill(invitee.firstName);
  await page.getByRole('textbox', { name: 'Nachname' }).fill(invitee.lastName);
  const birthDate = page.getByRole('textbox', { name: 'Geburtsdatum' });
  await birthDate.fill('31.02.1995');
  await birthDate.blur();
  await expect(page.getByText('Bitte geben Sie ein gültiges Geburtsdatum im Format TT.MM.JJJJ ein.')).toBeVisible();
  await expect(registerButton(page)).toBeDisabled();
  await birthDate.fill('12.04.1995');
  await birthDate.blur();
  await expect(registerButton(page)).toBeEnabled();
  await registerButton(page).click();

  const success = page.getByTestId('success-dialog');
  await expect(success.getByRole('heading', { name: 'Registrierung erfolgreich' })).toBeVisible();
  await expect(success).toContainText('Wir haben Ihnen eine E-Mail mit den nächsten Schritten gesendet');
  await success.getByRole('button', { name: 'Ok' }).click();
  await expectLandingPage(page);

  const steps = await waitForMail(request, { to: invitee.email, subject: REGISTERED_MAIL_SUBJECT });
  expect(steps.text).toContain(`Guten Tag Frau ${invitee.lastName},`);
  expect(steps.text).toContain('eID-Verifizierung');
  expect(steps.text).toContain(`Freigabe durch „${COMPANY}“`);
  await page.goto(linkMatching(steps, SET_PASSWORD_LINK));
  await expect(page.getByRole('heading', { level: 1, name: 'Passwort festlegen' })).toBeVisible();
  await expect(page.locator('#username')).toHaveValue(invitee.email);
  await page.locator('#password-new').fill(PASSWORD);
  await page.locator('#password-confirm').fill(PASSWORD);
  await page.locator('#kc-submit').click();
  await expect(page.getByRole('heading', { level: 1, name: 'Passwort gespeichert' })).toBeVisible();

  await page.locator('#kc-login-link').click();
  const self = await logIn(page, { email: invitee.email }, PASSWORD, { openLandingPage: false });
  expect({ role: self.role, status: self.status, email: self.email }).toEqual({
    role: 'Employee',
    status: 'Unverified',
    email: invitee.email,
  });
  // Registration unfinished: the eID verification waits.
  await expect(page.getByRole('list', { name: 'Bereiche' }).getByRole('link')).toHaveText([
    /^Profilverwaltung/,
    /^eID-Verifizierung/,
  ]);

  // The owner finds the new person waiting for approval and approves them.
  await owner.reload();
  const row = pendingSection(owner).getByRole('row').filter({ hasText: invitee.email });
  await expect(row).toContainText('Nicht verifiziert');
  await expect(row).toContainText('Mitarbeiterin');
  await row.getByRole('button', { name: 'Freigeben' }).click();
  const confirm = owner.getByTestId('confirm-dialog');
  await confirm.getByRole('button', { name: 'Freigeben' }).click();
  await expect(owner.getByTestId('success-dialog')).toContainText(
    `${invitee.firstName} ${invitee.lastName} wurde erfolgreich aktiviert.`,
  );
  await watch.checkLastScreen();
  expect(watch.found, 'axe-core on the owner’s pages').toEqual([]);
  await owner.context().close();

  // Approved by the company; the eID verification still waits.
  await page.reload();
  await expect(page.getByRole('list', { name: 'Bereiche' }).getByRole('link')).toHaveText([
    /^Profilverwaltung/,
    /^eID-Verifizierung/,
  ]);

  // The invitation was for one registration only.
  await page.goto(link);
  const invalid = page.getByTestId('invalid-invitation-dialog');
  await expect(invalid).toContainText('Das hat leider nicht geklappt!');
  await expect(invalid).toContainText('Der Link ist falsch oder nicht mehr gültig.');
});

test('an invalid invitation link shows the dialog and returns to the start page', async ({ page }) => {
  await page.goto('/employee-invitation/kein-gueltiger-link');
  const dialog = page.getByRole('dialog', { name: 'Das hat leider nicht geklappt!' });
  await expect(dialog).toContainText('Der Link ist falsch oder nicht mehr gültig.');
  await dialog.getByRole('button', { name: 'Ok' }).click();
  await expectLandingPage(page);
});
