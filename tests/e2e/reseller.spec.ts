import { DEMO_USERS } from './support/demoUsers';
import { expect, test } from './support/fixtures';
import { logIn } from './support/login';

/** FotoSoft's demo resellers (DEMO_RESELLERS of server/db/seed.ts). */
const DEMO_RESELLERS = ['Foto Express Handel GmbH', 'Passbild-Service Nord', 'Studiobedarf Krause KG'];

/**
 * Issue 12, route reseller: the demo integrator's own resellers, created, renamed and deleted
 * through the dialogs createEditReseller and deleteReseller. One journey, one login.
 */
test('the integrator creates, renames and deletes a reseller through the dialogs', async ({ page }) => {
  const stamp = Date.now();
  const name = `E2E Reseller ${stamp}`;
  const newName = `E2E Partner ${stamp}`;
  const rows = page.locator('tbody tr');
  const footer = page.getByTestId('list-footer');
  const searchBox = page.getByRole('textbox', { name: 'Suchbegriff eingeben' });
  const dialog = page.getByTestId('reseller-dialog');
  const success = page.getByTestId('success-dialog');

  await logIn(page, DEMO_USERS.systemIntegratorAdmin);
  // The dashboard's tile leads to the page.
  await page.getByRole('list', { name: 'Bereiche' }).getByRole('link', { name: 'Reseller' }).click();
  await expect(page).toHaveURL(/\/reseller(\?.*)?$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Reseller' })).toBeVisible();
  await expect(page).toHaveTitle('Reseller – Lumio');
  await expect(page.getByRole('columnheader')).toHaveText([/Name/, 'Aktionen']);
  for (const demo of DEMO_RESELLERS) await expect(rows.filter({ hasText: demo })).toHaveCount(1);

  // Create.
  await page.getByRole('button', { name: 'Reseller anlegen' }).click();
  await expect(dialog.getByRole('heading', { name: 'Reseller anlegen' })).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Anlegen' })).toBeDisabled();
  await dialog.getByRole('textbox', { name: 'Name' }).fill(name);
  await dialog.getByRole('button', { name: 'Anlegen' }).click();
  await expect(success).toContainText('Hat geklappt!');
  await expect(success).toContainText(`Der Reseller „${name}“ wurde angelegt.`);
  await success.getByRole('button', { name: 'Ok' }).click();
  await expect(dialog).toBeHidden();

  await searchBox.fill(String(stamp));
  await searchBox.press('Enter');
  await expect(footer).toContainText('Gesamt: 1');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(name);

  // Rename by row click.
  await rows.first().click();
  await expect(dialog.getByRole('heading', { name: 'Reseller bearbeiten' })).toBeVisible();
  await expect(dialog.getByRole('textbox', { name: 'Name' })).toHaveValue(name);
  await dialog.getByRole('textbox', { name: 'Name' }).fill(newName);
  await dialog.getByRole('button', { name: 'Speichern' }).click();
  await expect(success).toContainText('Reseller geändert');
  await success.getByRole('button', { name: 'Ok' }).click();
  await expect(dialog).toBeHidden();
  await expect(rows.first()).toContainText(newName);

  // Delete by the row action, after a confirmation naming the reseller.
  await page.getByRole('button', { name: `Reseller „${newName}“ löschen` }).click();
  const confirm = page.getByRole('dialog', { name: 'Reseller löschen?' });
  await expect(confirm).toContainText(`Soll der Reseller „${newName}“ wirklich gelöscht werden?`);
  await confirm.getByRole('button', { name: 'Löschen' }).click();
  await expect(success).toContainText('Reseller gelöscht');
  await expect(success).toContainText(`Der Reseller „${newName}“ wurde gelöscht.`);
  await success.getByRole('button', { name: 'Ok' }).click();
  await expect(page.getByText(`Keine Suchergebnisse für "${stamp}"`)).toBeVisible();
});
