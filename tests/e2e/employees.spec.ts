import type { Locator, Page } from '@playwright/test';
import { DEMO_USERS } from './support/demoUsers';
import { expect, test } from './support/fixtures';
import { logIn, mainMenu } from './support/login';

/**
 * Issue 10, parts 1, 2, 5, 6 and 7: the employees page 'Mitarbeitende' and employees/{id}. The
 * owner reaches the pending people through the menu's 'Offene Anträge' (its badge counts them),
 * approves one, rejects and then deletes another, and promotes an employee to account
 * administrator; the account administrator has no actions on the owner's row nor on their own.
 * The data lives for the whole run: this spec changes Paul Prüfling (approved), Vera Vogel
 * (rejected, deleted) and Simon Schulz (AccountAdministrator), whom no other spec uses.
 */

const pending = (page: Page) => page.getByRole('region', { name: 'Zu prüfende Mitarbeitende' });
const all = (page: Page) => page.getByRole('region', { name: 'Alle Mitarbeitenden' });
const rowOf = (table: Locator, name: string) => table.getByRole('row').filter({ hasText: name });
const badge = (page: Page) => mainMenu(page).getByTestId('pending-employee-count');

async function search(table: Locator, term: string): Promise<void> {
  const box = table.getByRole('textbox', { name: 'Suchbegriff eingeben' });
  await box.fill(term);
  await box.press('Enter');
}

/** Searches 'Alle Mitarbeitenden' for a term that finds exactly one person. */
async function searchOne(page: Page, term: string): Promise<void> {
  await search(all(page), term);
  await expect(all(page).getByTestId('list-footer')).toContainText(/Gesamt: 1(?!\d)/);
}

/** The confirmation dialog names the person; then the success dialog says what happened. */
async function confirmAndSucceed(page: Page, confirmTitle: string, confirmLabel: string, success: string) {
  const dialog = page.getByTestId('confirm-dialog');
  await expect(dialog.getByRole('heading', { name: confirmTitle })).toBeVisible();
  await dialog.getByRole('button', { name: confirmLabel }).click();
  const done = page.getByTestId('success-dialog');
  await expect(done).toContainText(success);
  await done.getByRole('button', { name: 'Ok' }).click();
  await expect(done).toBeHidden();
}

