import { DEMO_USERS } from './support/demoUsers';
import { expect, test } from './support/fixtures';
import { logIn, mainMenu } from './support/login';

/** Issue 8, part 6: each signed-in page names itself in the browser tab: 'Seite – Lumio'. */
test('a LumioAdmin sees the page in every tab title', async ({ page }) => {
  await logIn(page, DEMO_USERS.lumioAdmin);
  await expect(page).toHaveTitle('Übersicht – Lumio');

  await mainMenu(page).getByRole('link', { name: 'Firmen' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Firmen' })).toBeVisible();
  await expect(page).toHaveTitle('Firmen – Lumio');

  await page.locator('tbody tr').first().getByRole('link').click();
  await expect(page.getByRole('heading', { level: 1, name: 'Firma' })).toBeVisible();
  await expect(page).toHaveTitle('Firma – Lumio');

  await mainMenu(page).getByRole('link', { name: 'Übersicht' }).click();
  await page.getByRole('list', { name: 'Bereiche' }).getByRole('link', { name: 'Offene Anträge' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Offene Anträge' })).toBeVisible();
  await expect(page).toHaveTitle('Offene Anträge – Lumio');

  await mainMenu(page).getByRole('link', { name: 'Verwaltung' }).click();
  await expect(page).toHaveURL(/\/administration$/);
  await expect(page).toHaveTitle('Verwaltung – Lumio');
});

test('a SystemAdmin sees the system-integrator page in the tab title, also with the create dialog open', async ({
  page,
}) => {
  await logIn(page, DEMO_USERS.systemAdmin);
  await mainMenu(page).getByRole('link', { name: 'System-Integrator' }).click();
  await expect(page.getByTestId('list-footer')).toContainText('Gesamt:');
  await expect(page).toHaveTitle('System-Integrator – Lumio');

  // createEditSystemIntegrator opens over the list, whose title stays.
  await page.getByRole('button', { name: 'System-Integrator anlegen' }).click();
  await expect(page.getByRole('dialog').getByRole('textbox', { name: 'Kennung' })).toBeVisible();
  await expect(page).toHaveTitle('System-Integrator – Lumio');
});
