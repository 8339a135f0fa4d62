import type { Page } from '@playwright/test';
import { DEMO_USERS } from './support/demoUsers';
import { pdfFile } from './support/files';
import { expect, test } from './support/fixtures';
import { expectNoSidewaysScroll, truncatedTexts } from './support/layoutChecks';
import { logIn, mainMenu, menuButton } from './support/login';

/**
 * Issue 8, phone and tablet: at 390 × 844 (a current phone) the landing page, the registration,
 * the dashboard and a list fit the width, cut no label off, and the header menu opens from its
 * button. At 768 px (a tablet) the menu stays in the bar.
 */
test.describe('on a phone (390 × 844)', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  async function expectFitsThePhone(page: Page): Promise<void> {
    await expectNoSidewaysScroll(page);
    expect(await truncatedTexts(page)).toEqual([]);
  }

  test('the landing page fits, its buttons within reach', async ({ page }) => {
    await page.goto('/');
    const login = page.getByRole('button', { name: 'Jetzt anmelden' });
    await expect(login).toBeVisible();
    await expect(page.getByRole('link', { name: 'Fotostudio registrieren' })).toBeVisible();
    await expectFitsThePhone(page);
    const box = (await login.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(390);
  });

  test('every registration step fits', async ({ page }) => {
    await page.goto('/register-studio');
    const step = (title: string) => page.getByRole('heading', { level: 2, name: title, exact: true });
    const next = page.getByRole('button', { name: 'Weiter' });

    await expect(step('Persönliche Daten')).toBeVisible();
    await expectFitsThePhone(page);
    await page.getByLabel('Anrede').selectOption('Frau');
    await page.getByRole('textbox', { name: 'Vorname' }).fill('Pia');
    await page.getByRole('textbox', { name: 'Nachname' }).fill('Handy');
    await page.getByRole('textbox', { name: 'Geburtsdatum' }).fill('12.04.1990');
    await page.getByRole('textbox', { name: 'E-Mail' }).fill(`handy-${Date.now()}@studio-test.example`);
    await next.click();

    await expect(step('Firmendaten')).toBeVisible();
    await expectFitsThePhone(page);
    await page.getByRole('textbox', { name: 'Firmenname' }).fill('Studio Hochformat GmbH');
    await page.getByLabel('Rechtsform').selectOption('GmbH');
    await page.getByRole('textbox', { name: 'Adresse' }).fill('Schmale Gasse 1, 20095 Hamburg');
    await page.getByLabel('Land').selectOption('Deutschland');
    await page.getByRole('textbox', { name: 'Telefonnummer', exact: true }).fill('+49401234567');
    await next.click();

    await expect(step('Mitgliedsnummer und Nachweise')).toBeVisible();
    await page.getByLabel(/JPEG-, PNG-, PDF-Dokumente hochladen/).setInputFiles([pdfFile('gewerbeanmeldung.pdf')]);
    await expect(page.getByRole('listitem').filter({ hasText: 'gewerbeanmeldung.pdf' })).toContainText(
      'Datei hochgeladen',
    );
    await expectFitsThePhone(page);
    await next.click();

    await expect(step('Zusammenfassung')).toBeVisible();
    await expectFitsThePhone(page);
  });

  test('the dashboard fits and the menu opens from its button', async ({ page }) => {
    await logIn(page, DEMO_USERS.lumioAdmin);
    await expect(page.getByRole('list', { name: 'Bereiche' })).toBeVisible();
    await expect(mainMenu(page)).toBeHidden();
    await expectFitsThePhone(page);

    await expect(menuButton(page)).toHaveAttribute('aria-expanded', 'false');
    await menuButton(page).click();
    await expect(mainMenu(page).getByRole('link')).toHaveText([
      'Übersicht',
      'Verwaltung',
      'Firmen',
      'Vorgangsauswertung',
      DEMO_USERS.lumioAdmin.displayName,
      'Passwort ändern',
    ]);
    await expect(mainMenu(page).getByRole('button', { name: 'Abmelden' })).toBeVisible();
    await expectNoSidewaysScroll(page);

    // Escape closes the drawer and gives the focus back to the button.
    await page.keyboard.press('Escape');
    await expect(mainMenu(page)).toBeHidden();
    await expect(menuButton(page)).toBeFocused();
    await expect(menuButton(page)).toHaveAttribute('aria-expanded', 'false');
  });

  test('the companies list shows its rows as links that fit, the paginator included', async ({ page }) => {
    await logIn(page, DEMO_USERS.lumioAdmin);
    await menuButton(page).click();
    await mainMenu(page).getByRole('link', { name: 'Firmen' }).click();
    await expect(mainMenu(page)).toBeHidden();
    await expect(page).toHaveURL(/\/companies$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Firmen' })).toBeVisible();

    const company = page.getByRole('link', { name: /Fotostudio Sonnenschein GmbH/ });
    await expect(company).toBeVisible();
    await expect(company).toContainText('Sonnenallee 12, 12045 Berlin');
    const lastPage = page.getByRole('button', { name: 'Letzte Seite' });
    await expect(lastPage).toBeVisible();
    const box = (await lastPage.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    await expectFitsThePhone(page);

    await company.click();
    await expect(page.getByRole('heading', { level: 1, name: 'Firma' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Studios' }).getByRole('listitem')).toHaveCount(3);
    await expectFitsThePhone(page);
  });

  test("a long page title wraps instead of being cut off ('Vorgangsauswertung anfordern')", async ({ page }) => {
    await logIn(page, DEMO_USERS.systemIntegratorAdmin);
    // The integrator reaches it from its tile (the spec lists it in the menu for LumioAdmin only).
    await page.getByRole('list', { name: 'Bereiche' }).getByRole('link', { name: 'Vorgangsauswertung' }).click();
    const title = page.getByRole('heading', { level: 1, name: 'Vorgangsauswertung anfordern' });
    await expect(title).toBeVisible();
    await expect(page.getByRole('form', { name: 'Vorgangsauswertung anfordern' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Ergebnisse aktualisieren' })).toBeVisible();
    await expectFitsThePhone(page);
  });
});

test.describe('on a tablet (768 × 1024)', () => {
  test.use({ viewport: { width: 768, height: 1024 } });

  test('the menu stays in the bar and the companies table fits', async ({ page }) => {
    await logIn(page, DEMO_USERS.lumioAdmin);
    await expect(menuButton(page)).toHaveCount(0);
    await mainMenu(page).getByRole('link', { name: 'Firmen' }).click();
    await expect(page.getByRole('columnheader')).toHaveText([/Firmenname/, /Rechtform/, /Adresse/, /Land/]);
    await expectNoSidewaysScroll(page);
  });
});