test('the owner decides about the pending people, deletes and promotes', async ({ page }) => {
  await logIn(page, DEMO_USERS.owner);

  // The menu's 'Offene Anträge' counts the pending people and leads to them.
  const initial = Number(await badge(page).textContent());
  expect(initial).toBeGreaterThanOrEqual(2);
  await mainMenu(page)
    .getByRole('link', { name: /^Offene Anträge/ })
    .click();
  await expect(page).toHaveURL(/\/employees#zu-pruefende-mitarbeitende$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Mitarbeitende' })).toBeVisible();
  await expect(page).toHaveTitle('Mitarbeitende – Lumio');
  await expect(pending(page)).toBeInViewport();
  await expect(pending(page).getByTestId('list-footer')).toContainText(new RegExp(`Gesamt: ${initial}(?!\\d)`));
  await expect(rowOf(pending(page), 'Prüfling')).toContainText('Nicht verifiziert');
  await expect(rowOf(pending(page), 'Vogel')).toContainText('Verifiziert');
  await expect(rowOf(pending(page), 'Prüfling')).toContainText('12.03.2001');

  // 'Freigeben': Paul leaves the pending section and reads 'Aktiv'.
  await rowOf(pending(page), 'Prüfling').getByRole('button', { name: 'Freigeben' }).click();
  await confirmAndSucceed(page, 'Paul Prüfling freigeben?', 'Freigeben', 'Paul Prüfling wurde erfolgreich aktiviert.');
  await expect(rowOf(pending(page), 'Prüfling')).toHaveCount(0);
  await expect(badge(page)).toHaveText(String(initial - 1));
  await search(all(page), 'Prüfling');
  await expect(rowOf(all(page), 'Prüfling')).toContainText('Aktiv');
  await expect(rowOf(all(page), 'Prüfling').getByRole('button', { name: 'Löschen' })).toBeVisible();

  // 'Ablehnen', then 'Löschen' the rejected person.
  await rowOf(pending(page), 'Vogel').getByRole('button', { name: 'Ablehnen' }).click();
  await confirmAndSucceed(page, 'Vera Vogel ablehnen?', 'Ablehnen', 'Vera Vogel wurde erfolgreich abgelehnt.');
  await search(all(page), 'Vogel');
  await expect(rowOf(all(page), 'Vogel')).toContainText('Abgelehnt');
  await rowOf(all(page), 'Vogel').getByRole('button', { name: 'Löschen' }).click();
  await confirmAndSucceed(page, 'Vera Vogel löschen?', 'Löschen', 'Vera Vogel wurde erfolgreich gelöscht.');
  await expect(all(page)).toContainText('Keine Suchergebnisse für "Vogel"');
  if (initial === 2) {
    await expect(pending(page)).toHaveCount(0);
    await expect(badge(page)).toHaveCount(0);
  } else {
    await expect(badge(page)).toHaveText(String(initial - 2));
  }

  // Promote Simon Schulz on his page; the list then shows his new role.
  await search(all(page), 'Schulz');
  await expect(rowOf(all(page), 'Schulz')).toContainText('Mitarbeiter');
  await rowOf(all(page), 'Schulz').getByRole('link', { name: 'Simon' }).click();
  await expect(page).toHaveURL(/\/employees\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('region', { name: 'Persönliche Daten' })).toContainText(
    'simon.schulz@studio-sonnenschein.example',
  );
  const save = page.getByRole('button', { name: 'Speichern' });
  await expect(save).toBeDisabled();
  await page.getByRole('combobox', { name: 'Rolle' }).click();
  await expect(page.getByRole('option')).toHaveText(['Konto-Administrator', 'Mitarbeiter']);
  await page.getByRole('option', { name: 'Konto-Administrator' }).click();
  await save.click();
  await expect(page.getByTestId('success-dialog')).toContainText(
    'Die Rolle von Simon Schulz wurde erfolgreich aktualisiert.',
  );
  await page.getByTestId('success-dialog').getByRole('button', { name: 'Ok' }).click();
  await expect(save).toBeDisabled();
  await expect(page.getByRole('region', { name: 'Letzte Änderungen' })).toContainText(
    'Rolle geändert: Simon Schulz (Mitarbeiter*in → Konto-Administrator*in)',
  );
  await page.getByRole('link', { name: 'Zurück' }).click();
  await search(all(page), 'Schulz');
  await expect(rowOf(all(page), 'Schulz')).toContainText('Konto-Administrator');
});

test('the account administrator has no actions on the owner nor on the own row', async ({ page }) => {
  await logIn(page, DEMO_USERS.accountAdministrator);
  await mainMenu(page).getByRole('link', { name: 'Mitarbeitende' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Mitarbeitende' })).toBeVisible();

  // Every address ends in studio-sonnenschein.example: each search narrows the table to one person.
  await searchOne(page, 'inhaber@');
  const owner = rowOf(all(page), 'Stefan');
  await expect(owner).toContainText('Eigentümer');
  await expect(owner.getByRole('button')).toHaveCount(0);
  await searchOne(page, 'kontoadmin@');
  const self = rowOf(all(page), 'Kim');
  await expect(self).toContainText('Konto-Administrator*in');
  await expect(self.getByRole('button')).toHaveCount(0);
  await searchOne(page, 'Albrecht');
  await expect(rowOf(all(page), 'Albrecht').getByRole('button', { name: 'Löschen' })).toBeVisible();

  // The owner's page is read-only: the role shows, nothing can be saved or deleted.
  await searchOne(page, 'inhaber@');
  await owner.getByRole('link', { name: 'Stefan' }).click();
  await expect(page.getByRole('combobox', { name: 'Rolle' })).toHaveAttribute('aria-disabled', 'true');
  await expect(page.getByRole('combobox', { name: 'Rolle' })).toHaveText('Eigentümer');
  await expect(page.getByRole('button', { name: 'Speichern' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Löschen' })).toHaveCount(0);
});
