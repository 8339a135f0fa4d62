import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, users } from '../../server/db/schema';
import { idpSecondFactors } from '../../server/idp/second-factor.table';
import { SECOND_FACTOR_RESET_SUBJECT } from '../../server/mail/templates/second-factor-reset';
import { SERVER_MESSAGES } from '../../src/domain/errorCatalogue';
import { apiClient, buildTestApp, DEMO, errorOf } from './helpers/app';
import { demoClient, type Client } from './helpers/eid';
import { snapshotTables } from './helpers/snapshot';

const UNKNOWN_ID = '0b6f0a52-5d0e-4d8e-9a43-6b1a2c3d4e5f';
const path = (id: string) => `/api/user/${id}/second-factor`;

describe('resetting a second factor (DELETE /api/user/{id}/second-factor)', () => {
  let app: FastifyInstance;
  let systemAdmin: Client;
  const ids: Record<string, string> = {};

  /** Gives the user an authenticator app, as the embedded IdP's enrolment stores it. */
  const enrol = async (userId: string) => {
    await app.db.insert(idpSecondFactors).values({ userId, sealedSecret: 'sealed-for-the-test' }).onConflictDoNothing();
  };
  const hasFactor = async (userId: string) =>
    (await app.db.select().from(idpSecondFactors).where(eq(idpSecondFactors.userId, userId))).length > 0;

  beforeAll(async () => {
    app = await buildTestApp();
    systemAdmin = await demoClient(app, DEMO.systemAdmin);
    for (const [key, email] of Object.entries(DEMO)) {
      ids[key] = (await app.db.select().from(users).where(eq(users.email, email)))[0].id;
    }
  });
  afterAll(() => app.close());

  it('is for the SystemAdmin only: other roles 403, anonymous 401, the factor stays', async () => {
    await enrol(ids.integrator);
    for (const email of [DEMO.lumioAdmin, DEMO.integrator, DEMO.owner, DEMO.accountAdmin, DEMO.employee]) {
      const res = await (await demoClient(app, email)).delete(path(ids.integrator));
      expect(res.statusCode, email).toBe(403);
      expect(errorOf(res).messages[0]).toBe('Forbidden');
    }
    expect((await apiClient(app).delete(path(ids.integrator))).statusCode).toBe(401);
    expect(await hasFactor(ids.integrator)).toBe(true);
    expect((await (await demoClient(app, DEMO.employee)).get('/api/self')).json()).toMatchObject({
      secondFactor: false,
    });
  });

  it('removes the factor of a LumioAdmin, ends their sessions, writes the audit row and mails them', async () => {
    await enrol(ids.lumioAdmin);
    const lumioAdmin = await demoClient(app, DEMO.lumioAdmin);
    expect((await lumioAdmin.get('/api/self')).json()).toMatchObject({ secondFactor: true });

    const res = await systemAdmin.delete(path(ids.lumioAdmin));

    expect(res.statusCode, res.body).toBe(204);
    expect(res.body).toBe('');
    expect(await hasFactor(ids.lumioAdmin)).toBe(false);
    const [row] = await app.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'user.second_factor_reset'), eq(auditEvents.entityId, ids.lumioAdmin)));
    expect(row).toMatchObject({ actorEmail: DEMO.systemAdmin, entityType: 'user', companyId: null });
    const mail = await app.mailCatcher!.waitFor(
      (m) => m.to === DEMO.lumioAdmin && m.subject === SECOND_FACTOR_RESET_SUBJECT,
    );
    expect(mail.text).toContain('hat die Zwei-Faktor-Anmeldung Ihres Lumio-Kontos zurückgesetzt');
    expect(mail.text).toContain('Bei Ihrer nächsten Anmeldung richten Sie sie mit Ihrer Authenticator-App neu ein.');
    // The access token the LumioAdmin held is refused: the next login asks for a new factor.
    expect((await lumioAdmin.get('/api/self')).statusCode).toBe(401);
    expect(await app.idpAdmin!.hasSecondFactor(app.db, ids.lumioAdmin)).toBe(false);
  });

  it("records the company of a studio person and tells an optional role's user about the profile", async () => {
    await enrol(ids.owner);
    const res = await systemAdmin.delete(path(ids.owner));
    expect(res.statusCode, res.body).toBe(204);
    const [owner] = await app.db.select().from(users).where(eq(users.id, ids.owner));
    const [row] = await app.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'user.second_factor_reset'), eq(auditEvents.entityId, ids.owner)));
    expect(row.companyId).toBe(owner.companyId);
    const mail = await app.mailCatcher!.waitFor(
      (m) => m.to === DEMO.owner && m.subject === SECOND_FACTOR_RESET_SUBJECT,
    );
    expect(mail.text).toContain('Sie können sie in Ihrem Profil jederzeit wieder einrichten.');
  });

  it('refuses the own second factor with a German-catalogued message and changes nothing', async () => {
    await enrol(ids.systemAdmin);
    const before = await snapshotTables(app);
    const res = await systemAdmin.delete(path(ids.systemAdmin));
    expect(res.statusCode).toBe(403);
    expect(errorOf(res).messages[0]).toBe(SERVER_MESSAGES.ownSecondFactorNotResettable);
    expect(await snapshotTables(app)).toEqual(before);
    expect(await hasFactor(ids.systemAdmin)).toBe(true);
  });

  it('answers 409 for a user without a second factor and 404 for an unknown one', async () => {
    const none = await systemAdmin.delete(path(ids.employee));
    expect(none.statusCode).toBe(409);
    expect(errorOf(none).messages[0]).toBe(SERVER_MESSAGES.noSecondFactor);
    const unknown = await systemAdmin.delete(path(UNKNOWN_ID));
    expect(unknown.statusCode).toBe(404);
    const malformed = await systemAdmin.delete(path('keine-id'));
    expect(malformed.statusCode).toBe(400);
    expect(errorOf(malformed).messages[0]).toBe(SERVER_MESSAGES.invalidUserId);
  });
});
