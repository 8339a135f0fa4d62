import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { DEMO_USERS } from './support/demoUsers';
import { pdfFile } from './support/files';
import { expect, test } from './support/fixtures';
import { expectNoSidewaysScroll, truncatedTexts } from './support/layoutChecks';
import { logIn, mainMenu, menuButton } from './support/login';
import { createNewEmployee } from './support/newEmployee';

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
      'Protokoll',
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

/**
 * Issue 25, parts 3 and 4: at 390 px every action of a list row is there (the table's actions
 * column becomes buttons under each entry), the owner decides about a pending person on the list
 * and on the person's page, the usage panel fits the phone, and the consumption's toggle passes
 * axe's contrast check.
 */
test.describe('row actions and decisions on a phone (390 × 844)', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  /** Letters only (names refuse digits), unique per run. */
  const runTag = () =>
    Date.now()
      .toString()
      .replace(/\d/g, (digit) => 'abcdefghij'[Number(digit)]);

  test("the integrator opens a package's consumption, and still edits the package", async ({ page }) => {
    await logIn(page, DEMO_USERS.systemIntegratorAdmin);
    await page.goto('/license-management');
    await page.getByText('Fotostudio Sonnenschein GmbH').first().click();
    await page.getByText('Sonnenschein Neukölln').first().click();
    await page.getByText('SNNSC-HN01K-PC01B-FTSFT-DEM01').click();
    await expect(page.getByRole('heading', { level: 1, name: 'Vorgangspakete' })).toBeVisible();

    const showConsumption = page.getByRole('button', { name: /^Verbrauch des Vorgangspakets .* anzeigen$/ }).first();
    await expect(showConsumption).toBeVisible();
    await expect(page.getByRole('button', { name: /^Vorgangspaket .* bearbeiten$/ }).first()).toBeVisible();
    await showConsumption.click();
    const consumption = page.getByRole('region', { name: 'Verbrauch des Vorgangspakets' });
    await expect(consumption).toContainText('Genutzt');
    await expectNoSidewaysScroll(page);

    // The toggle's unselected button reads at least 4.5:1 (it was 4.49:1 on the page background).
    await expect(consumption.getByRole('button', { name: 'Wöchentlich' })).toBeVisible();
    const contrast = await new AxeBuilder({ page })
      .include('section[aria-labelledby]')
      .withRules(['color-contrast'])
      .analyze();
    expect(contrast.violations.flatMap((violation) => violation.nodes.map((node) => node.html))).toEqual([]);
  });

  test('the owner releases a pending person from the list and rejects one on the person’s page', async ({
    page,
    request,
    baseURL,
  }) => {
    const tag = runTag();
    const released = await createNewEmployee(request, baseURL ?? '', 'phone-release', {
      firstName: 'Frieda',
      lastName: `Frei${tag}`,
    });
    const rejected = await createNewEmployee(request, baseURL ?? '', 'phone-reject', {
      firstName: 'Anton',
      lastName: `Ab${tag}`,
    });
    await logIn(page, DEMO_USERS.owner);
    await page.goto('/employees');
    const pending = page.getByRole('region', { name: 'Zu prüfende Mitarbeitende' });
    const search = async (term: string) => {
      const box = pending.getByRole('textbox', { name: 'Suchbegriff eingeben' });
      await box.fill(term);
      await box.press('Enter');
    };
    const done = page.getByTestId('success-dialog');
    const confirmDialog = page.getByTestId('confirm-dialog');

    await search(released.lastName);
    const card = pending.getByRole('listitem').filter({ hasText: released.email });
    await card.getByRole('button', { name: 'Freigeben' }).click();
    await confirmDialog.getByRole('button', { name: 'Freigeben' }).click();
    await expect(done).toContainText(`Frieda ${released.lastName} wurde erfolgreich aktiviert.`);
    await done.getByRole('button', { name: 'Ok' }).click();
    await expectNoSidewaysScroll(page);

    await search(rejected.lastName);
    await pending.getByRole('listitem').filter({ hasText: rejected.email }).getByText(rejected.email).click();
    await expect(page).toHaveURL(/\/employees\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('button', { name: 'Freigeben' })).toBeVisible();
    await expectNoSidewaysScroll(page);
    await page.getByRole('button', { name: 'Ablehnen' }).click();
    await confirmDialog.getByRole('button', { name: 'Ablehnen' }).click();
    await expect(done).toContainText(`Anton ${rejected.lastName} wurde erfolgreich abgelehnt.`);
    await done.getByRole('button', { name: 'Ok' }).click();
    await expect(page).toHaveURL(/\/employees$/);
  });

  test('the usage panel fits the phone; its table scrolls inside its box and the chart comes when asked for', async ({
    page,
  }) => {
    await logIn(page, DEMO_USERS.owner);
    await page.goto('/license-management');
    const usage = page.getByRole('region', { name: 'Nutzung' });
    await expect(usage.getByRole('table', { name: 'Vorgänge je Monat' })).toBeVisible();
    await expectNoSidewaysScroll(page);
    expect((await usage.boundingBox())!.width).toBeLessThanOrEqual(390);

    await usage.getByRole('button', { name: 'Diagramm anzeigen' }).click();
    await expect(usage.getByRole('img', { name: /^Balkendiagramm der Vorgänge je Monat/ })).toBeVisible();
    await expectNoSidewaysScroll(page);
  });
});
