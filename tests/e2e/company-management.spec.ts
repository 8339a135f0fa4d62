import type { Locator, Page } from '@playwright/test';
import { VALIDATION_TEXTS } from '../../src/domain/validation';
import { DEMO_USERS } from './support/demoUsers';
import { expect, test } from './support/fixtures';
import { expectNoSidewaysScroll, truncatedTexts } from './support/layoutChecks';
import { expectLandingPage, logIn, mainMenu, menuButton } from './support/login';

/**
 * Issue 9, parts 1, 2, 7 and 8: the company page 'Firma' (route company-management). The owner
 * edits the company and adds, changes and deletes a studio and sees it in 'Letzte Änderungen';
 * the account administrator sees it read-only; LumioAdmin sees the studios with their system
 * integrator on companies/{id}. Other specs count Sonnenschein's three seeded studios and read
 * its company data: every test here removes its studio and empties the second phone number again.
 */

const COMPANY = 'Fotostudio Sonnenschein GmbH';

const companySection = (page: Page) => page.getByRole('region', { name: 'Unternehmen' });
const studios = (page: Page) => page.getByRole('region', { name: 'Studios' });
const history = (page: Page) => page.getByRole('region', { name: 'Letzte Änderungen' });
const saveButton = (page: Page) => page.getByRole('button', { name: 'Änderungen übernehmen' });
const phone2 = (page: Page) => page.getByRole('textbox', { name: 'Telefonnummer 2' });
const studioRows = (page: Page) => studios(page).locator('tbody tr');

/** A value no other run of the suite used (the server's data lives for the whole run). */
const unique = () => String(Date.now()).slice(-8);

