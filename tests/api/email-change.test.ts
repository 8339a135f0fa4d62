import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { auditEvents, companies, emailChangeRequests, oidcPayloads, users } from '../../server/db/schema';
import { EMAIL_CHANGE_CONFIRMATION_SUBJECT } from '../../server/mail/templates/email-change-confirmation';
import { EMAIL_CHANGED_NOTICE_SUBJECT } from '../../server/mail/templates/email-changed-notice';
import type { Role, UserStatus } from '../../src/domain/roles';
import { VALIDATION_TEXTS } from '../../src/domain/validation';
import { apiClient, buildTestApp, DEMO, errorOf } from './helpers/app';
import { mailedEmailChangePath } from './helpers/emailChange';
import { loginWithFlow, refreshTokens, startLogin, type TokenSet } from './helpers/login';
import { snapshotTables } from './helpers/snapshot';

const DAY_MS = 24 * 60 * 60 * 1000;

describe('e-mail change (request, mailed link, confirmation)', () => {
  let app: FastifyInstance;
  let sonnenschein: string;
  let passwordHash: string | null;
  let counter = 0;

  beforeAll(async () => {
    app = await buildTestApp();
    [{ id: sonnenschein }] = await app.db
      .select()
      .from(companies)
      .where(eq(companies.name, 'Fotostudio Sonnenschein GmbH'));
    [{ passwordHash }] = await app.db.select().from(users).where(eq(users.email, DEMO.employee));
  });
  afterAll(() => app.close());
  afterEach(() => {
    vi.useRealTimers();
  });

  /** A fresh user with the demo password, logged in; the demo users stay as they are for other tests. */
  async function newUser(role: Role = 'Employee', status: UserStatus = 'VerifiedAndApproved') {
    counter += 1;
    const company = role === 'Owner' || role === 'AccountAdministrator' || role === 'Employee';
    const [row] = await app.db
      .insert(users)
      .values({
        email: `person-${counter}@studio-sonnenschein.example`,
        firstName: 'Paula',
        lastName: `Person${counter}`,
        salutation: company ? 'Frau' : null,
        role,
        status,
        companyId: company ? sonnenschein : null,
        passwordHash,
      })
      .returning();
    const tokens = await loginWithFlow(app, row.email);
    return { ...row, tokens, client: apiClient(app, tokens.accessToken) };
  }
  type TestUser = Awaited<ReturnType<typeof newUser>>;

  const freshAddress = () => {
    counter += 1;
    return `neu-${counter}@post.example`;
  };
  const requestPath = (user: Pick<TestUser, 'id' | 'companyId'>) =>
    user.companyId ? `/api/company/${user.companyId}/user/${user.id}/email` : `/api/administrator/${user.id}/email`;
  const requestChange = (user: TestUser, email: string) => user.client.put(requestPath(user), { email });
  const anonymous = () => apiClient(app);
  const emailOf = async (id: string) =>
    (await app.db.select({ email: users.email }).from(users).where(eq(users.id, id)))[0].email;
  const refresh = (refreshToken: string) => refreshTokens(app, refreshToken);
  /** A login a few seconds later: tokens of the second the sessions ended count as old ones. */
  async function loginLater(email: string): Promise<TokenSet> {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 2000);
    return loginWithFlow(app, email);
  }

  it('mails a link to the new address and changes nothing until it is opened', async () => {
    const user = await newUser();
    const address = freshAddress();
    const res = await requestChange(user, ` ${address.toUpperCase()} `);
    expect(res.statusCode).toBe(202);
    const answer = res.json() as { email: string; validUntil: string };
    expect(answer.email).toBe(address);
    expect(Date.parse(answer.validUntil) - Date.now()).toBeGreaterThan(DAY_MS - 60_000);
    expect(Date.parse(answer.validUntil) - Date.now()).toBeLessThanOrEqual(DAY_MS);

    const mail = await app.mailCatcher!.waitFor((m) => m.to === address);
    expect(mail.subject).toBe(EMAIL_CHANGE_CONFIRMATION_SUBJECT);
    expect(mail.text).toContain('Guten Tag Frau');
    expect(mail.text).toContain('24 Stunden gültig');
    expect(mail.text).toMatch(/http:\/\/localhost:8080\/user-email-change-request\/[0-9a-f-]{36}\/confirm\?token=/);
    // The address is only pending: same login name, same session.
    expect(await emailOf(user.id)).toBe(user.email);
    expect((await user.client.get('/api/self')).json()).toMatchObject({ email: user.email });
    const [stored] = await app.db.select().from(emailChangeRequests).where(eq(emailChangeRequests.userId, user.id));
    // Only the token's hash is kept.
    expect(mail.text).not.toContain(stored.tokenHash);
  });

  it('changes the login name through the link, ends every session and tells the old address', async () => {
    const user = await newUser();
    const address = freshAddress();
    expect((await requestChange(user, address)).statusCode).toBe(202);
    const link = await mailedEmailChangePath(app, address);

    const res = await anonymous().get(link);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ email: address });
    expect(await emailOf(user.id)).toBe(address);

    // Sessions ended: the access token, the refresh token and the IdP session are dead.
    expect((await user.client.get('/api/self')).statusCode).toBe(401);
    expect((await refresh(user.tokens.refreshToken)).statusCode).toBe(400);
    const silent = await startLogin(app, user.tokens.jar, { prompt: 'none' });
    expect(new URL(String(silent.response.headers.location)).searchParams.get('error')).toBe('login_required');
    const left = await app.db
      .select({ id: oidcPayloads.id })
      .from(oidcPayloads)
      .where(sql`${oidcPayloads.payload}->>'accountId' = ${user.id}`);
    expect(left).toEqual([]);

    const notice = await app.mailCatcher!.waitFor(
      (m) => m.to === user.email && m.subject === EMAIL_CHANGED_NOTICE_SUBJECT,
    );
    expect(notice.text).toContain(address);
    const [audit] = await app.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entityId, user.id), eq(auditEvents.action, 'user.email-changed')));
    expect(audit).toMatchObject({
      actorId: user.id,
      companyId: sonnenschein,
      before: { email: user.email },
      after: { email: address },
    });

    // The old address no longer logs in; the new one does.
    await expect(loginWithFlow(app, user.email)).rejects.toThrow(/failed/);
    const again = await loginLater(address);
    const self = await apiClient(app, again.accessToken).get('/api/self');
    expect(self.statusCode).toBe(200);
    expect(self.json()).toMatchObject({ id: user.id, email: address });
  });

  it('refuses a used link again and changes nothing', async () => {
    const user = await newUser();
    const address = freshAddress();
    await requestChange(user, address);
    const link = await mailedEmailChangePath(app, address);
    expect((await anonymous().get(link)).statusCode).toBe(200);
    const before = await snapshotTables(app);
    const replay = await anonymous().get(link);
    expect(replay.statusCode).toBe(409);
    expect(errorOf(replay).messages).toEqual(['E-mail change already confirmed']);
    expect(await snapshotTables(app)).toEqual(before);
  });

  it('confirms once when the link is opened twice at the same time', async () => {
    const user = await newUser();
    const address = freshAddress();
    await requestChange(user, address);
    const link = await mailedEmailChangePath(app, address);
    const answers = await Promise.all([anonymous().get(link), anonymous().get(link)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    await app.mailCatcher!.waitFor((m) => m.to === user.email && m.subject === EMAIL_CHANGED_NOTICE_SUBJECT);
    const notices = app.mailCatcher!.list().filter((m) => m.to === user.email);
    expect(notices.map((m) => m.subject)).toEqual([EMAIL_CHANGED_NOTICE_SUBJECT]);
    const audits = await app.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entityId, user.id), eq(auditEvents.action, 'user.email-changed')));
    expect(audits).toHaveLength(1);
  });

  it('refuses a link after 24 hours and changes nothing', async () => {
    const user = await newUser();
    const address = freshAddress();
    await requestChange(user, address);
    const link = await mailedEmailChangePath(app, address);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + DAY_MS + 1000);
    const before = await snapshotTables(app);
    const res = await anonymous().get(link);
    expect(res.statusCode).toBe(404);
    expect(errorOf(res).messages).toEqual(['E-mail change request expired']);
    expect(await snapshotTables(app)).toEqual(before);
    expect(await emailOf(user.id)).toBe(user.email);
  });

  it('lets a newer request replace the older one, whose link then stops working', async () => {
    const user = await newUser();
    const first = freshAddress();
    const second = freshAddress();
    await requestChange(user, first);
    const firstLink = await mailedEmailChangePath(app, first);
    await requestChange(user, second);
    const secondLink = await mailedEmailChangePath(app, second);
    const old = await anonymous().get(firstLink);
    expect(old.statusCode).toBe(404);
    expect(errorOf(old).messages).toEqual(['E-mail change request expired']);
    expect((await anonymous().get(secondLink)).statusCode).toBe(200);
    expect(await emailOf(user.id)).toBe(second);
    // The replaced address is free again for others.
    const other = await newUser();
    expect((await requestChange(other, first)).statusCode).toBe(202);
  });

  it('refuses the confirmation when the address was taken in between, and keeps the request', async () => {
    const user = await newUser();
    const address = freshAddress();
    await requestChange(user, address);
    const link = await mailedEmailChangePath(app, address);
    // E.g. an approved application made it an owner's login name meanwhile.
    await app.db.insert(users).values({ email: address, firstName: 'Otto', lastName: 'Other', role: 'Owner' });
    const before = await snapshotTables(app);
    const res = await anonymous().get(link);
    expect(res.statusCode).toBe(409);
    expect(errorOf(res).messages).toEqual(['E-mail already in use']);
    expect(await snapshotTables(app)).toEqual(before);
    expect((await user.client.get('/api/self')).statusCode).toBe(200);
  });

  it.each([
    ['of any user, in any case', () => DEMO.owner.toUpperCase()],
    ['of the requester themself', () => ''],
  ])('refuses an address %s', async (_case, address) => {
    const user = await newUser();
    const before = await snapshotTables(app);
    const res = await requestChange(user, address() || user.email);
    expect(res.statusCode).toBe(409);
    expect(errorOf(res).messages).toEqual(['E-mail already in use']);
    expect(await snapshotTables(app)).toEqual(before);
  });

  it("refuses an address that waits for another user's confirmation", async () => {
    const first = await newUser();
    const second = await newUser();
    const address = freshAddress();
    expect((await requestChange(first, address)).statusCode).toBe(202);
    const res = await requestChange(second, address.toUpperCase());
    expect(res.statusCode).toBe(409);
    expect(errorOf(res).messages).toEqual(['E-mail already in use']);
  });

  it('answers unknown, mangled and wrong-kind links alike, changing nothing', async () => {
    const user = await newUser();
    const address = freshAddress();
    await requestChange(user, address);
    const link = await mailedEmailChangePath(app, address);
    const id = link.split('/')[3];
    const before = await snapshotTables(app);
    for (const path of [
      link.replace(/token=.*/, 'token=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA'),
      link.replace(/\?token=.*/, ''),
      link.replace(id, '00000000-0000-4000-8000-000000000000'),
      '/api/user-email-change-request/kein-link/confirm?token=x',
      link.replace('user-email-change-request', 'administrator-email-change-request'),
    ]) {
      const res = await anonymous().get(path);
      expect(res.statusCode, path).toBe(404);
      expect(errorOf(res).messages).toEqual(['E-mail change request not found']);
    }
    expect(await snapshotTables(app)).toEqual(before);
  });

  it("refuses another user's id, another company's id and the other kind's path (403, nothing changes)", async () => {
    const user = await newUser();
    const [owner] = await app.db.select().from(users).where(eq(users.email, DEMO.owner));
    const [foreignOwner] = await app.db.select().from(users).where(eq(users.email, DEMO.unverifiedOwner));
    const before = await snapshotTables(app);
    const body = { email: freshAddress() };
    for (const path of [
      `/api/company/${sonnenschein}/user/${owner.id}/email`,
      `/api/company/${foreignOwner.companyId}/user/${foreignOwner.id}/email`,
      `/api/company/${foreignOwner.companyId}/user/${user.id}/email`,
      `/api/administrator/${user.id}/email`,
    ]) {
      const res = await user.client.put(path, body);
      expect(res.statusCode, path).toBe(403);
      expect(errorOf(res).messages).toEqual(['Forbidden']);
    }
    expect(await snapshotTables(app)).toEqual(before);
  });

  it('refuses bad input with the error body and changes nothing', async () => {
    const user = await newUser();
    const before = await snapshotTables(app);
    const cases: Array<[string, unknown, string | undefined]> = [
      [requestPath(user), { email: 'kein-at-zeichen' }, VALIDATION_TEXTS.email],
      [requestPath(user), { email: `${'a'.repeat(250)}@post.example` }, VALIDATION_TEXTS.email],
      [requestPath(user), { email: '' }, VALIDATION_TEXTS.required],
      [requestPath(user), {}, VALIDATION_TEXTS.required],
      [requestPath(user), { email: freshAddress(), role: 'Owner' }, undefined],
      [requestPath(user), { email: 'neu\u202e@post.example' }, VALIDATION_TEXTS.controlCharacters],
      [`/api/company/${sonnenschein}/user/kein-benutzer/email`, { email: freshAddress() }, undefined],
      [`/api/company/kein-unternehmen/user/${user.id}/email`, { email: freshAddress() }, undefined],
    ];
    for (const [path, body, message] of cases) {
      const res = await user.client.put(path, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      const error = errorOf(res);
      expect(error.errorCode).toBe('VALIDATION_FAILED');
      if (message) expect(error.messages.join(' ')).toContain(message);
    }
    expect(await snapshotTables(app)).toEqual(before);
  });

  it('lets an owner whose registration is unfinished change the e-mail', async () => {
    const owner = await newUser('Owner', 'Approved');
    const address = freshAddress();
    expect((await requestChange(owner, address)).statusCode).toBe(202);
    expect((await anonymous().get(await mailedEmailChangePath(app, address))).statusCode).toBe(200);
    expect(await emailOf(owner.id)).toBe(address);
  });

  describe('administrators (PUT /api/administrator/{id}/email)', () => {
    it.each<Role>(['SystemAdmin', 'LumioAdmin', 'SystemIntegratorAdmin'])(
      '%s changes the own e-mail through the administrator link',
      async (role) => {
        const admin = await newUser(role);
        const address = freshAddress();
        const res = await requestChange(admin, address);
        expect(res.statusCode).toBe(202);
        const link = await mailedEmailChangePath(app, address);
        expect(link).toMatch(/^\/api\/administrator-email-change-request\//);
        // The company users' confirmation does not take an administrator's link.
        const wrongKind = await anonymous().get(link.replace('administrator-email', 'user-email'));
        expect(wrongKind.statusCode).toBe(404);
        expect((await anonymous().get(link)).statusCode).toBe(200);
        expect((await admin.client.get('/api/self')).statusCode).toBe(401);
        const again = await loginLater(address);
        expect((await apiClient(app, again.accessToken).get('/api/self')).json()).toMatchObject({
          id: admin.id,
          role,
          email: address,
        });
      },
    );

    it("refuses another administrator's id and the company users' path", async () => {
      const admin = await newUser('LumioAdmin');
      const [systemAdmin] = await app.db.select().from(users).where(eq(users.email, DEMO.systemAdmin));
      const before = await snapshotTables(app);
      const body = { email: freshAddress() };
      expect((await admin.client.put(`/api/administrator/${systemAdmin.id}/email`, body)).statusCode).toBe(403);
      expect((await admin.client.put(`/api/company/${sonnenschein}/user/${admin.id}/email`, body)).statusCode).toBe(
        403,
      );
      expect(await snapshotTables(app)).toEqual(before);
    });
  });
});
