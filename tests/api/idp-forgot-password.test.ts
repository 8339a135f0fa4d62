import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { idpSecondFactors, mailOutbox, passwordSetupTokens, users } from '../../server/db/schema';
import { FORGOT_PASSWORD_TEXTS as T, forgotPasswordPath } from '../../server/idp/forgot-password';
import { passwordResetMailJob } from '../../server/jobs/password-reset-mail.job';
import { JOB_SCHEMA } from '../../server/jobs/queue';
import { PASSWORD_RESET_SUBJECT } from '../../server/mail/templates/password-reset';
import { MAIL_KINDS } from '../../server/mail/outbox';
import { buildTestApp, DEMO } from './helpers/app';
import { asksSecondFactor, startLogin, submitLogin } from './helpers/login';

const NEW_PASSWORD = 'Vergessen-2026-neu';
const RESET_LINK = /(\/realms\/[^/]+\/login-actions\/set-password)\?token=([\w-]{43})/;

/**
 * Issue 25: 'Passwort vergessen?' of the embedded identity provider, as Keycloak's reset
 * credentials: the same answer for every address, a mail through the outbox with a one-time,
 * expiring link to the set-password page, throttled, and no way around the second factor.
 */
describe("the embedded identity provider's 'Passwort vergessen?'", { timeout: 120_000 }, () => {
  let app: FastifyInstance;
  let resetPath: string;
  let origin: string;

  beforeAll(async () => {
    app = await buildTestApp({ RATE_LIMIT_PUBLIC_PER_MINUTE: '100000' });
    resetPath = forgotPasswordPath(new URL(app.config.keycloak.issuer).pathname);
    origin = new URL(app.config.publicUrl).origin;
  });
  afterAll(() => app.close());

  async function newUser(role: 'Owner' | 'LumioAdmin' = 'Owner') {
    const [template] = await app.db
      .select()
      .from(users)
      .where(eq(users.email, role === 'Owner' ? DEMO.owner : DEMO.lumioAdmin));
    const [user] = await app.db
      .insert(users)
      .values({
        email: `vergessen-${randomUUID().slice(0, 8)}@studio-test.example`,
        firstName: 'Vera',
        lastName: 'Vergessen',
        salutation: 'Frau',
        role,
        status: role === 'Owner' ? 'VerifiedAndApproved' : 'Active',
        companyId: role === 'Owner' ? template.companyId : null,
        passwordHash: template.passwordHash,
      })
      .returning();
    return user;
  }

  const requestReset = (username: string, remoteAddress?: string) =>
    app.inject({
      method: 'POST',
      url: resetPath,
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin },
      payload: new URLSearchParams({ username }).toString(),
      ...(remoteAddress ? { remoteAddress } : {}),
    });
  const resetMailsQueued = async () =>
    (await app.db.select().from(mailOutbox).where(eq(mailOutbox.kind, MAIL_KINDS.passwordReset))).length;
  /** The page only queues a job per request; the account's lookup and the mail happen in it. */
  const resetJobs = async (state: 'waiting' | 'any') => {
    const result = await app.db.execute(
      sql`SELECT data->>'email' AS email FROM ${sql.identifier(JOB_SCHEMA)}.job
          WHERE name = ${passwordResetMailJob.name}
          AND (${state} = 'any' OR state IN ('created', 'retry', 'active'))`,
    );
    return (result as unknown as { rows: { email: string }[] }).rows.map((row) => row.email);
  };
  const resetRequestsHandled = () =>
    vi.waitFor(async () => expect(await resetJobs('waiting')).toEqual([]), { timeout: 30_000, interval: 50 });
  async function mailedLink(email: string) {
    const mail = await app.mailCatcher!.waitFor((m) => m.to === email && m.subject === PASSWORD_RESET_SUBJECT);
    const [, path, token] = RESET_LINK.exec(mail.text)!;
    return { mail, path, token };
  }
  const setPassword = (path: string, token: string, password = NEW_PASSWORD) =>
    app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin },
      payload: new URLSearchParams({ token, 'password-new': password, 'password-confirm': password }).toString(),
    });
  const loginPage = async (email: string, password: string): Promise<LightMyRequestResponse> =>
    submitLogin(app, await startLogin(app), email, password);

  it("links 'Passwort vergessen?' from the login page to a German form asking for the address", async () => {
    const start = await startLogin(app);
    const login = await start.jar.inject(app, { method: 'GET', url: start.loginPath });
    expect(login.body).toContain(`<a href="${resetPath}">Passwort vergessen?</a>`);

    const page = await app.inject({ method: 'GET', url: resetPath });

    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(`<h1>${T.title}</h1>`);
    expect(page.body).toContain('name="username"');
    expect(page.body).toContain(T.submit);
  });

  it('answers known and unknown addresses alike and mails only the known one', async () => {
    const user = await newUser();
    const before = await resetMailsQueued();

    const nobody = `niemand-${randomUUID().slice(0, 8)}@studio-test.example`;

    const known = await requestReset(user.email.toUpperCase());
    const unknown = await requestReset(nobody);

    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(unknown.body).toBe(known.body);
    expect(known.body).toContain(T.sent);
    // The same work for both answers: one queued request each, whether the address has an account.
    expect(await resetJobs('any')).toEqual(expect.arrayContaining([user.email.toUpperCase(), nobody]));
    await resetRequestsHandled();
    expect(await resetMailsQueued()).toBe(before + 1);
    const { mail } = await mailedLink(user.email);
    expect(mail.text).toContain('Guten Tag Frau Vergessen,');
    expect(mail.text).toContain('60 Minuten gültig');
  });

  it('sets a new password through the mailed link once; the old password stops working', async () => {
    const user = await newUser();
    await requestReset(user.email);
    const { path, token } = await mailedLink(user.email);

    const saved = await setPassword(path, token);

    expect(saved.statusCode).toBe(200);
    expect((await setPassword(path, token, 'Noch-einmal-2026-x')).statusCode).toBe(410);
    expect((await loginPage(user.email, 'lumio-demo')).body).toContain('Ungültiger Benutzername oder Passwort.');
    expect((await loginPage(user.email, NEW_PASSWORD)).statusCode).toBe(303);
  });

  it('still asks for the second factor after a reset of an account that has one', async () => {
    const admin = await newUser('LumioAdmin');
    const [demoFactor] = await app.db
      .select()
      .from(idpSecondFactors)
      .innerJoin(users, eq(users.id, idpSecondFactors.userId))
      .where(eq(users.email, DEMO.lumioAdmin));
    await app.db
      .insert(idpSecondFactors)
      .values({ ...demoFactor.idp_second_factors, userId: admin.id, lastUsedStep: null });
    await requestReset(admin.email);
    const { path, token } = await mailedLink(admin.email);
    expect((await setPassword(path, token)).statusCode).toBe(200);

    const afterPassword = await loginPage(admin.email, NEW_PASSWORD);

    expect(asksSecondFactor(afterPassword)).toBe(true);
  });

  it('refuses an expired link and sends one mail a minute per account, whoever asks', async () => {
    const user = await newUser();
    // An activation link of a minute ago does not hold the reset mail back.
    await app.db
      .insert(passwordSetupTokens)
      .values({ tokenHash: `aktivierung-${user.id}`, userId: user.id, expiresAt: new Date(Date.now() + 60_000) });
    await requestReset(user.email);
    await requestReset(user.email, '203.0.113.9');
    await resetRequestsHandled();
    const open = await app.db.select().from(passwordSetupTokens).where(eq(passwordSetupTokens.userId, user.id));
    expect(open.filter((row) => !row.revokedAt)).toHaveLength(1);
    expect(
      (await app.db.select().from(mailOutbox).where(eq(mailOutbox.reference, user.id))).filter(
        (row) => row.kind === MAIL_KINDS.passwordReset,
      ),
    ).toHaveLength(1);
    const { path, token } = await mailedLink(user.email);
    await app.db
      .update(passwordSetupTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordSetupTokens.userId, user.id));

    const expired = await setPassword(path, token);
    expect(expired.statusCode).toBe(410);
    expect(expired.body).toContain('Links aus „Passwort vergessen?“ gelten 60 Minuten.');
  });

  it('mails nothing for a disabled account and says the same', async () => {
    const user = await newUser();
    await app.db.update(users).set({ disabledAt: new Date() }).where(eq(users.id, user.id));
    const before = await resetMailsQueued();

    const res = await requestReset(user.email);

    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(T.sent);
    await resetRequestsHandled();
    expect(await resetMailsQueued()).toBe(before);
  });

  it('refuses a post from another site and an empty address, mailing nothing', async () => {
    const before = await resetMailsQueued();
    const foreign = await app.inject({
      method: 'POST',
      url: resetPath,
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://evil.example' },
      payload: new URLSearchParams({ username: DEMO.owner }).toString(),
    });
    const empty = await requestReset('  ');

    expect(foreign.statusCode).toBe(403);
    expect(empty.statusCode).toBe(400);
    expect(empty.body).toContain(T.emptyEmail);
    await resetRequestsHandled();
    expect(await resetMailsQueued()).toBe(before);
    expect(await resetJobs('any')).not.toContain(DEMO.owner);
  });
});

describe("rate limit of 'Passwort vergessen?'", () => {
  it('answers 429 with a German page once the per-address limit is used, in the shared store', async () => {
    const app = await buildTestApp({ RATE_LIMIT_PUBLIC_PER_MINUTE: '2' });
    try {
      const path = forgotPasswordPath(new URL(app.config.keycloak.issuer).pathname);
      const post = () =>
        app.inject({
          method: 'POST',
          url: path,
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: 'username=niemand%40studio-test.example',
        });
      expect((await post()).statusCode).toBe(200);
      expect((await post()).statusCode).toBe(200);
      const limited = await post();
      expect(limited.statusCode).toBe(429);
      expect(limited.body).toContain(T.tooMany);
    } finally {
      await app.close();
    }
  });
});