async function openCompanyPageFromTile(page: Page): Promise<void> {
  await page.getByRole('list', { name: 'Bereiche' }).getByRole('link', { name: 'Firma & Studios' }).click();
  await expect(page).toHaveURL(/\/company-management$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Firma' })).toBeVisible();
  await expect(page).toHaveTitle('Firma – Lumio');
}

/** The success dialog with its title; Ok closes it. */
async function confirmSuccess(page: Page, title: string | RegExp): Promise<void> {
  const success = page.getByTestId('success-dialog');
  await expect(success).toContainText(title);
  await success.getByRole('button', { name: 'Ok' }).click();
  await expect(success).toBeHidden();
}

async function choose(page: Page, select: Locator, option: string): Promise<void> {
  await select.click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

async function searchStudios(page: Page, term: string): Promise<void> {
  const search = studios(page).getByRole('textbox', { name: 'Suchbegriff eingeben' });
  await search.fill(term);
  await search.press('Enter');
}

async function logOut(page: Page): Promise<void> {
  await mainMenu(page).getByRole('button', { name: 'Abmelden' }).click();
  await expectLandingPage(page);
}

test('the owner changes the second phone number, only with a valid number', async ({ page }) => {
  await logIn(page, DEMO_USERS.owner);
  await openCompanyPageFromTile(page);
  await expect(page.getByRole('textbox', { name: /Firmenname/ })).toHaveValue(COMPANY);
  await expect(phone2(page)).toHaveValue('');
  await expect(saveButton(page)).toBeDisabled();

  await phone2(page).fill('030-FOTO');
  await phone2(page).blur();
  await expect(companySection(page)).toContainText(VALIDATION_TEXTS.invalidPhoneNumber);
  await expect(saveButton(page)).toBeDisabled();

  const number = `+4930${unique()}`;
  await phone2(page).fill(number);
  await expect(companySection(page)).not.toContainText(VALIDATION_TEXTS.invalidPhoneNumber);
  await expect(saveButton(page)).toBeEnabled();
  await saveButton(page).click();
  await confirmSuccess(page, 'Die Änderungen an Ihrer Firma wurden gespeichert.');
  await expect(saveButton(page)).toBeDisabled();
  await expect(history(page).getByRole('listitem').first()).toContainText('Firma geändert: Telefonnummer 2');
  await expect(history(page).getByRole('listitem').first()).toContainText('Stefan Sonnenschein');

  // Kept after a reload, then emptied again (the seeded company has no second number).
  await page.reload();
  await expect(phone2(page)).toHaveValue(number);
  await phone2(page).fill('');
  await saveButton(page).click();
  await confirmSuccess(page, 'Die Änderungen an Ihrer Firma wurden gespeichert.');
  await expect(phone2(page)).toHaveValue('');
});

test('the owner adds a studio with its system integrator, LumioAdmin sees it, the owner changes and deletes it', async ({
  page,
}) => {
  // Three logins in one journey: more than the default step budget on a busy machine.
  test.slow();
  const name = `E2E Studio ${unique()}`;
  await logIn(page, DEMO_USERS.owner);
  await openCompanyPageFromTile(page);
  await expect(studios(page).getByTestId('list-footer')).toContainText('Gesamt: 3');

  // addStore: 'Studio hinzufügen' is offered once name, address and country are there.
  await studios(page).getByRole('button', { name: 'Studio hinzufügen' }).click();
  const addDialog = page.getByRole('dialog', { name: 'Studio hinzufügen' });
  const add = addDialog.getByRole('button', { name: 'Studio hinzufügen' });
  await expect(add).toBeDisabled();
  await addDialog.getByRole('textbox', { name: /Studioname/ }).fill(name);
  await addDialog.getByRole('textbox', { name: /Adresse/ }).fill('Oranienstraße 5, 10999 Berlin');
  await expect(add).toBeDisabled();
  await choose(page, addDialog.getByRole('combobox', { name: /Land/ }), 'Deutschland');
  await choose(page, addDialog.getByRole('combobox', { name: /System-Integrator/ }), 'FotoSoft GmbH (FOTOSOFT)');
  await add.click();
  await confirmSuccess(page, 'Studio hinzugefügt');
  await expect(addDialog).toBeHidden();
  await expect(studios(page).getByTestId('list-footer')).toContainText('Gesamt: 4');
  await expect(history(page).getByRole('listitem').first()).toContainText(`Studio hinzugefügt: ${name}`);
  // The owner's own table names each studio's system integrator too (issue 25).
  await expect(studios(page).getByRole('columnheader', { name: /System-Integrator/ })).toBeVisible();
  await expect(studioRows(page).filter({ hasText: name })).toContainText('FotoSoft GmbH (FOTOSOFT)');

  // LumioAdmin reads it on companies/{id}, with the system integrator serving it.
  await logOut(page);
  await logIn(page, DEMO_USERS.lumioAdmin);
  await mainMenu(page).getByRole('link', { name: 'Firmen' }).click();
  await page.getByRole('link', { name: COMPANY }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Firma' })).toBeVisible();
  await expect(studios(page).getByRole('columnheader')).toHaveText([
    /Studioname/,
    /Adresse/,
    /Land/,
    /System-Integrator/,
  ]);
  const adminRow = studioRows(page).filter({ hasText: name });
  await expect(adminRow.getByRole('cell')).toHaveText([
    name,
    'Oranienstraße 5, 10999 Berlin',
    'Deutschland',
    'FotoSoft GmbH (FOTOSOFT)',
  ]);
  await expect(studioRows(page).filter({ hasText: 'Sonnenschein Mitte' }).getByRole('cell').last()).toHaveText('');
  await expect(history(page)).toContainText(`Studio hinzugefügt: ${name}`);
  await expect(page.getByRole('link', { name: 'Zurück' })).toBeVisible();

  // updateStore by row click, the form prefilled with the studio.
  await logOut(page);
  await logIn(page, DEMO_USERS.owner);
  await openCompanyPageFromTile(page);
  await searchStudios(page, name);
  await expect(studios(page).getByTestId('list-footer')).toContainText('Gesamt: 1');
  await studioRows(page).first().getByRole('cell', { name: 'Deutschland' }).click();
  const editDialog = page.getByRole('dialog', { name: 'Studio bearbeiten' });
  await expect(editDialog.getByRole('textbox', { name: /Studioname/ })).toHaveValue(name);
  await expect(editDialog.getByRole('combobox', { name: /System-Integrator/ })).toHaveText('FotoSoft GmbH (FOTOSOFT)');
  const save = editDialog.getByRole('button', { name: 'Speichern' });
  await expect(save).toBeDisabled();
  await editDialog.getByRole('textbox', { name: /Adresse/ }).fill('Oranienstraße 7, 10999 Berlin');
  await save.click();
  await confirmSuccess(page, 'Studio geändert');
  await expect(studioRows(page).first()).toContainText('Oranienstraße 7, 10999 Berlin');
  await expect(history(page).getByRole('listitem').first()).toContainText(`Studio geändert: ${name} (Adresse)`);

  // deleteStore: nothing happens until the confirmation.
  await studioRows(page)
    .first()
    .getByRole('button', { name: `Studio „${name}“ löschen` })
    .click();
  const confirm = page.getByRole('dialog', { name: 'Studio löschen?' });
  await expect(confirm).toContainText(`Soll das Studio „${name}“ wirklich gelöscht werden?`);
  await confirm.getByRole('button', { name: 'Abbrechen' }).click();
  await expect(studioRows(page)).toHaveCount(1);
  await studioRows(page)
    .first()
    .getByRole('button', { name: `Studio „${name}“ löschen` })
    .click();
  await confirm.getByRole('button', { name: 'Löschen' }).click();
  await confirmSuccess(page, 'Studio gelöscht');
  await expect(studios(page)).toContainText(`Keine Suchergebnisse für "${name}"`);
  await expect(history(page).getByRole('listitem').first()).toContainText(`Studio gelöscht: ${name}`);
});

test('the account administrator sees company and studios read-only', async ({ page }) => {
  await logIn(page, DEMO_USERS.accountAdministrator);
  await mainMenu(page).getByRole('link', { name: 'Firma & Studio' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Firma' })).toBeVisible();

  await expect(companySection(page)).toContainText(COMPANY);
  await expect(companySection(page).getByRole('textbox')).toHaveCount(0);
  await expect(saveButton(page)).toHaveCount(0);
  await expect(studioRows(page).filter({ hasText: 'Sonnenschein Mitte' })).toBeVisible();
  await expect(studios(page).getByRole('button', { name: 'Studio hinzufügen' })).toHaveCount(0);
  await expect(studios(page).getByRole('button', { name: /löschen/ })).toHaveCount(0);
  // A row offers no click.
  await expect(studioRows(page).first()).not.toHaveCSS('cursor', 'pointer');
  await studioRows(page).first().click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  // The history is the owner's.
  await expect(history(page)).toHaveCount(0);
});

test.describe('on a phone (390 × 844)', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("the owner's company page fits, and a studio opens by tap", async ({ page }) => {
    await logIn(page, DEMO_USERS.owner);
    await menuButton(page).click();
    await mainMenu(page).getByRole('link', { name: 'Firma & Studio' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Firma' })).toBeVisible();
    await expect(studios(page).getByRole('listitem')).toHaveCount(3);
    await expect(history(page)).toBeVisible();
    await expectNoSidewaysScroll(page);
    expect(await truncatedTexts(page)).toEqual([]);

    // Issue 25: the card offers the table's row action too; the card itself opens the studio.
    await expect(studios(page).getByRole('button', { name: 'Studio „Sonnenschein Mitte“ löschen' })).toBeVisible();
    await studios(page)
      .getByRole('button', { name: /^Sonnenschein Mitte/ })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Studio bearbeiten' });
    await expect(dialog.getByRole('textbox', { name: /Studioname/ })).toHaveValue('Sonnenschein Mitte');
    await expect(dialog.getByRole('button', { name: 'Studio löschen' })).toBeVisible();
    await expectNoSidewaysScroll(page);
    await dialog.getByRole('button', { name: 'Abbrechen' }).click();
    await expect(dialog).toBeHidden();
  });
});
