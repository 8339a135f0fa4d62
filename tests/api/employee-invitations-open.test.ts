import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, companies, employeeInvitations, users } from '../../server/db/schema';
import { EMPLOYEE_INVITATION_SUBJECT } from '../../server/mail/templates/employee-invitation';
import { apiClient, buildTestApp, DEMO, errorOf } from './helpers/app';
import { mailedInvitationToken } from './helpers/invitations';
import { loginWithFlow } from './helpers/login';
import { snapshotTables } from './helpers/snapshot';

const INVITE = '/api/employee-invitation';
const openOf = (companyId: string) => `/api/company/${companyId}/employee-invitation`;

interface OpenInvitation {
  id: string;
  email: string;
  invitedAt: string;
  validUntil: string;
}

/**
 * Issue 25: the employees page lists the company's open invitations and resends or withdraws
 * them. Resending renews the invitation (the link's token is stored only as its hash, so the old
 * link cannot be mailed again): a new link valid 7 days, the old one no longer works.
 */
describe('open invitations: list, resend, withdraw', () => {
  let app: FastifyInstance;
  let sonnenschein: { id: string };
  let morgenrot: { id: string };
  let counter = 0;
  const clients = new Map<string, ReturnType<typeof apiClient>>();

  beforeAll(async () => {
    app = await buildTestApp({ RATE_LIMIT_PUBLIC_PER_MINUTE: '1000' });
    [sonnenschein] = await app.db.select().from(companies).where(eq(companies.name, 'Fotostudio Sonnenschein GmbH'));
    [morgenrot] = await app.db.select().from(companies).where(eq(companies.name, 'Studio Morgenrot e.K.'));
  });
  afterAll(() => app.close());

  async function as(email: string) {
    let client = clients.get(email);
    if (!client) {
      client = apiClient(app, (await loginWithFlow(app, email)).accessToken);
      clients.set(email, client);
    }
    return client;
  }
  const freshAddress = () => {
    counter += 1;
    return `offen-${counter}@post.example`;
  };
  async function invite(email: string) {
    const res = await (await as(DEMO.owner)).post(INVITE, { email });
    expect(res.statusCode, res.body).toBe(201);
    return { id: (res.json() as { id: string }).id, token: await mailedInvitationToken(app, email) };
  }
  /** A finished AccountAdministrator of Morgenrot: the other tenant. */
  async function morgenrotAdmin() {
    const [{ passwordHash }] = await app.db.select().from(users).where(eq(users.email, DEMO.employee));
    const [row] = await app.db
      .insert(users)
      .values({
        email: 'kontoadmin@studio-morgenrot.example',
        firstName: 'Mara',
        lastName: 'Morgenrot',
        salutation: 'Frau',
        role: 'AccountAdministrator',
        status: 'VerifiedAndApproved',
        companyId: morgenrot.id,
        passwordHash,
      })
      .returning();
    return apiClient(app, (await loginWithFlow(app, row.email)).accessToken);
  }
  const auditOf = (action: string, entityId: string) =>
    app.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, action), eq(auditEvents.entityId, entityId)));

  it('lists the company’s open invitations with address, sending time and end of validity', async () => {
    const email = freshAddress();
    const { id } = await invite(email);

    const res = await (await as(DEMO.accountAdmin)).get(openOf(sonnenschein.id));

    expect(res.statusCode).toBe(200);
    const listed = (res.json() as OpenInvitation[]).find((row) => row.id === id);
    expect(listed).toMatchObject({ id, email });
    expect(Date.parse(listed!.validUntil) - Date.parse(listed!.invitedAt)).toBe(7 * 24 * 60 * 60 * 1000);
  });

  it('leaves used, withdrawn and expired invitations out', async () => {
    const expired = await invite(freshAddress());
    await app.db
      .update(employeeInvitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(employeeInvitations.id, expired.id));
    const withdrawn = await invite(freshAddress());
    await (await as(DEMO.owner)).delete(`${openOf(sonnenschein.id)}/${withdrawn.id}`);

    const ids = ((await (await as(DEMO.owner)).get(openOf(sonnenschein.id))).json() as OpenInvitation[]).map(
      (row) => row.id,
    );

    expect(ids).not.toContain(expired.id);
    expect(ids).not.toContain(withdrawn.id);
  });

  it('keeps tenants apart: another company’s list and invitations are 403, an unknown id 404', async () => {
    const { id } = await invite(freshAddress());
    const other = await morgenrotAdmin();

    expect((await other.get(openOf(sonnenschein.id))).statusCode).toBe(403);
    expect((await other.delete(`${openOf(sonnenschein.id)}/${id}`)).statusCode).toBe(403);
    expect((await other.post(`${openOf(sonnenschein.id)}/${id}/resend`)).statusCode).toBe(403);
    // Through the own company's path, the foreign invitation does not exist.
    const before = await snapshotTables(app);
    const foreign = await other.delete(`${openOf(morgenrot.id)}/${id}`);
    expect(foreign.statusCode).toBe(404);
    expect(errorOf(foreign).messages).toEqual(['Invitation not found']);
    expect((await other.post(`${openOf(morgenrot.id)}/${id}/resend`)).statusCode).toBe(404);
    expect((await other.get(openOf(morgenrot.id))).json()).toEqual([]);
    expect((await (await as(DEMO.owner)).delete(`${openOf(sonnenschein.id)}/kein-gueltiger-wert`)).statusCode).toBe(
      404,
    );
    expect(await snapshotTables(app)).toEqual(before);
  });

  it('refuses employees and provider roles', async () => {
    for (const email of [DEMO.employee, DEMO.lumioAdmin, DEMO.integrator]) {
      expect((await (await as(email)).get(openOf(sonnenschein.id))).statusCode, email).toBe(403);
    }
    expect((await apiClient(app).get(openOf(sonnenschein.id))).statusCode).toBe(401);
  });

  it('withdraws an invitation: its link no longer works, an audit row records it, a second withdraw is 404', async () => {
    const email = freshAddress();
    const { id, token } = await invite(email);
    expect((await apiClient(app).get(`${INVITE}/${token}`)).statusCode).toBe(200);

    const res = await (await as(DEMO.accountAdmin)).delete(`${openOf(sonnenschein.id)}/${id}`);

    expect(res.statusCode).toBe(204);
    const link = await apiClient(app).get(`${INVITE}/${token}`);
    expect(link.statusCode).toBe(404);
    const [audit] = await auditOf('invitation.withdrawn', id);
    expect(audit).toMatchObject({ companyId: sonnenschein.id, actorEmail: DEMO.accountAdmin });
    expect(audit.before).toMatchObject({ email });
    expect((await (await as(DEMO.owner)).delete(`${openOf(sonnenschein.id)}/${id}`)).statusCode).toBe(404);
    // The address may be invited again.
    expect((await (await as(DEMO.owner)).post(INVITE, { email })).statusCode).toBe(201);
  });

  it('resends through the outbox with a new link; the old link stops working', async () => {
    const email = freshAddress();
    const first = await invite(email);

    const res = await (await as(DEMO.owner)).post(`${openOf(sonnenschein.id)}/${first.id}/resend`);

    expect(res.statusCode, res.body).toBe(201);
    const renewed = res.json() as { id: string; email: string; validUntil: string };
    expect(renewed.email).toBe(email);
    expect(renewed.id).not.toBe(first.id);
    const newToken = await mailedInvitationToken(app, email, [first.token]);
    const mail = await app.mailCatcher!.waitFor((m) => m.to === email && m.text.includes(newToken));
    expect(mail.subject).toBe(EMPLOYEE_INVITATION_SUBJECT);
    expect((await apiClient(app).get(`${INVITE}/${newToken}`)).statusCode).toBe(200);
    expect((await apiClient(app).get(`${INVITE}/${first.token}`)).statusCode).toBe(404);
    expect(await auditOf('invitation.renewed', renewed.id)).toHaveLength(1);
    const ids = ((await (await as(DEMO.owner)).get(openOf(sonnenschein.id))).json() as OpenInvitation[]).map(
      (row) => row.id,
    );
    expect(ids).toContain(renewed.id);
    expect(ids).not.toContain(first.id);
  });
});
