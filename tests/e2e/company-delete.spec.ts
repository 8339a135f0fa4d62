import { expect, test } from './support/fixtures';
import { expectLandingPage, logIn, mainMenu } from './support/login';
import { createNewOwner } from './support/newOwner';

/*
 * Issue 9, part 3: an owner whose registration is unfinished deletes the company. The owner is
 * made for this test (its own application, approved through the API), so no other spec loses a
 * company or a user.
 */

test('an unfinished owner deletes the company after the countdown, is logged out and cannot log in again', async ({
  page,
  request,
  baseURL,
}) => {
  const owner = await createNewOwner(request, baseURL!, 'loeschen');
  // The countdown runs on the page's clock: the test moves it on instead of waiting 30 seconds.
  await page.clock.install();
  await logIn(page, owner, owner.password);

  // The header's profile button leads to the profile page with the link.
  await mainMenu(page).getByRole('link', { name: owner.displayName }).click();
  await expect(page).toHaveURL(/\/profile-management$/);
  await page.getByRole('button', { name: 'Unternehmen löschen' }).click();

  const dialog = page.getByRole('dialog', { name: 'Unternehmen löschen' });
  await expect(dialog).toContainText('alle Studios');
  await expect(dialog).toContainText('Benutzerkonten des Unternehmens, auch Ihr eigenes');
  const countdown = dialog.getByRole('timer');
  const deleteButton = dialog.getByRole('button', { name: 'Endgültig löschen' });
  // The page's clock runs on while the screen is checked (axe), so the first value read may be a
  // few seconds below 30; the countdown then moves only as the test moves the clock.
  const secondsShown = async () => {
    const match = /^Löschen ist in (\d+) Sekunden? möglich\.$/.exec((await countdown.textContent()) ?? '');
    expect(match, 'Countdown mit den verbleibenden Sekunden').not.toBeNull();
    return Number(match![1]);
  };
  const atStart = await secondsShown();
  expect(atStart).toBeGreaterThan(15);
  expect(atStart).toBeLessThanOrEqual(30);
  await expect(deleteButton).toBeDisabled();

  await page.clock.fastForward(10_000);
  await expect.poll(secondsShown).toBeLessThanOrEqual(atStart - 10);
  await expect(deleteButton).toBeDisabled();

  await page.clock.fastForward(20_000);
  await expect(countdown).toHaveText('Sie können das Unternehmen jetzt löschen.');
  await expect(deleteButton).toBeEnabled();

  const deleted = page.waitForResponse(
    (response) =>
      response.request().method() === 'DELETE' && new URL(response.url()).pathname.startsWith('/api/company/'),
  );
  await deleteButton.click();
  expect((await deleted).status()).toBe(204);

  const success = page.getByTestId('success-dialog');
  await expect(success).toContainText('Unternehmen wurde gelöscht');
  await expect(success).toContainText('Sie werden nun ausgeloggt.');
  // The message stays until it is acknowledged, although the session has already ended.
  await page.clock.fastForward(10_000);
  await expect(success).toBeVisible();
  await success.getByRole('button', { name: 'Ok' }).click();

  await expectLandingPage(page);

  // The account is gone: the login form refuses the password like any unknown account.
  await page.getByRole('button', { name: 'Jetzt anmelden' }).click();
  await expect(page.getByRole('heading', { name: 'Anmelden' })).toBeVisible();
  await page.locator('input[name="username"]').fill(owner.email);
  await page.locator('input[name="password"]').fill(owner.password);
  await page.locator('#kc-login').click();
  await expect(page.getByRole('alert')).toHaveText('Ungültiger Benutzername oder Passwort.');
});
