import { expect, type Cookie, type Locator, type Page, type Response } from '@playwright/test';
import type { Self } from '../../../src/domain/self';
import { DEMO_TOTP_SECRET, sendUnusedTotpCode } from '../../../scripts/lib/totp.mjs';
import { DEMO_PASSWORD, type DemoUser } from './demoUsers';

/** The header menu landmark of the signed-in app (on a phone: inside the drawer, once opened). */
export const mainMenu = (page: Page) => page.getByRole('navigation', { name: 'Hauptmenü' });

/** Below 600 px the header shows this button instead of the menu. */
export const menuButton = (page: Page) => page.getByRole('button', { name: 'Menü öffnen' });

/** The public landing page as a visitor sees it: the login button is there. */
export async function expectLandingPage(page: Page): Promise<void> {
  await expect(page).toHaveURL(/^[^?#]+:\/\/[^/]+\/$/);
  await expect(page.getByRole('button', { name: 'Jetzt anmelden' })).toBeVisible();
}

/** The authenticator apps this process set up (by e-mail); the demo accounts' have DEMO_TOTP_SECRET. */
const appSecrets = new Map<string, string>();

/**
 * The identity provider's session of each account that answered a second factor in this worker:
 * its cookies (the provider's paths under /realms/), kept after that account's first login here.
 * Each account's codes are one per 30-second step on the whole machine (scripts/lib/totp.mjs), so
 * a suite that logs the provider roles in some fifty times waited minutes for free steps. A later
 * logIn of the account opens the dashboard with the session, as a person's browser that logged in
 * before does; when the provider no longer knows it (logged out, deleted, second factor reset), the
 * provider's login form comes and the login goes on there as usual.
 */
const secondFactorSessions = new Map<string, Cookie[]>();
const sessionKey = (email: string) => email.toLowerCase();
const isSelfLoad = (response: Response) =>
  new URL(response.url()).pathname === '/api/self' && response.request().method() === 'GET';

/**
 * Enters a code of the account's app that no other login on this machine has sent and submits the
 * code page; resolves once the identity provider has answered it, so that parallel workers logging
 * in the same account send their codes in the order they claimed them (scripts/lib/totp.mjs).
 */
const sendUnusedCode = (page: Page, email: string, field: Locator, submit: Locator) =>
  sendUnusedTotpCode(email, appSecrets.get(email) ?? DEMO_TOTP_SECRET, async (code) => {
    await field.fill(code);
    const answered = page.waitForResponse(
      (response) => response.request().method() === 'POST' && response.request().resourceType() === 'document',
    );
    await submit.click();
    await answered;
  });

export interface LogInOptions {
  /**
   * False when the page already shows the landing page (e.g. reached through a link of the
   * identity provider's pages): the login starts there instead of opening '/' again.
   */
  openLandingPage?: boolean;
  /**
   * False for a test that needs the login itself (the landing page, 'Jetzt anmelden', the form),
   * not only its result: e.g. the activity the login click records. Default: an account's kept
   * provider session is used (secondFactorSessions).
   */
  reuseSession?: boolean;
}

/**
 * Logs in the way a person does: landing page, 'Jetzt anmelden', the identity provider's German
 * login form (Keycloak's field names), back on /dashboard with the header menu (or, on a phone, its
 * button) shown. Returns the
 * GET /api/self answer the app loaded, so tests can compare what they see with who logged in.
 * Any account works: a demo user with the demo password, or e.g. a new owner with the password
 * they set. An account with a second factor that logged in before in this worker comes back
 * through its kept provider session instead (secondFactorSessions), unless `reuseSession` is false.
 */
export async function logIn(
  page: Page,
  user: Pick<DemoUser, 'email'>,
  password = DEMO_PASSWORD,
  { openLandingPage = true, reuseSession = true }: LogInOptions = {},
): Promise<Self> {
  const session = openLandingPage && reuseSession ? secondFactorSessions.get(sessionKey(user.email)) : undefined;
  let response: Response;
  if (session) {
    response = await resumeSession(page, session, user, password);
  } else {
    if (openLandingPage) await page.goto('/');
    else await expectLandingPage(page);
    await page.getByRole('button', { name: 'Jetzt anmelden' }).click();
    response = await submitLoginForm(page, user, password);
  }
  await expect(page).toHaveURL(/\/dashboard$/);
  expect(response.status()).toBe(200);
  await expect(mainMenu(page).getByRole('button', { name: 'Abmelden' }).or(menuButton(page))).toBeVisible();
  if (answeredSecondFactor.has(sessionKey(user.email))) {
    const cookies = await page.context().cookies();
    secondFactorSessions.set(
      sessionKey(user.email),
      cookies.filter((cookie) => cookie.path.startsWith('/realms/')),
    );
  }
  return (await response.json()) as Self;
}

/**
 * Opens /dashboard with the account's kept provider session: the portal signs in through it (a
 * guarded page), or, when the provider no longer knows the session, shows the provider's login form,
 * which is filled in as usual.
 */
async function resumeSession(page: Page, session: Cookie[], user: Pick<DemoUser, 'email'>, password: string) {
  await page.context().addCookies(session);
  const selfLoaded = page.waitForResponse(isSelfLoad);
  selfLoaded.catch(() => undefined); // not awaited when the form comes
  await page.goto('/dashboard');
  const loginHeading = page.getByRole('heading', { name: 'Anmelden' });
  await expect(
    loginHeading
      .or(mainMenu(page).getByRole('button', { name: 'Abmelden' }))
      .or(menuButton(page))
      .first(),
  ).toBeVisible();
  if (!(await loginHeading.isVisible())) return selfLoaded;
  secondFactorSessions.delete(sessionKey(user.email));
  return submitLoginForm(page, user, password);
}

/** Accounts whose login in this worker answered the provider's code page. */
const answeredSecondFactor = new Set<string>();

/** The identity provider's login form (either provider: Keycloak's field names). */
export async function expectLoginPage(page: Page): Promise<void> {
  await expect(page.getByRole('heading', { name: 'Anmelden' })).toBeVisible();
  await expect(page.locator('input[name="username"]')).toBeVisible();
}

/**
 * Fills in the identity provider's login form shown on the page (and the second factor where the
 * account has one) and resolves with the web app's GET /api/self answer once it is back.
 */
export async function submitLoginForm(
  page: Page,
  user: Pick<DemoUser, 'email'>,
  password = DEMO_PASSWORD,
): Promise<Response> {
  await expectLoginPage(page);
  await page.locator('input[name="username"]').fill(user.email);
  await page.locator('input[name="password"]').fill(password);

  const selfResponse = page.waitForResponse(isSelfLoad);
  await page.locator('#kc-login').click();

  // Issue 24: the provider roles' demo accounts (and whoever set one up) answer the code page; a new
  // account of those roles sets up its app first with the key the page shows (Keycloak's id).
  const otp = page.locator('input[name="otp"]');
  const secretKey = page.locator('#kc-totp-secret-key');
  // Keycloak's set-up page shows the QR code first and the key behind this link.
  const keyLink = page.getByRole('link', { name: 'Sie können den QR-Code nicht scannen?' });
  await expect(
    otp
      .or(secretKey)
      .or(keyLink)
      .or(mainMenu(page).getByRole('button', { name: 'Abmelden' }))
      .or(menuButton(page))
      .first(),
  ).toBeVisible();
  if (await keyLink.isVisible()) {
    await keyLink.click();
    await expect(secretKey).toBeVisible();
  }
  if (await secretKey.isVisible()) {
    answeredSecondFactor.add(sessionKey(user.email));
    appSecrets.set(user.email, (await secretKey.innerText()).replace(/\s/g, ''));
    await sendUnusedCode(
      page,
      user.email,
      page.locator('input[name="otp"], input[name="totp"]'),
      page.locator('#kc-login, #saveTOTPBtn').first(),
    );
  } else if (await otp.isVisible()) {
    answeredSecondFactor.add(sessionKey(user.email));
    await sendUnusedCode(page, user.email, otp, page.locator('#kc-login'));
  }
  return selfResponse;
}
