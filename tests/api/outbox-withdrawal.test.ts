import { randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { employeeInvitations, mailOutbox, users } from '../../server/db/schema';
import { outboxBacklog } from '../../server/mail/outbox-backlog';
import { MAIL_KINDS } from '../../server/mail/outbox';
import { apiClient, buildTestApp, DEMO } from './helpers/app';
import { loginAs } from './helpers/login';

/**
 * Issue 24, part 3: deleting a person (an employee, an administrator, a company's people) withdraws
 * the mails to them still waiting in the outbox, in the deletion's transaction; the backlog the
 * metrics report no longer counts them, and mails to others stay queued.
 */
describe('mails to deleted people', () => {
  let app: FastifyInstance;

  beforeAll(async () => {
    app = await buildTestApp({ RATE_LIMIT_PUBLIC_PER_MINUTE: '10000' });
  });
  afterAll(() => app.close());

  /** A mail written to the outbox but not dispatched: what waits while the relay is down. */
  async function waitingMail(reference: string, to = 'someone@example.de'): Promise<string> {
    return app.db.transaction((tx) =>
      app.mailOutbox.write(tx, {
        kind: MAIL_KINDS.employeeApproved,
        reference,
        message: { to, subject: 'Test', html: '<p>Test</p>', text: 'Test' },
      }),
    );
  }

  const statusOf = async (ids: string[]) =>
    (
      await app.db
        .select({ id: mailOutbox.id, status: mailOutbox.status, sealed: mailOutbox.sealed })
        .from(mailOutbox)
        .where(inArray(mailOutbox.id, ids))
    ).map(({ status, sealed }) => ({ status, sealed: sealed === null ? null : 'sealed' }));

  const userId = async (email: string) =>
    (await app.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0].id;

  it('withdraws the mails to a deleted employee and keeps the others', async () => {
    const owner = apiClient(app, (await loginAs(app, DEMO.owner)).accessToken);
    const companyId = (await owner.get('/api/self')).json().associatedEntity.id as string;
    const employee = await userId(DEMO.employee);
    const toEmployee = [await waitingMail(employee, DEMO.employee), await waitingMail(employee, DEMO.employee)];
    const toOther = await waitingMail(await userId(DEMO.accountAdmin));
    const before = await outboxBacklog(app.db);

    const res = await owner.delete(`/api/company/${companyId}/user/${employee}`);
    expect(res.statusCode, res.body).toBe(204);

    expect(await statusOf(toEmployee)).toEqual([
      { status: 'withdrawn', sealed: null },
      { status: 'withdrawn', sealed: null },
    ]);
    expect(await statusOf([toOther])).toEqual([{ status: 'queued', sealed: 'sealed' }]);
    expect((await outboxBacklog(app.db)).waiting).toBe(before.waiting - 2);
  });

  it('withdraws the mails to a deleted administrator', async () => {
    const systemAdmin = apiClient(app, (await loginAs(app, DEMO.systemAdmin)).accessToken);
    const created = await systemAdmin.post('/api/administrator', {
      role: 'LumioAdmin',
      firstName: 'Kurz',
      lastName: 'Zeitig',
      email: `kurz.${randomUUID().slice(0, 8)}@lumio.example`,
    });
    expect(created.statusCode, created.body).toBe(201);
    const { id } = created.json() as { id: string };
    const mail = await waitingMail(id);
    expect((await systemAdmin.delete(`/api/administrator/${id}`)).statusCode).toBe(204);
    expect(await statusOf([mail])).toEqual([{ status: 'withdrawn', sealed: null }]);
  });

  it("withdraws the mails to a deleted company's people and invitees", async () => {
    const ownerId = await userId(DEMO.unverifiedOwner);
    const [{ companyId }] = await app.db
      .select({ companyId: users.companyId })
      .from(users)
      .where(eq(users.id, ownerId));
    const [invitation] = await app.db
      .insert(employeeInvitations)
      .values({
        tokenHash: randomUUID(),
        companyId: companyId!,
        email: 'eingeladen@studio-morgenrot.example',
        createdAt: new Date(),
        expiresAt: new Date(Date.now() + 86_400_000),
      })
      .returning();
    const mails = [await waitingMail(ownerId, DEMO.unverifiedOwner), await waitingMail(invitation.id)];
    const toOther = await waitingMail(await userId(DEMO.owner));

    const unverified = apiClient(app, (await loginAs(app, DEMO.unverifiedOwner)).accessToken);
    const res = await unverified.delete(`/api/company/${companyId}`);
    expect(res.statusCode, res.body).toBe(204);
    expect(await statusOf(mails)).toEqual([
      { status: 'withdrawn', sealed: null },
      { status: 'withdrawn', sealed: null },
    ]);
    expect(await statusOf([toOther])).toEqual([{ status: 'queued', sealed: 'sealed' }]);
  });
});
