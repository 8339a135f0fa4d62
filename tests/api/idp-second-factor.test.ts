import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { demoTotpCode, totpCode } from '../../scripts/lib/totp.mjs';
import { idpSecondFactors, users } from '../../server/db/schema';
import { MESSAGES } from '../../server/idp/login-page';
import { LOGIN_THROTTLE } from '../../server/idp/login-throttle';
import { SECOND_FACTOR_TEXTS as T } from '../../server/idp/second-factor-pages';
import type { Role } from '../../src/domain/roles';
import { buildTestApp, DEMO } from './helpers/app';
import {
  codeOf,
  exchangeCode,
  formAction,
  locationOf,
  loginWithFlow,
  shownSecretKey,
  startLogin,
  submitLogin,
  type AuthorizationStart,
} from './helpers/login';

/** A code of the same account that is not the one of `at` (one digit changed). */
const wrongCode = (right: string) => `${(Number(right[0]) + 1) % 10}${right.slice(1)}`;

// Each login costs one scrypt (tens of milliseconds alone, far more on a loaded machine).
describe("the embedded identity provider's second factor (TOTP)", { timeout: 120_000 }, () => {
  let app: FastifyInstance;
  let counter = 0;

  beforeAll(async () => {
    // The per-replica flood limit of the form is not what these tests are about.
    app = await buildTestApp({ RATE_LIMIT_PUBLIC_PER_MINUTE: '100000' });
  });
  afterAll(() => app.close());
  afterEach(() => {
    vi.useRealTimers();
  });

  /** A user of its own per test, with the demo password and no second factor. */
  async function newUser(role: Role) {
    counter += 1;
    const [template] = await app.db
      .select()
      .from(users)
      .where(eq(users.email, role === 'Owner' ? DEMO.owner : DEMO.lumioAdmin));
    const [user] = await app.db
      .insert(users)
      .values({
        email: `zwei-faktor-${counter}-${randomUUID().slice(0, 8)}@lumio.example`,
        firstName: 'Zora',
        lastName: 'Zweifaktor',
        role,
        status: 'VerifiedAndApproved',
        companyId: role === 'Owner' ? template.companyId : null,
        passwordHash: template.passwordHash,
      })
      .returning();
    return user;
  }

  function post(start: AuthorizationStart, fields: Record<string, string>, remoteAddress?: string) {
    return start.jar.inject(app, {
      method: 'POST',
      url: start.loginPath,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(fields).toString(),
      ...(remoteAddress ? { remoteAddress } : {}),
    });
  }

  /** Password accepted, code page shown. */
  async function passwordStep(email: string, remoteAddress?: string) {
    const start = await startLogin(app);
    const page = await submitLogin(app, start, email, 'lumio-demo', remoteAddress);
    return { start, page };
  }

  function expectCodePage(page: LightMyRequestResponse, error?: string) {
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<h1>Anmelden</h1>');
    expect(page.body).toMatch(/<label for="otp">Einmalcode<\/label>/);
    expect(page.body).toContain('name="otp"');
    expect(page.body).toContain('autocomplete="one-time-code"');
    expect(page.body).toContain('inputmode="numeric"');
    expect(page.body).toContain('id="kc-login"');
    expect(page.body).not.toContain('name="password"');
    if (error) {
      expect(page.body).toContain(`role="alert">${error}<`);
      expect(page.body).toContain('aria-invalid="true"');
    } else expect(page.body).not.toContain('role="alert"');
  }

  /** The rest of the code flow after the accepted second step: the web app gets its tokens. */
  async function finishLogin(start: AuthorizationStart, posted: LightMyRequestResponse) {
    expect(posted.statusCode).toBe(303);
    const resumed = await start.jar.inject(app, { method: 'GET', url: locationOf(posted) });
    return exchangeCode(app, start, codeOf(resumed));
  }

  it('asks the demo SystemAdmin for the code after the password, and logs in with it', async () => {
    const { start, page } = await passwordStep(DEMO.systemAdmin);
    expectCodePage(page);
    const tokens = await finishLogin(start, await post(start, { otp: demoTotpCode() }));
    expect(tokens.access_token).toBeTruthy();
  });

  it('refuses a code used before, an empty code and a wrong one, in German', async () => {
    // The demo integrator's app: the same code twice in one step.
    const first = await passwordStep(DEMO.integrator);
    const code = demoTotpCode();
    await finishLogin(first.start, await post(first.start, { otp: code }));

    const second = await passwordStep(DEMO.integrator);
    expectCodePage(await post(second.start, { otp: code }), T.invalidCode);
    expectCodePage(await post(second.start, { otp: '' }), T.missingCode);
    expectCodePage(await post(second.start, { otp: 'abcdef' }), T.invalidCode);
  });

  it('counts wrong codes in the login throttle: after as many failures as passwords, even the right code waits', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now());
    const address = '192.0.2.77';
    const { start, page } = await passwordStep(DEMO.otherIntegrator, address);
    expectCodePage(page);
    const right = demoTotpCode();
    for (let failure = 0; failure <= LOGIN_THROTTLE.freeFailures.pair; failure++) {
      expectCodePage(await post(start, { otp: wrongCode(right) }, address), T.invalidCode);
    }
    expectCodePage(await post(start, { otp: right }, address), MESSAGES.tooManyAttempts);

    // After the wait the right code is accepted.
    vi.setSystemTime(Date.now() + LOGIN_THROTTLE.firstWaitMs + 1000);
    await finishLogin(start, await post(start, { otp: demoTotpCode() }, address));
  });

  it('has no code step without the password step of the same interaction', async () => {
    const start = await startLogin(app);
    const posted = await post(start, { otp: demoTotpCode(), username: DEMO.lumioAdmin });
    expect(posted.statusCode).toBe(200);
    expect(posted.body).toContain('name="password"');
    expect(posted.body).toContain(MESSAGES.invalidCredentials);

    // Nor with the code page of another interaction's cookie: the form belongs to its own interaction.
    const other = await passwordStep(DEMO.lumioAdmin);
    expectCodePage(other.page);
    const fresh = await startLogin(app);
    const forged = await fresh.jar.inject(app, {
      method: 'POST',
      url: formAction(other.page.body),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ otp: demoTotpCode() }).toString(),
    });
    expect(forged.statusCode).not.toBe(303);
  });

  it('has a new LumioAdmin set up the app right after the password, then logs in with it', async () => {
    const user = await newUser('LumioAdmin');
    const { start, page } = await passwordStep(user.email);
    expect(page.statusCode).toBe(200);
    for (const text of [T.setupTitle, 'FreeOTP', 'Google Authenticator', 'Microsoft Authenticator', T.deviceName]) {
      expect(page.body).toContain(text);
    }
    expect(page.body).toContain('<svg');
    expect(page.body).toMatch(/<div id="kc-totp-secret-key">([A-Z2-7]{4} )+[A-Z2-7]{1,4}<\/div>/);
    const key = shownSecretKey(page.body);

    const wrong = await post(start, { otp: wrongCode(totpCode(key)) });
    expect(wrong.body).toContain(`role="alert">${T.invalidCode}<`);
    expect(shownSecretKey(wrong.body)).toBe(key);
    expect(await app.db.select().from(idpSecondFactors).where(eq(idpSecondFactors.userId, user.id))).toEqual([]);

    await finishLogin(start, await post(start, { otp: totpCode(key), userLabel: 'Diensthandy' }));
    const [row] = await app.db.select().from(idpSecondFactors).where(eq(idpSecondFactors.userId, user.id));
    expect(row.label).toBe('Diensthandy');
    expect(row.sealedSecret).not.toContain(key);

    // The next login asks for the code of that app.
    const next = await passwordStep(user.email);
    expectCodePage(next.page);
  });

  it('logs an Owner without a second factor in with the password alone', async () => {
    const user = await newUser('Owner');
    const { start, page } = await passwordStep(user.email);
    await finishLogin(start, page);
  });

  it('lets a signed-in Owner set up the app with kc_action=CONFIGURE_TOTP, or cancel', async () => {
    const user = await newUser('Owner');
    const { jar } = await loginWithFlow(app, user.email);

    const cancelled = await startLogin(app, jar, { kc_action: 'CONFIGURE_TOTP' });
    const cancelPage = await jar.inject(app, { method: 'GET', url: cancelled.loginPath });
    expect(cancelPage.body).toContain(T.setupTitle);
    expect(cancelPage.body).toContain(`>${T.cancel}</button>`);
    const cancelResumed = await jar.inject(app, {
      method: 'GET',
      url: locationOf(await post(cancelled, { 'cancel-aia': 'true' })),
    });
    const cancelCallback = new URL(String(cancelResumed.headers.location));
    expect(cancelCallback.searchParams.get('kc_action_status')).toBe('cancelled');
    expect(await app.db.select().from(idpSecondFactors).where(eq(idpSecondFactors.userId, user.id))).toEqual([]);

    const start = await startLogin(app, jar, { kc_action: 'CONFIGURE_TOTP' });
    const page = await jar.inject(app, { method: 'GET', url: start.loginPath });
    const key = shownSecretKey(page.body);
    const posted = await post(start, { otp: totpCode(key) });
    expect(posted.statusCode).toBe(303);
    const resumed = await jar.inject(app, { method: 'GET', url: locationOf(posted) });
    const callback = new URL(String(resumed.headers.location));
    expect(callback.searchParams.get('kc_action')).toBe('CONFIGURE_TOTP');
    expect(callback.searchParams.get('kc_action_status')).toBe('success');
    expect(await app.db.select().from(idpSecondFactors).where(eq(idpSecondFactors.userId, user.id))).toHaveLength(1);

    const next = await passwordStep(user.email);
    expectCodePage(next.page);
  });
});
