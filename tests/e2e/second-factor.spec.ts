import { claimDemoTotpCode, demoTotpCode } from '../../scripts/lib/totp.mjs';
import { DEMO_PASSWORD } from './support/demoUsers';
import { expect, test } from './support/fixtures';
import { mainMenu } from './support/login';

/**
 * Issue 24 with the embedded identity provider: a demo account of a provider role is asked for the
 * code of its authenticator app after the password; a wrong code is refused in German, the right
 * one logs in. (A new administrator's set-up at the first login: administration.spec.ts, through
 * the login helper.)
 */

/** A demo LumioAdmin that no other spec of this suite logs in with, so its codes are unused. */
const EMAIL = 'betrieb@lumio.example';

/** A code that is neither of this step nor of its neighbours. */
const wrongCode = () => String((Number(demoTotpCode()) + 500_000) % 1_000_000).padStart(6, '0');

test('a LumioAdmin gives the code of the app after the password; a wrong code is refused', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Jetzt anmelden' }).click();
  await expect(page.getByRole('heading', { name: 'Anmelden' })).toBeVisible();
  await page.getByLabel('E-Mail-Adresse').fill(EMAIL);
  await page.getByLabel('Passwort').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Anmelden' }).click();

  const code = page.getByLabel('Einmalcode');
  await expect(code).toBeVisible();
  await expect(page.getByLabel('Passwort')).toHaveCount(0);
  await code.fill(wrongCode());
  await page.getByRole('button', { name: 'Anmelden' }).click();
  await expect(page.getByRole('alert')).toHaveText('Ungültiger Einmalcode.');
  await expect(code).toHaveAttribute('aria-invalid', 'true');

  await code.fill(await claimDemoTotpCode(EMAIL));
  await page.getByRole('button', { name: 'Anmelden' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(mainMenu(page).getByRole('button', { name: 'Abmelden' })).toBeVisible();
});
