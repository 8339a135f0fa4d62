import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { DEMO_USERS } from './support/demoUsers';
import { expectLandingPage, expectLoginPage, logIn, mainMenu } from './support/login';

/** localStorage key of the last activity (spec section 9). */
const IDLE_STORAGE_KEY = 'timeout';

const idleLogoutNotice = (page: Page) => page.getByText('Sie wurden wegen Inaktivität abgemeldet.');

const lastActivity = (page: Page) => page.evaluate((key) => window.localStorage.getItem(key), IDLE_STORAGE_KEY);

/**
 * Still signed in: on the dashboard with the header menu, and the logout (which forgets the last
 * activity first) has not started. The inactivity check runs every second, so two seconds of
 * page time cover at least one check after any jump of the clock.
 */
async function expectStillLoggedIn(page: Page): Promise<void> {
  await page.clock.runFor(2_000);
  expect(await lastActivity(page)).not.toBeNull();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(mainMenu(page).getByRole('button', { name: 'Abmelden' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Bereiche' })).toBeVisible();
}

test.describe('logout', () => {
  test("'Abmelden' ends the session and lands on the landing page, also after a reload", async ({ page }) => {
    await logIn(page, DEMO_USERS.owner);

    await mainMenu(page).getByRole('button', { name: 'Abmelden' }).click();
    await expectLandingPage(page);
    await expect(idleLogoutNotice(page)).toHaveCount(0);

    await page.reload();
    await expectLandingPage(page);
    // The identity provider forgot the session too: a guarded page asks for the login again.
    await page.goto('/dashboard');
    await expectLoginPage(page);
  });
});

test.describe('inactivity logout (30 minutes)', () => {
  test('logs an owner out after 30 minutes without activity, not after 29', async ({ page }) => {
    await page.clock.install();
    await logIn(page, DEMO_USERS.owner);

    await page.clock.fastForward('29:00');
    await expectStillLoggedIn(page);

    await page.clock.fastForward('01:01');
    await expectLandingPage(page);
    await page.goto('/dashboard');
    await expectLoginPage(page);
  });

  test('the landing page says once that the logout was for inactivity, not again after a reload', async ({ page }) => {
    await page.clock.install();
    await logIn(page, DEMO_USERS.owner);

    await page.clock.fastForward('30:01');
    await expectLandingPage(page);
    await expect(page.getByRole('status').filter({ has: idleLogoutNotice(page) })).toBeVisible();

    await page.reload();
    await expectLandingPage(page);
    await expect(idleLogoutNotice(page)).toHaveCount(0);
  });

  test('a click restarts the 30 minutes', async ({ page }) => {
    await page.clock.install();
    await logIn(page, DEMO_USERS.owner);

    await page.clock.fastForward('29:00');
    await expectStillLoggedIn(page);
    await page.getByRole('heading', { name: 'Übersicht' }).click();

    await page.clock.fastForward('29:00');
    await expectStillLoggedIn(page);

    await page.clock.fastForward('01:01');
    await expectLandingPage(page);
  });

  test('does not log a SystemIntegratorAdmin out after 31 minutes', async ({ page }) => {
    await page.clock.install();
    // Through the login click, which records the activity that expectStillLoggedIn looks for.
    await logIn(page, DEMO_USERS.systemIntegratorAdmin, undefined, { reuseSession: false });

    await page.clock.fastForward('31:00');
    await expectStillLoggedIn(page);

    // The app still answers after the long pause.
    await mainMenu(page).getByRole('link', { name: DEMO_USERS.systemIntegratorAdmin.displayName }).click();
    await expect(page).toHaveURL(/\/profile-management$/);
    await expect(mainMenu(page).getByRole('button', { name: 'Abmelden' })).toBeVisible();
  });
});

test.describe('routing', () => {
  test('an unknown path lands a visitor on the landing page', async ({ page }) => {
    await page.goto('/gibt-es-nicht');
    await expectLandingPage(page);
  });

  test('a guarded path sends a visitor to the login (spec section 2)', async ({ page }) => {
    await page.goto('/system-integrators');
    await expectLoginPage(page);
  });

  test('a logged-in visitor opening the landing page goes to the dashboard', async ({ page }) => {
    await logIn(page, DEMO_USERS.employee);

    await page.goto('/');
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('list', { name: 'Bereiche' })).toBeVisible();
  });

  test('an unknown path takes a logged-in user via the landing page to the dashboard', async ({ page }) => {
    await logIn(page, DEMO_USERS.employee);

    await page.goto('/gibt-es-nicht');
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('list', { name: 'Bereiche' })).toBeVisible();
  });
});
