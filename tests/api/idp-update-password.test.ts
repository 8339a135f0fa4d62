import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../server/db/schema';
import { UPDATE_PASSWORD_TEXTS } from '../../server/idp/update-password-page';
import { PASSWORD_RULES, PASSWORD_TEXTS } from '../../src/domain/password';
import { apiClient, buildTestApp, DEMO } from './helpers/app';
import {
  CookieJar,
  exchangeCode,
  locationOf,
  loginWithFlow,
  refreshTokens,
  startLogin,
  submitLogin,
  type AuthorizationStart,
} from './helpers/login';

const OLD_PASSWORD = 'lumio-demo';
const NEW_PASSWORD = 'Sonnenaufgang-2026';
const T = UPDATE_PASSWORD_TEXTS;
const AIA = { kc_action: 'UPDATE_PASSWORD' };

describe("the identity provider's password page (kc_action=UPDATE_PASSWORD)", () => {
  let app: FastifyInstance;
  let counter = 0;

  beforeAll(async () => {
    app = await buildTestApp();
  });
  afterAll(() => app.close());

  /** A user of its own per test, with the demo password, so tests cannot disturb each other. */
  async function newUser() {
    counter += 1;
    const [template] = await app.db.select().from(users).where(eq(users.email, DEMO.employee));
    const [user] = await app.db
      .insert(users)
      .values({
        email: `passwort-${counter}-${randomUUID().slice(0, 8)}@studio-sonnenschein.example`,
        firstName: 'Paul',
        lastName: 'Passwort',
        role: 'Employee',
        status: 'VerifiedAndApproved',
        companyId: template.companyId,
        passwordHash: template.passwordHash,
      })
      .returning();
    return user;
  }

  const hashOf = async (userId: string) =>
    (await app.db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, userId)))[0].hash;

  /** Signs in, then asks for the action as keycloak-js's login({ action }) does; returns the page. */
  async function openPasswordPage(email: string) {
    const { jar } = await loginWithFlow(app, email, OLD_PASSWORD);
    const start = await startLogin(app, jar, AIA);
    expect(start.loginPath).toMatch(/^\/realms\/lumio\/login-actions\/authenticate\//);
    const page = await jar.inject(app, { method: 'GET', url: start.loginPath });
    return { start, page };
  }

  function submit(start: AuthorizationStart, fields: Record<string, string>) {
    return start.jar.inject(app, {
      method: 'POST',
      url: start.loginPath,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(fields).toString(),
    });
  }

  const change = (start: AuthorizationStart, current = OLD_PASSWORD, next = NEW_PASSWORD, repeated = next) =>
    submit(start, { password: current, 'password-new': next, 'password-confirm': repeated });

  /** Follows the form's redirect through the provider back to the portal; returns the callback URL. */
  async function backToPortal(start: AuthorizationStart, posted: LightMyRequestResponse): Promise<URL> {
    expect(posted.statusCode).toBe(303);
    const resumed = await start.jar.inject(app, { method: 'GET', url: locationOf(posted) });
    expect(resumed.statusCode).toBe(303);
    const callback = new URL(String(resumed.headers.location));
    expect(`${callback.origin}${callback.pathname}`).toBe(start.redirectUri);
    return callback;
  }

  async function canLogIn(email: string, password: string): Promise<boolean> {
    const start = await startLogin(app);
    return (await submitLogin(app, start, email, password)).statusCode === 303;
  }

  it('shows a signed-in user the German page with the rules, under the same headers as the login page', async () => {
    const user = await newUser();
    const { page } = await openPasswordPage(user.email);
    expect(page.statusCode).toBe(200);
    for (const text of [T.title, T.intro, T.current, T.password, T.passwordRepeat, T.rulesHeading, T.cancel]) {
      expect(page.body).toContain(text);
    }
    for (const rule of PASSWORD_RULES) expect(page.body).toContain(`<li>${rule}</li>`);
    expect(page.body).toContain(`value="${user.email}"`);
    expect(page.body).toContain('name="cancel-aia"');
    expect(page.headers['x-frame-options']).toBe('DENY');
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.headers['content-security-policy']).toContain("frame-ancestors 'none'");
  });

  it('changes the password and returns to the portal signed in, with kc_action_status=success', async () => {
    const user = await newUser();
    const { start } = await openPasswordPage(user.email);
    const callback = await backToPortal(start, await change(start));

    expect(callback.searchParams.get('kc_action')).toBe('UPDATE_PASSWORD');
    expect(callback.searchParams.get('kc_action_status')).toBe('success');
    expect(callback.searchParams.get('state')).toBeTruthy();
    const tokens = await exchangeCode(app, start, callback.searchParams.get('code')!);
    const self = await apiClient(app, tokens.access_token).get('/api/self');
    expect(self.json()).toMatchObject({ id: user.id, email: user.email });

    expect(await canLogIn(user.email, OLD_PASSWORD)).toBe(false);
    expect(await canLogIn(user.email, NEW_PASSWORD)).toBe(true);
  });

  it("ends the user's other sessions and keeps the one that changed the password", async () => {
    const user = await newUser();
    const refresh = (refreshToken: string) => refreshTokens(app, refreshToken);
    const selfWith = async (accessToken: string) => (await apiClient(app, accessToken).get('/api/self')).statusCode;
    // Another browser, and the one that will change the password.
    const other = await loginWithFlow(app, user.email, OLD_PASSWORD);
    const current = await loginWithFlow(app, user.email, OLD_PASSWORD);
    expect(await selfWith(other.accessToken)).toBe(200);
    const start = await startLogin(app, current.jar, AIA);
    const callback = await backToPortal(start, await change(start));
    const tokens = await exchangeCode(app, start, callback.searchParams.get('code')!);

    // The other browser: refresh token refused, access token refused, no session for check-sso.
    expect((await refresh(other.refreshToken)).statusCode).toBe(400);
    expect(await selfWith(other.accessToken)).toBe(401);
    const silent = await startLogin(app, other.jar, { prompt: 'none' });
    expect(new URL(locationOf(silent.response), 'http://localhost').searchParams.get('error')).toBe('login_required');

    // This browser goes on: its access token from before, its new tokens, refresh token and session.
    expect(await selfWith(current.accessToken)).toBe(200);
    expect(await selfWith(tokens.access_token)).toBe(200);
    const refreshed = await refresh(tokens.refresh_token);
    expect(refreshed.statusCode, refreshed.body).toBe(200);
    expect(await selfWith(refreshed.json().access_token)).toBe(200);
    const again = await startLogin(app, current.jar, { prompt: 'none' });
    expect(new URL(locationOf(again.response), 'http://localhost').searchParams.get('code')).toBeTruthy();
  });

  it('refuses a wrong current password in German, changes nothing, and accepts the right one afterwards', async () => {
    const user = await newUser();
    const before = await hashOf(user.id);
    const { start } = await openPasswordPage(user.email);

    const wrong = await change(start, 'falsches-passwort');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.body).toContain(T.currentWrong);
    expect(wrong.body).toContain('role="alert"');
    expect(await hashOf(user.id)).toBe(before);

    await backToPortal(start, await change(start));
    expect(await canLogIn(user.email, NEW_PASSWORD)).toBe(true);
  });

  it.each([
    ['an empty current password', { password: '' }, [T.currentMissing]],
    [
      'a new password against the rules',
      { 'password-new': 'kurz', 'password-confirm': 'kurz' },
      [PASSWORD_TEXTS.tooShort, PASSWORD_TEXTS.digit],
    ],
    [
      'a new password without letters',
      { 'password-new': '123456789012', 'password-confirm': '123456789012' },
      [PASSWORD_TEXTS.letter],
    ],
    ['a repetition that differs', { 'password-confirm': `${NEW_PASSWORD}x` }, [PASSWORD_TEXTS.mismatch]],
    ['an empty new password', { 'password-new': '', 'password-confirm': '' }, [PASSWORD_TEXTS.required]],
  ])('refuses %s with the German message and changes nothing', async (_what, fields, messages) => {
    const user = await newUser();
    const before = await hashOf(user.id);
    const { start } = await openPasswordPage(user.email);
    const res = await submit(start, {
      password: OLD_PASSWORD,
      'password-new': NEW_PASSWORD,
      'password-confirm': NEW_PASSWORD,
      ...fields,
    });
    expect(res.statusCode).toBe(400);
    for (const message of messages) expect(res.body).toContain(message);
    expect(await hashOf(user.id)).toBe(before);
    expect(await canLogIn(user.email, OLD_PASSWORD)).toBe(true);
  });

  it('cancels: back to the portal signed in, with kc_action_status=cancelled, the password unchanged', async () => {
    const user = await newUser();
    const before = await hashOf(user.id);
    const { start } = await openPasswordPage(user.email);
    const callback = await backToPortal(
      start,
      await submit(start, { password: '', 'password-new': 'egal', 'password-confirm': 'anders', 'cancel-aia': 'true' }),
    );
    expect(callback.searchParams.get('kc_action_status')).toBe('cancelled');
    expect(callback.searchParams.get('code')).toBeTruthy();
    expect(await hashOf(user.id)).toBe(before);
    expect(await canLogIn(user.email, OLD_PASSWORD)).toBe(true);
  });

  it('asks a visitor without a session to log in first, then shows the password page', async () => {
    const user = await newUser();
    const start = await startLogin(app, new CookieJar(), AIA);
    const form = await start.jar.inject(app, { method: 'GET', url: start.loginPath });
    expect(form.body).toContain('<h1>Anmelden</h1>');
    const loggedIn = await submitLogin(app, start, user.email, OLD_PASSWORD);
    expect(loggedIn.statusCode).toBe(303);
    // The login's resume leads on to the password page (a new interaction), not back to the portal.
    const resumed = await start.jar.inject(app, { method: 'GET', url: locationOf(loggedIn) });
    const pagePath = locationOf(resumed);
    expect(pagePath).toMatch(/^\/realms\/lumio\/login-actions\/authenticate\//);
    const page = await start.jar.inject(app, { method: 'GET', url: pagePath });
    expect(page.body).toContain(T.title);

    const callback = await backToPortal(
      { ...start, loginPath: pagePath },
      await change({ ...start, loginPath: pagePath }),
    );
    expect(callback.searchParams.get('kc_action_status')).toBe('success');
    expect(await canLogIn(user.email, NEW_PASSWORD)).toBe(true);
  });

  it('shows no page and changes nothing without the interaction of this browser', async () => {
    const user = await newUser();
    const before = await hashOf(user.id);
    const { start } = await openPasswordPage(user.email);
    // A forged cross-site post carries no interaction cookie (SameSite=Lax), like any other browser.
    const stranger = new CookieJar();
    const forged = await stranger.inject(app, {
      method: 'POST',
      url: start.loginPath,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        password: OLD_PASSWORD,
        'password-new': NEW_PASSWORD,
        'password-confirm': NEW_PASSWORD,
      }).toString(),
    });
    expect(forged.statusCode).toBe(400);
    expect(forged.body).toContain('Anmeldung abgelaufen');
    expect((await stranger.inject(app, { method: 'GET', url: start.loginPath })).statusCode).toBe(400);
    // The right cookie with another interaction's id finds nothing either.
    const other = await start.jar.inject(app, {
      method: 'GET',
      url: '/realms/lumio/login-actions/authenticate/nicht-diese-interaktion',
    });
    expect(other.statusCode).toBe(400);
    expect(await hashOf(user.id)).toBe(before);
  });

  it('answers an unsupported kc_action with invalid_request instead of a page', async () => {
    const user = await newUser();
    const { jar } = await loginWithFlow(app, user.email, OLD_PASSWORD);
    const start = await startLogin(app, jar, { kc_action: 'delete_account' });
    const callback = new URL(String(start.response.headers.location));
    expect(callback.searchParams.get('error')).toBe('invalid_request');
  });

  it('ends without a change when the account was deleted meanwhile', async () => {
    const user = await newUser();
    const { start } = await openPasswordPage(user.email);
    await app.db.delete(users).where(eq(users.id, user.id));
    const res = await change(start);
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('Anmeldung abgelaufen');
  });

  it('still logs in without kc_action straight back to the portal (no password page)', async () => {
    const user = await newUser();
    const { jar } = await loginWithFlow(app, user.email, OLD_PASSWORD);
    const silent = await startLogin(app, jar);
    const callback = new URL(String(silent.response.headers.location));
    expect(callback.searchParams.get('code')).toBeTruthy();
    expect(callback.searchParams.get('kc_action_status')).toBeNull();
  });
});
