import { and, count, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditEvents,
  closedAccounts,
  closedCompanies,
  closedCompanyDocuments,
  companies,
  companyApplications,
  documents,
  oidcPayloads,
  passwordSetupTokens,
  stores,
  users,
} from '../../server/db/schema';
import { apiClient, buildTestApp, DEMO, errorOf } from './helpers/app';
import { uploadDocument } from './helpers/applications';
import { loginAs, startLogin, submitLogin } from './helpers/login';
import { approvedOwner, type ApprovedOwner } from './helpers/owners';
import { snapshotTables } from './helpers/snapshot';

const OIDC = '/realms/lumio/protocol/openid-connect';
const UNKNOWN_COMPANY = '0b6f0a52-5d0e-4d8e-9a43-6b1a2c3d4e5f';

describe('deleting the own company (DELETE /api/company/{id})', () => {
  let app: FastifyInstance;
  let sonnenschein: string;
  let morgenrot: string;

  beforeAll(async () => {
    app = await buildTestApp();
    [{ id: sonnenschein }] = await app.db
      .select()
      .from(companies)
      .where(eq(companies.name, 'Fotostudio Sonnenschein GmbH'));
    [{ id: morgenrot }] = await app.db.select().from(companies).where(eq(companies.name, 'Studio Morgenrot e.K.'));
  });
  afterAll(() => app.close());

  const path = (companyId: string) => `/api/company/${companyId}`;
  const rowsOf = async (table: typeof stores | typeof users, companyId: string) =>
    (await app.db.select({ n: count() }).from(table).where(eq(table.companyId, companyId)))[0].n;
  const idpEntriesOf = async (userId: string) =>
    (
      await app.db
        .select({ n: count() })
        .from(oidcPayloads)
        .where(sql`${oidcPayloads.payload} ->> 'accountId' = ${userId}`)
    )[0].n;

  /** A second person of the company who registered through an invitation (not verified yet). */
  async function addEmployee(owner: ApprovedOwner) {
    const [template] = await app.db.select().from(users).where(eq(users.id, owner.userId));
    const [employee] = await app.db
      .insert(users)
      .values({
        email: `mitarbeit-${owner.userId}@studio-test.example`,
        firstName: 'Emil',
        lastName: 'Eifrig',
        role: 'Employee',
        status: 'Unverified',
        companyId: owner.companyId,
        passwordHash: template.passwordHash,
      })
      .returning();
    return employee;
  }

  describe('the owner whose registration is unfinished', () => {
    let owner: ApprovedOwner;
    let employee: typeof users.$inferSelect;
    let documentId: string;

    beforeAll(async () => {
      documentId = await uploadDocument(app, 'Gewerbeanmeldung.png');
      owner = await approvedOwner(app, { documentIds: [documentId] });
      await app.db.insert(stores).values({
        companyId: owner.companyId,
        name: 'Zweites Studio',
        address: 'Hafenstraße 2, 20359 Hamburg',
        country: 'Deutschland',
      });
      employee = await addEmployee(owner);
    });

    it('deletes the company with its users, studios, application and documents, and keeps an audit row', async () => {
      const others = await snapshotOf(app, sonnenschein);
      expect(await rowsOf(stores, owner.companyId)).toBe(2);
      expect(await idpEntriesOf(owner.userId)).toBeGreaterThan(0);

      const res = await apiClient(app, owner.accessToken).delete(path(owner.companyId));
      expect(res.statusCode).toBe(204);

      expect(await app.db.select().from(companies).where(eq(companies.id, owner.companyId))).toEqual([]);
      expect(await rowsOf(stores, owner.companyId)).toBe(0);
      expect(await rowsOf(users, owner.companyId)).toBe(0);
      for (const userId of [owner.userId, employee.id]) {
        expect(await app.db.select().from(users).where(eq(users.id, userId))).toEqual([]);
        expect(await app.db.select().from(passwordSetupTokens).where(eq(passwordSetupTokens.userId, userId))).toEqual(
          [],
        );
        expect(await idpEntriesOf(userId)).toBe(0);
      }
      expect(
        await app.db.select().from(companyApplications).where(eq(companyApplications.id, owner.applicationId)),
      ).toEqual([]);
      expect(await app.db.select().from(documents).where(eq(documents.id, documentId))).toEqual([]);
      // What the law keeps (issue 28): the people's data and the company with its approved
      // application's document, archived for the retention job.
      const archived = await app.db
        .select({ id: closedAccounts.id, reason: closedAccounts.reason, email: closedAccounts.email })
        .from(closedAccounts)
        .where(inArray(closedAccounts.id, [owner.userId, employee.id]));
      expect(archived).toHaveLength(2);
      expect(archived.find((a) => a.id === owner.userId)).toMatchObject({ reason: 'deleted', email: owner.email });
      const [closed] = await app.db.select().from(closedCompanies).where(eq(closedCompanies.id, owner.companyId));
      expect(closed).toMatchObject({ applicationId: owner.applicationId, address: expect.any(String) });
      const keptDocuments = await app.db
        .select({ id: closedCompanyDocuments.id, name: closedCompanyDocuments.name })
        .from(closedCompanyDocuments)
        .where(eq(closedCompanyDocuments.closedCompanyId, owner.companyId));
      expect(keptDocuments).toEqual([{ id: documentId, name: 'Gewerbeanmeldung.png' }]);

      const [audit] = await app.db
        .select()
        .from(auditEvents)
        .where(and(eq(auditEvents.action, 'company.deleted'), eq(auditEvents.entityId, owner.companyId)));
      expect(audit).toMatchObject({
        actorId: owner.userId,
        actorEmail: owner.email,
        actorRole: 'Owner',
        entityType: 'company',
        companyId: owner.companyId,
        after: null,
      });
      expect(audit.before).toMatchObject({ users: 2, stores: 2, applications: 1, documents: 1 });

      // Nothing of another company was touched.
      expect(await snapshotOf(app, sonnenschein)).toEqual(others);
    });

    it('leaves the owner without a way back in: tokens, session and password are gone', async () => {
      // The access token names a user that no longer exists.
      const self = await apiClient(app, owner.accessToken).get('/api/self');
      expect(self.statusCode).toBe(401);
      expect(errorOf(self).messages).toEqual(['Unauthorized']);
      const again = await apiClient(app, owner.accessToken).delete(path(owner.companyId));
      expect(again.statusCode).toBe(401);

      const refreshed = await app.inject({
        method: 'POST',
        url: `${OIDC}/token`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({
          client_id: 'lumio-web',
          grant_type: 'refresh_token',
          refresh_token: owner.refreshToken,
        }).toString(),
      });
      expect(refreshed.statusCode).toBe(400);
      expect(refreshed.json().error).toBe('invalid_grant');

      // The browser's session cookie no longer signs in silently (keycloak-js's check-sso) ...
      const silent = await startLogin(app, owner.jar, { prompt: 'none' });
      expect(new URL(String(silent.response.headers.location)).searchParams.get('error')).toBe('login_required');
      // ... and the login form refuses the old password like any unknown account.
      const start = await startLogin(app);
      const refused = await submitLogin(app, start, owner.email, owner.password);
      expect(refused.statusCode).toBe(200);
      expect(refused.body).toContain('Ungültiger Benutzername oder Passwort.');
    });

    it('lets the same address apply again', async () => {
      const res = await apiClient(app).post('/api/company-application', {
        salutation: 'Frau',
        firstName: 'Lena',
        lastName: 'Lichtenberg',
        birthDate: '1984-03-17',
        email: owner.email,
        companyName: 'Neuer Versuch GmbH',
        legalForm: 'GmbH',
        address: 'Lindenstraße 7, 50674 Köln',
        country: 'Deutschland',
        phoneNumber: '+4922112345678',
        documentIds: [],
      });
      expect(res.statusCode).toBe(201);
    });
  });

  it('deletes all or nothing: a failure at the identity provider leaves everything as it was', async () => {
    const owner = await approvedOwner(app);
    await addEmployee(owner);
    const port = app.idpAdmin!;
    const original = port.deleteUser;
    let calls = 0;
    port.deleteUser = async (tx, userId) => {
      calls += 1;
      if (calls === 2) throw new Error('identity provider unreachable');
      return original.call(port, tx, userId);
    };
    try {
      const before = await snapshotTables(app);
      const res = await apiClient(app, owner.accessToken).delete(path(owner.companyId));
      expect(res.statusCode).toBe(500);
      expect(errorOf(res).messages).toEqual(['Internal error']);
      expect(await snapshotTables(app)).toEqual(before);
      expect(await idpEntriesOf(owner.userId)).toBeGreaterThan(0);
    } finally {
      port.deleteUser = original;
    }
    expect((await apiClient(app, owner.accessToken).get('/api/self')).statusCode).toBe(200);
  });

  it('refuses the owner once the registration is finished, and changes nothing', async () => {
    const owner = await approvedOwner(app);
    await app.db.update(users).set({ status: 'VerifiedAndApproved' }).where(eq(users.id, owner.userId));
    for (const [token, companyId] of [
      [owner.accessToken, owner.companyId],
      [(await loginAs(app, DEMO.owner)).accessToken, sonnenschein],
    ]) {
      const before = await snapshotTables(app);
      const res = await apiClient(app, token).delete(path(companyId));
      expect(res.statusCode).toBe(403);
      expect(errorOf(res).messages).toEqual(['Forbidden']);
      expect(await snapshotTables(app)).toEqual(before);
    }
  });

  it.each([
    ['the account administrator', DEMO.accountAdmin],
    ['an employee', DEMO.employee],
    ['the LumioAdmin', DEMO.lumioAdmin],
    ['the SystemAdmin', DEMO.systemAdmin],
    ['a system integrator', DEMO.integrator],
  ])('refuses %s, and changes nothing', async (_who, email) => {
    const client = apiClient(app, (await loginAs(app, email)).accessToken);
    for (const companyId of [sonnenschein, morgenrot]) {
      const before = await snapshotTables(app);
      const res = await client.delete(path(companyId));
      expect(res.statusCode).toBe(403);
      expect(errorOf(res).messages).toEqual(['Forbidden']);
      expect(await snapshotTables(app)).toEqual(before);
    }
  });

  it("refuses an unfinished employee of the company and another company's owner", async () => {
    const owner = await approvedOwner(app);
    const employee = await addEmployee(owner);
    const stranger = await approvedOwner(app);
    for (const token of [(await loginAs(app, employee.email, owner.password)).accessToken, stranger.accessToken]) {
      const before = await snapshotTables(app);
      const res = await apiClient(app, token).delete(path(owner.companyId));
      expect(res.statusCode).toBe(403);
      expect(await snapshotTables(app)).toEqual(before);
    }
    // The demo owner of Morgenrot (unfinished too) cannot reach Sonnenschein either.
    const unverified = apiClient(app, (await loginAs(app, DEMO.unverifiedOwner)).accessToken);
    expect((await unverified.delete(path(sonnenschein))).statusCode).toBe(403);
  });

  it('answers a malformed id with 400, an unknown one like a foreign company, and no token with 401', async () => {
    const owner = await approvedOwner(app);
    const client = apiClient(app, owner.accessToken);
    const before = await snapshotTables(app);

    const malformed = await client.delete(path('keine-firma'));
    expect(malformed.statusCode).toBe(400);
    expect(errorOf(malformed).messages).toEqual(['Invalid company id']);
    // Not the caller's company: refused before anyone learns whether it exists.
    const unknown = await client.delete(path(UNKNOWN_COMPANY));
    expect(unknown.statusCode).toBe(403);
    const anonymous = await apiClient(app).delete(path(owner.companyId));
    expect(anonymous.statusCode).toBe(401);

    expect(await snapshotTables(app)).toEqual(before);
  });
});

/** The rows of one company that a deletion of another must leave alone. */
async function snapshotOf(app: FastifyInstance, companyId: string) {
  return {
    company: await app.db.select().from(companies).where(eq(companies.id, companyId)),
    stores: await app.db.select().from(stores).where(eq(stores.companyId, companyId)),
    users: await app.db.select().from(users).where(eq(users.companyId, companyId)),
  };
}
