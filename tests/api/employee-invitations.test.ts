import { and, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { auditEvents, companies, employeeInvitations, users } from '../../server/db/schema';
import { DEMO_INVITATION_EMAIL, DEMO_INVITATION_TOKEN } from '../../server/db/seed';
import { hashSecretToken } from '../../server/lib/secret-token';
import { EMPLOYEE_INVITATION_SUBJECT } from '../../server/mail/templates/employee-invitation';
import { EMPLOYEE_REGISTERED_SUBJECT } from '../../server/mail/templates/employee-registered';
import type { Role, UserStatus } from '../../src/domain/roles';
import { VALIDATION_TEXTS } from '../../src/domain/validation';
import { apiClient, buildTestApp, DEMO, errorOf } from './helpers/app';
import { mailedInvitationToken, mailedSetPasswordToken, registrationBody } from './helpers/invitations';
import { loginWithFlow } from './helpers/login';
import { approvedOwner } from './helpers/owners';
import { snapshotTables } from './helpers/snapshot';

const DAY_MS = 24 * 60 * 60 * 1000;
const NEW_PASSWORD = 'Einladung2026';
const INVITE = '/api/employee-invitation';
const link = (token: string) => `${INVITE}/${token}`;

describe('inviting employees and registering through the invitation', () => {
  let app: FastifyInstance;
  let sonnenschein: { id: string; name: string };
  let morgenrot: { id: string; name: string };
  let passwordHash: string | null;
  let counter = 0;
  const clients = new Map<string, ReturnType<typeof apiClient>>();

  beforeAll(async () => {
    // Many public calls from one address: the limit itself is tested with an app of its own.
    app = await buildTestApp({ RATE_LIMIT_PUBLIC_PER_MINUTE: '1000' });
    [sonnenschein] = await app.db.select().from(companies).where(eq(companies.name, 'Fotostudio Sonnenschein GmbH'));
    [morgenrot] = await app.db.select().from(companies).where(eq(companies.name, 'Studio Morgenrot e.K.'));
    [{ passwordHash }] = await app.db.select().from(users).where(eq(users.email, DEMO.employee));
  });
  afterAll(() => app.close());
  afterEach(() => {
    vi.useRealTimers();
  });

  /** The API as a demo user (logged in once per file). */
  async function as(email: string) {
    let client = clients.get(email);
    if (!client) {
      client = apiClient(app, (await loginWithFlow(app, email)).accessToken);
      clients.set(email, client);
    }
    return client;
  }
  const anonymous = () => apiClient(app);
  const freshAddress = (prefix = 'eingeladen') => {
    counter += 1;
    return `${prefix}-${counter}@post.example`;
  };

  /** A finished company user of another company than the demo owner's, with the demo password. */
  async function companyUser(companyId: string, role: Role, status: UserStatus = 'VerifiedAndApproved') {
    counter += 1;
    const [row] = await app.db
      .insert(users)
      .values({
        email: `kollege-${counter}@studio-test.example`,
        firstName: 'Karl',
        lastName: `Kollege${counter}`,
        salutation: 'Herr',
        role,
        status,
        companyId,
        passwordHash,
      })
      .returning();
    return { ...row, client: apiClient(app, (await loginWithFlow(app, row.email)).accessToken) };
  }

  async function invite(email: string, inviter: string = DEMO.owner) {
    const res = await (await as(inviter)).post(INVITE, { email });
    expect(res.statusCode, res.body).toBe(201);
    return mailedInvitationToken(app, email);
  }

  const invitationsOf = (email: string) =>
    app.db
      .select()
      .from(employeeInvitations)
      .where(eq(employeeInvitations.email, email))
      .orderBy(desc(employeeInvitations.createdAt));

  const auditOf = (action: string, entityId: string) =>
    app.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, action), eq(auditEvents.entityId, entityId)));

  async function setPassword(token: string, password: string) {
    return app.inject({
      method: 'POST',
      url: `${new URL(app.config.keycloak.issuer).pathname}/login-actions/set-password`,
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: new URL(app.config.publicUrl).origin },
      payload: new URLSearchParams({ token, 'password-new': password, 'password-confirm': password }).toString(),
    });
  }

  describe('POST /api/employee-invitation', () => {
    it('mails a 7-day link to the address and records the invitation', async () => {
      const email = freshAddress();
      const res = await (await as(DEMO.owner)).post(INVITE, { email: ` ${email.toUpperCase()} ` });
      expect(res.statusCode).toBe(201);
      const answer = res.json() as { id: string; email: string; validUntil: string };
      expect(answer.email).toBe(email);
      expect(Date.parse(answer.validUntil) - Date.now()).toBeGreaterThan(7 * DAY_MS - 60_000);
      expect(Date.parse(answer.validUntil) - Date.now()).toBeLessThanOrEqual(7 * DAY_MS);

      const mail = await app.mailCatcher!.waitFor((m) => m.to === email);
      expect(mail.subject).toBe(EMPLOYEE_INVITATION_SUBJECT);
      expect(mail.text).toContain('„Fotostudio Sonnenschein GmbH“ lädt Sie ein');
      expect(mail.text).toContain('7 Tage gültig');
      const token = await mailedInvitationToken(app, email);
      expect(mail.html).toContain(`href="http://localhost:8080/employee-invitation/${token}"`);

      const [stored] = await invitationsOf(email);
      expect(stored).toMatchObject({ id: answer.id, companyId: sonnenschein.id, usedAt: null, replacedAt: null });
      // Only the token's hash is kept.
      expect(stored.tokenHash).toBe(hashSecretToken(token));
      expect(mail.text).not.toContain(stored.tokenHash);
      const [audit] = await auditOf('invitation.created', answer.id);
      expect(audit).toMatchObject({ entityType: 'invitation', companyId: sonnenschein.id, actorEmail: DEMO.owner });
      expect(audit.after).toMatchObject({ email });
    });

    it('lets an AccountAdministrator invite into their own company', async () => {
      const email = freshAddress();
      const token = await invite(email, DEMO.accountAdmin);
      const res = await anonymous().get(link(token));
      expect(res.json()).toEqual({ email, company: { name: sonnenschein.name } });
    });

    it('refuses every other role, an unfinished owner and anonymous callers, writing nothing', async () => {
      for (const email of [DEMO.employee, DEMO.lumioAdmin, DEMO.systemAdmin, DEMO.integrator, DEMO.unverifiedOwner]) {
        const before = await snapshotTables(app);
        const res = await (await as(email)).post(INVITE, { email: freshAddress() });
        expect(res.statusCode, email).toBe(403);
        expect(errorOf(res).messages).toEqual(['Forbidden']);
        expect(await snapshotTables(app)).toEqual(before);
      }
      const res = await anonymous().post(INVITE, { email: freshAddress() });
      expect(res.statusCode).toBe(401);
    });

    it('invites into the own company only: the body cannot name another one', async () => {
      const before = await snapshotTables(app);
      for (const extra of [{ companyId: morgenrot.id }, { company: { id: morgenrot.id } }, { role: 'Owner' }]) {
        const res = await (await as(DEMO.owner)).post(INVITE, { email: freshAddress(), ...extra });
        expect(res.statusCode).toBe(400);
        expect(errorOf(res).errorCode).toBe('VALIDATION_FAILED');
      }
      expect(await snapshotTables(app)).toEqual(before);
    });

    it('refuses a missing or invalid address with the form’s messages', async () => {
      const before = await snapshotTables(app);
      const owner = await as(DEMO.owner);
      const missing = await owner.post(INVITE, {});
      expect(errorOf(missing).messages.join(' ')).toContain(VALIDATION_TEXTS.required);
      const invalid = await owner.post(INVITE, { email: 'keine-adresse' });
      expect(invalid.statusCode).toBe(400);
      expect(errorOf(invalid).messages.join(' ')).toContain(VALIDATION_TEXTS.email);
      expect(await snapshotTables(app)).toEqual(before);
    });

    it('renews an open invitation of the same address in the same company: new link, old one dead', async () => {
      const email = freshAddress();
      const first = await invite(email);
      const again = await (await as(DEMO.accountAdmin)).post(INVITE, { email: email.toUpperCase() });
      expect(again.statusCode).toBe(201);
      const second = await mailedInvitationToken(app, email, [first]);
      expect(second).not.toBe(first);
      const renewal = await app.mailCatcher!.waitFor((m) => m.to === email && m.text.includes(second));
      expect(renewal.text).toContain('Links aus früheren Einladungen gelten nicht mehr.');

      expect((await anonymous().get(link(first))).statusCode).toBe(404);
      expect((await anonymous().post(link(first), registrationBody())).statusCode).toBe(404);
      expect((await anonymous().get(link(second))).statusCode).toBe(200);
      const [newest, replaced] = await invitationsOf(email);
      expect(replaced.replacedAt).not.toBeNull();
      expect(Date.parse(newest.expiresAt.toISOString())).toBeGreaterThan(Date.parse(replaced.expiresAt.toISOString()));
      const [audit] = await auditOf('invitation.renewed', newest.id);
      expect(audit).toMatchObject({ entityType: 'invitation', companyId: sonnenschein.id });
      expect(audit.before).toMatchObject({ replacedInvitationId: replaced.id });
    });

    it('refuses an address that belongs to a user, in any case, writing nothing', async () => {
      const before = await snapshotTables(app);
      for (const email of [DEMO.employee.toUpperCase(), DEMO.lumioAdmin, DEMO.unverifiedOwner]) {
        const res = await (await as(DEMO.owner)).post(INVITE, { email });
        expect(res.statusCode, email).toBe(409);
        expect(errorOf(res).messages).toEqual(['E-mail already in use']);
      }
      expect(await snapshotTables(app)).toEqual(before);
    });

    it('refuses an address with an open invitation of another company, until it has expired', async () => {
      const other = await companyUser(morgenrot.id, 'AccountAdministrator');
      const email = freshAddress();
      expect((await other.client.post(INVITE, { email })).statusCode).toBe(201);
      const before = await snapshotTables(app);
      const res = await (await as(DEMO.owner)).post(INVITE, { email: email.toUpperCase() });
      expect(res.statusCode).toBe(409);
      expect(errorOf(res).messages).toEqual(['E-mail already in use']);
      expect(await snapshotTables(app)).toEqual(before);

      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(Date.now() + 7 * DAY_MS + 1000);
      // A week later the earlier access token has long expired: the owner logs in again.
      const owner = apiClient(app, (await loginWithFlow(app, DEMO.owner)).accessToken);
      expect((await owner.post(INVITE, { email })).statusCode).toBe(201);
    });

    it('refuses an address another user waits to confirm as their new e-mail', async () => {
      const colleague = await companyUser(sonnenschein.id, 'Employee');
      const email = freshAddress();
      const requested = await colleague.client.put(`/api/company/${sonnenschein.id}/user/${colleague.id}/email`, {
        email,
      });
      expect(requested.statusCode).toBe(202);
      const before = await snapshotTables(app);
      const res = await (await as(DEMO.owner)).post(INVITE, { email });
      expect(res.statusCode).toBe(409);
      expect(errorOf(res).messages).toEqual(['E-mail already in use']);
      expect(await snapshotTables(app)).toEqual(before);
    });
  });

  describe('GET /api/employee-invitation/{id}', () => {
    it('shows the invited address and the company of the demo invitation', async () => {
      const res = await anonymous().get(link(DEMO_INVITATION_TOKEN));
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ email: DEMO_INVITATION_EMAIL, company: { name: 'Fotostudio Sonnenschein GmbH' } });
    });

    it('answers malformed and unknown links alike', async () => {
      const unknown = 'A'.repeat(43);
      for (const id of ['abc', unknown, DEMO_INVITATION_TOKEN.toLowerCase(), `${DEMO_INVITATION_TOKEN}x`]) {
        const res = await anonymous().get(link(encodeURIComponent(id)));
        expect(res.statusCode, id).toBe(404);
        expect(errorOf(res).messages).toEqual(['Invitation not found']);
      }
    });

    it('answers an expired invitation with 404, also when registering', async () => {
      const email = freshAddress();
      const token = await invite(email);
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(Date.now() + 7 * DAY_MS + 1000);
      const before = await snapshotTables(app);
      expect(errorOf(await anonymous().get(link(token))).messages).toEqual(['Invitation not found']);
      const res = await anonymous().post(link(token), registrationBody());
      expect(res.statusCode).toBe(404);
      expect(errorOf(res).messages).toEqual(['Invitation not found']);
      expect(await snapshotTables(app)).toEqual(before);
    });

    it('answers 404 once the inviting company is deleted', async () => {
      const owner = await approvedOwner(app);
      const token = 'B'.repeat(43);
      const now = new Date();
      await app.db.insert(employeeInvitations).values({
        tokenHash: hashSecretToken(token),
        companyId: owner.companyId,
        email: freshAddress(),
        createdAt: now,
        expiresAt: new Date(now.getTime() + DAY_MS),
      });
      expect((await anonymous().get(link(token))).statusCode).toBe(200);
      const deleted = await apiClient(app, owner.accessToken).delete(`/api/company/${owner.companyId}`);
      expect(deleted.statusCode).toBeLessThan(300);
      expect(errorOf(await anonymous().get(link(token))).messages).toEqual(['Invitation not found']);
    });
  });

  describe('POST /api/employee-invitation/{id}', () => {
    it('registers an Unverified Employee of the company, who sets a password from the second mail and logs in', async () => {
      const email = freshAddress();
      const token = await invite(email);
      const res = await anonymous().post(link(token), registrationBody({ firstName: ' Ella ' }));
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json()).toEqual({ email });

      const [user] = await app.db.select().from(users).where(eq(users.email, email));
      expect(user).toMatchObject({
        role: 'Employee',
        status: 'Unverified',
        companyId: sonnenschein.id,
        salutation: 'Frau',
        firstName: 'Ella',
        lastName: 'Eingeladen',
        birthDate: '1995-04-12',
        passwordHash: null,
      });
      const [invitation] = await invitationsOf(email);
      expect(invitation.usedAt).not.toBeNull();
      const [audit] = await auditOf('user.registered', user.id);
      expect(audit).toMatchObject({ entityType: 'user', companyId: sonnenschein.id, actorId: user.id });

      const mail = await app.mailCatcher!.waitFor((m) => m.to === email && m.subject === EMPLOYEE_REGISTERED_SUBJECT);
      expect(mail.text).toContain('Guten Tag Frau Eingeladen,');
      expect(mail.text).toContain('Legen Sie über den folgenden Link Ihr Passwort fest.');
      expect(mail.text).toContain('eID-Verifizierung');
      expect(mail.text).toContain('Freigabe durch „Fotostudio Sonnenschein GmbH“');
      expect((await setPassword(await mailedSetPasswordToken(app, email), NEW_PASSWORD)).statusCode).toBe(200);

      const tokens = await loginWithFlow(app, email, NEW_PASSWORD);
      const self = await apiClient(app, tokens.accessToken).get('/api/self');
      expect(self.json()).toMatchObject({
        email,
        role: 'Employee',
        status: 'Unverified',
        associatedEntity: { id: sonnenschein.id },
      });
    });

    it('registers nobody twice: a replayed link is 404 and changes nothing', async () => {
      const email = freshAddress();
      const token = await invite(email);
      expect((await anonymous().post(link(token), registrationBody())).statusCode).toBe(201);
      const before = await snapshotTables(app);
      const replay = await anonymous().post(link(token), registrationBody({ firstName: 'Zweite' }));
      expect(replay.statusCode).toBe(404);
      expect(errorOf(replay).messages).toEqual(['Invitation not found']);
      expect(errorOf(await anonymous().get(link(token))).messages).toEqual(['Invitation not found']);
      expect(await snapshotTables(app)).toEqual(before);
    });

    it('takes neither e-mail nor company nor role from the body', async () => {
      const email = freshAddress();
      const token = await invite(email);
      const before = await snapshotTables(app);
      for (const extra of [
        { email: 'andere@post.example' },
        { companyId: morgenrot.id },
        { role: 'Owner' },
        { status: 'VerifiedAndApproved' },
      ]) {
        const res = await anonymous().post(link(token), registrationBody(extra));
        expect(res.statusCode).toBe(400);
        expect(errorOf(res).errorCode).toBe('VALIDATION_FAILED');
      }
      expect(await snapshotTables(app)).toEqual(before);
      // The link still works afterwards, for the invited address in the inviting company.
      expect((await anonymous().post(link(token), registrationBody())).statusCode).toBe(201);
      const [user] = await app.db.select().from(users).where(eq(users.email, email));
      expect(user.companyId).toBe(sonnenschein.id);
    });

    it('checks the fields by the registration’s rules, writing nothing', async () => {
      const token = await invite(freshAddress());
      const before = await snapshotTables(app);
      const cases: [Record<string, unknown>, string][] = [
        [{ salutation: '' }, VALIDATION_TEXTS.required],
        [{ salutation: 'Dr.' }, VALIDATION_TEXTS.option],
        [{ firstName: '   ' }, VALIDATION_TEXTS.required],
        [{ lastName: 'x'.repeat(201) }, VALIDATION_TEXTS.textTooLong],
        [{ birthDate: '12.04.1995' }, VALIDATION_TEXTS.birthDate],
        [{ birthDate: '2999-01-01' }, VALIDATION_TEXTS.birthDateInFuture],
      ];
      for (const [override, message] of cases) {
        const res = await anonymous().post(link(token), registrationBody(override));
        expect(res.statusCode, JSON.stringify(override)).toBe(400);
        expect(errorOf(res).messages.join(' ')).toContain(message);
      }
      const { birthDate: _birthDate, ...withoutBirthDate } = registrationBody();
      expect((await anonymous().post(link(token), withoutBirthDate)).statusCode).toBe(400);
      expect(await snapshotTables(app)).toEqual(before);
    });

    it('refuses when the address has become a user’s meanwhile, keeping the invitation open', async () => {
      const email = freshAddress();
      const token = await invite(email);
      await app.db.insert(users).values({ email, firstName: 'Schon', lastName: 'Da', companyId: morgenrot.id });
      const before = await snapshotTables(app);
      const res = await anonymous().post(link(token), registrationBody());
      expect(res.statusCode).toBe(409);
      expect(errorOf(res).messages).toEqual(['E-mail already in use']);
      expect(await snapshotTables(app)).toEqual(before);
    });
  });
});

describe('rate limit of the public invitation calls', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp({ RATE_LIMIT_PUBLIC_PER_MINUTE: '2' });
  });
  afterAll(() => app.close());

  it('answers 429 in the error body once the public limit is used', async () => {
    const client = apiClient(app);
    for (let i = 0; i < 2; i += 1) expect((await client.get(link(DEMO_INVITATION_TOKEN))).statusCode).toBe(200);
    const limited = await client.get(link(DEMO_INVITATION_TOKEN));
    expect(limited.statusCode).toBe(429);
    expect(errorOf(limited).status).toBe(429);
    for (let i = 0; i < 2; i += 1) await client.post(link('A'.repeat(43)), registrationBody());
    expect((await client.post(link('A'.repeat(43)), registrationBody())).statusCode).toBe(429);
  });
});
