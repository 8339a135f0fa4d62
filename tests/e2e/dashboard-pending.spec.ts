import type { Page } from '@playwright/test';
import type { Dashboard } from '../../src/domain/dashboard';
import { DEMO_USERS, type DemoUser } from './support/demoUsers';
import { expect, test } from './support/fixtures';
import { expectNoSidewaysScroll } from './support/layoutChecks';
import { logIn } from './support/login';

/**
 * Issue 25, part 1: 'Was ansteht' below the dashboard's tiles, per role. The figures shown are the
 * ones GET /api/dashboard answered (tests/api/dashboard.test.ts holds the counts themselves to
 * exact fixtures); here: that they show in German, that each link leads to the screen that
 * handles the figure, at desktop and phone width, with axe-core watching every screen.
 */

/** Logs in and answers the figures the dashboard loaded. */
async function logInWithFigures<K extends Dashboard['kind']>(
  page: Page,
  user: DemoUser,
  kind: K,
): Promise<Extract<Dashboard, { kind: K }>> {
  const answer = page.waitForResponse(
    (response) => new URL(response.url()).pathname === '/api/dashboard' && response.request().method() === 'GET',
  );
  await logIn(page, user);
  const figures = (await (await answer).json()) as Dashboard;
  expect(figures.kind).toBe(kind);
  return figures as Extract<Dashboard, { kind: K }>;
}

const pending = (page: Page) => page.getByRole('region', { name: 'Was ansteht' });
const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

test('an owner sees its company figures and goes from the people waiting to their release', async ({ page }) => {
  const figures = await logInWithFigures(page, DEMO_USERS.owner, 'company');
  const section = pending(page);
  await expect(page.getByRole('list', { name: 'Bereiche' })).toBeVisible();
  await expect(
    section.getByRole('link', {
      name: plural(figures.packages.usedUp, 'Paket aufgebraucht', 'Pakete aufgebraucht'),
    }),
  ).toHaveAttribute('href', `/license-management/${figures.companyId}`);
  await expect(
    section.getByRole('link', { name: plural(figures.suspendedLicenses, 'Lizenz gesperrt', 'Lizenzen gesperrt') }),
  ).toBeVisible();
  const table = section.getByRole('table', { name: 'Identifikationsvorgänge' });
  await expect(table.getByRole('row', { name: /^Prepaid/ }).getByRole('cell')).toHaveText([
    figures.thisMonth.prepaid.toLocaleString('de-DE'),
    figures.lastMonth.prepaid.toLocaleString('de-DE'),
  ]);

  const waiting = plural(figures.pendingEmployees, 'Person wartet auf Freigabe', 'Personen warten auf Freigabe');
  await section.getByRole('link', { name: waiting }).click();
  await expect(page).toHaveURL(/\/employees#zu-pruefende-mitarbeitende$/);
  await expect(page.getByRole('region', { name: 'Zu prüfende Mitarbeitende' })).toBeVisible();
});

test('an account administrator sees the packages as text and the people waiting as a link', async ({ page }) => {
  const figures = await logInWithFigures(page, DEMO_USERS.accountAdministrator, 'company');
  const section = pending(page);
  const usedUp = plural(figures.packages.usedUp, 'Paket aufgebraucht', 'Pakete aufgebraucht');
  await expect(section.getByText(usedUp)).toBeVisible();
  await expect(section.getByRole('link', { name: usedUp })).toHaveCount(0);
  await expect(
    section.getByRole('link', {
      name: plural(figures.pendingEmployees, 'Person wartet auf Freigabe', 'Personen warten auf Freigabe'),
    }),
  ).toHaveAttribute('href', '/employees#zu-pruefende-mitarbeitende');
});

test('a verified and released employee learns that nothing is due', async ({ page }) => {
  await logInWithFigures(page, DEMO_USERS.employee, 'ownAccount');
  await expect(pending(page).getByText('Für Ihr Konto steht nichts an.')).toBeVisible();
});

test('an owner whose registration is unfinished goes from the missing eID to its verification', async ({ page }) => {
  const figures = await logInWithFigures(page, DEMO_USERS.unverifiedOwner, 'ownAccount');
  expect(figures.eidMissing).toBe(true);
  await pending(page).getByRole('link', { name: 'Ihre eID-Verifizierung fehlt noch.' }).click();
  await expect(page).toHaveURL(/\/verify$/);
  await expect(page.getByRole('heading', { level: 1, name: 'eID-Verifizierung' })).toBeVisible();
});

test("LumioAdmin sees its queue and the 30 days' chart, and goes to the open applications", async ({ page }) => {
  const figures = await logInWithFigures(page, DEMO_USERS.lumioAdmin, 'provider');
  const section = pending(page);
  await expect(
    section.getByRole('link', {
      name: plural(figures.openEidReviews, 'offene eID-Prüfung', 'offene eID-Prüfungen'),
    }),
  ).toHaveAttribute('href', '/verification-check');
  const total = figures.processesPerDay.reduce((sum, day) => sum + day.count, 0).toLocaleString('de-DE');
  await expect(section.getByText(new RegExp(`^${total} Vorgänge in 30 Tagen`))).toBeVisible();
  await section.getByRole('button', { name: 'Diagramm anzeigen' }).click();
  await expect(section.getByRole('img', { name: new RegExp(`^Balkendiagramm: ${total} Vorgänge`) })).toBeVisible();

  await section
    .getByRole('link', { name: plural(figures.openApplications, 'offener Antrag', 'offene Anträge') })
    .click();
  await expect(page).toHaveURL(/\/open-applications$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Offene Anträge' })).toBeVisible();
});

test("an integrator sees its customers' licences and goes to the licence management", async ({ page }) => {
  const figures = await logInWithFigures(page, DEMO_USERS.systemIntegratorAdmin, 'integrator');
  const section = pending(page);
  await expect(
    section.getByRole('link', {
      name: plural(figures.packages.low, 'Paket unter der Hinweisschwelle', 'Pakete unter der Hinweisschwelle'),
    }),
  ).toHaveAttribute('href', '/license-management');
  await section.getByRole('link', { name: plural(figures.activeLicenses, 'Lizenz aktiv', 'Lizenzen aktiv') }).click();
  await expect(page).toHaveURL(/\/license-management$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Lizenzen' })).toBeVisible();
});

test("SystemAdmin sees the accounts and the service's health, and goes to the administrators", async ({ page }) => {
  const figures = await logInWithFigures(page, DEMO_USERS.systemAdmin, 'system');
  const section = pending(page);
  await expect(
    section.getByText(plural(figures.mailsWaiting, 'Mail wartet im Postausgang', 'Mails warten im Postausgang')),
  ).toBeVisible();
  await expect(
    section.getByText(
      plural(
        figures.failedJobs24h,
        'Hintergrundauftrag in 24 Stunden fehlgeschlagen',
        'Hintergrundaufträge in 24 Stunden fehlgeschlagen',
      ),
    ),
  ).toBeVisible();
  await section.getByRole('link', { name: plural(figures.administrators, 'Administrator', 'Administratoren') }).click();
  await expect(page).toHaveURL(/\/administration$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Verwaltung' })).toBeVisible();
});

test.describe('on a phone (390 × 844)', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  for (const [name, user, kind] of [
    ['owner', DEMO_USERS.owner, 'company'],
    ['LumioAdmin', DEMO_USERS.lumioAdmin, 'provider'],
  ] as const) {
    test(`the ${name}'s figures fit the width`, async ({ page }) => {
      await logInWithFigures(page, user, kind);
      const section = pending(page);
      await section.scrollIntoViewIfNeeded();
      await expect(section.getByRole('link').first()).toBeVisible();
      if (kind === 'provider') {
        await section.getByRole('button', { name: 'Diagramm anzeigen' }).click();
        await expect(section.getByRole('img', { name: /^Balkendiagramm/ })).toBeVisible();
      }
      await expectNoSidewaysScroll(page);
      const box = (await section.boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(390);
    });
  }
});
