import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { companyApplications, mailOutbox, users } from '../../server/db/schema';
import { deleteOldMailRecords } from '../../server/jobs/cleanup.job';
import { mailDispatchJob } from '../../server/jobs/mail-dispatch.job';
import type { CaughtMail } from '../../server/mail';
import { apiClient, buildTestApp, DEMO, errorOf } from './helpers/app';
import { applicationBody, openApplication } from './helpers/applications';
import { loginAs } from './helpers/login';
import { snapshotTables } from './helpers/snapshot';

const ACTIVATION_SUBJECT = 'Ihr Lumio-Konto wurde eingerichtet';
const SET_PASSWORD_LINK = /http:\/\/localhost:8080\/realms\/lumio\/login-actions\/set-password\?token=[\w-]{43}/;
const GOOD = 'Fotolicht2026!';

/** The text a user reads on an HTML page (tags dropped, entities decoded). */
const visibleText = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)))
    .replace(/\s+/g, ' ');

describe('mail outbox', () => {
  let app: FastifyInstance;
  let admin: ReturnType<typeof apiClient>;

  beforeAll(async () => {
    // One second to the first retry, so that a retry is seen within the test's patience.
    app = await buildTestApp({ MAIL_RETRY_DELAY_SECONDS: '1' });
    await app.ready();
    admin = apiClient(app, (await loginAs(app, DEMO.lumioAdmin)).accessToken);
  });
  afterAll(() => app.close());

  const catcher = () => app.mailCatcher!;
  const mailsTo = (email: string, subject?: string) =>
    catcher()
      .list()
      .filter((m) => m.to === email && (subject === undefined || m.subject === subject));
  const outboxRows = (reference: string) => app.db.select().from(mailOutbox).where(eq(mailOutbox.reference, reference));
  const linkOf = (mail: CaughtMail) => SET_PASSWORD_LINK.exec(mail.text)?.[0];
  const openPage = (url: string) => app.inject({ method: 'GET', url: url.replace('http://localhost:8080', '') });

  /**
   * Approves a fresh open application; returns the owner's address and ids. `relayDown` turns the
   * relay off once the application is open (its confirmation mail needs the relay).
   */
  async function approveNewApplication({ relayDown = false } = {}) {
    const { id, body } = await openApplication(app, applicationBody());
    if (relayDown) catcher().setOutage(true);
    const res = await admin.put(`/api/company-application/${id}/status`, { status: 'Approved' });
    expect(res.statusCode).toBe(200);
    const [row] = await app.db.select().from(companyApplications).where(eq(companyApplications.id, id));
    const [owner] = await app.db.select().from(users).where(eq(users.email, body.email));
    return { email: body.email, companyId: row.companyId!, ownerId: owner.id };
  }

  it('queues the approval mail with the approval and records its delivery', async () => {
    const { email, ownerId } = await approveNewApplication();
    const mail = await catcher().waitFor((m) => m.to === email && m.subject === ACTIVATION_SUBJECT);
    expect(linkOf(mail)).toBeDefined();
    await vi.waitFor(async () => {
      const [row] = await outboxRows(ownerId);
      expect(row).toMatchObject({ kind: 'owner-activation', status: 'sent', attempts: 1, sealed: null });
      expect(row.messageId).toBe(mail.messageId);
      expect(row.sentAt).toBeInstanceOf(Date);
    });
  });

  it('keeps a queued mail sealed: neither the address nor the link is readable in the database', async () => {
    try {
      const { email, ownerId } = await approveNewApplication({ relayDown: true });
      const [row] = await outboxRows(ownerId);
      expect(row.status).toBe('queued');
      expect(row.sealed).toBeTruthy();
      const stored = JSON.stringify(row);
      expect(stored).not.toContain(email);
      expect(stored).not.toContain('set-password');
    } finally {
      catcher().setOutage(false);
    }
  });

  it('retries a mail the relay refused and delivers it once the relay is back', async () => {
    let ownerId: string;
    let email: string;
    try {
      ({ email, ownerId } = await approveNewApplication({ relayDown: true }));
      // The relay answers 451; the outbox records the failure and waits for the retry.
      await vi.waitFor(
        async () => {
          const [row] = await outboxRows(ownerId);
          expect(row).toMatchObject({ status: 'queued', lastError: 'EENVELOPE 451' });
          expect(row.attempts).toBeGreaterThanOrEqual(1);
        },
        { timeout: 10_000, interval: 100 },
      );
      expect(mailsTo(email, ACTIVATION_SUBJECT)).toHaveLength(0);
    } finally {
      catcher().setOutage(false);
    }
    const mail = await catcher().waitFor((m) => m.to === email && m.subject === ACTIVATION_SUBJECT, 20_000);
    expect(linkOf(mail)).toBeDefined();
    await vi.waitFor(async () => {
      const [row] = await outboxRows(ownerId);
      expect(row.status).toBe('sent');
      expect(row.attempts).toBeGreaterThanOrEqual(2);
    });
    expect(mailsTo(email, ACTIVATION_SUBJECT)).toHaveLength(1);
  });

  it('queues no mail for an approval that is refused', async () => {
    const { id, body } = await openApplication(app, applicationBody());
    await app.db
      .insert(users)
      .values({ email: body.email, firstName: 'Schon', lastName: 'Da', role: 'Employee', status: 'Approved' });
    const before = await snapshotTables(app);
    const res = await admin.put(`/api/company-application/${id}/status`, { status: 'Approved' });
    expect(res.statusCode).toBe(409);
    expect(await snapshotTables(app)).toEqual(before);
    expect(mailsTo(body.email, ACTIVATION_SUBJECT)).toHaveLength(0);
  });

  describe('re-sending the owner activation', () => {
    it('sends a new link, and the old link stops working', async () => {
      const { email, companyId } = await approveNewApplication();
      const first = await catcher().waitFor((m) => m.to === email && m.subject === ACTIVATION_SUBJECT);
      const oldLink = linkOf(first)!;

      await vi.waitFor(async () => {
        const status = await admin.get(`/api/company/${companyId}/owner-activation`);
        expect(status.statusCode).toBe(200);
        expect(status.json()).toMatchObject({ pending: true, email, lastMail: { status: 'sent', attempts: 1 } });
      });

      const resent = await admin.post(`/api/company/${companyId}/owner-activation`);
      expect(resent.statusCode).toBe(202);
      expect(resent.json()).toEqual({ email });
      const second = await catcher().waitFor(
        (m) => m.to === email && m.subject === ACTIVATION_SUBJECT && m.id !== first.id,
      );
      expect(second.text).toContain('Sie erhalten diese E-Mail erneut mit einem neuen Link.');
      const newLink = linkOf(second)!;
      expect(newLink).not.toBe(oldLink);

      const old = await openPage(oldLink);
      expect(old.statusCode).toBe(410);
      expect(visibleText(old.body)).toContain('dieser hier gilt nicht mehr');
      const fresh = await openPage(newLink);
      expect(fresh.statusCode).toBe(200);

      // The owner sets a password with the new link; from then on there is nothing to re-send.
      const token = new URL(newLink).searchParams.get('token')!;
      const saved = await app.inject({
        method: 'POST',
        url: '/realms/lumio/login-actions/set-password',
        headers: { origin: 'http://localhost:8080' },
        payload: { token, 'password-new': GOOD, 'password-confirm': GOOD },
      });
      expect(saved.statusCode).toBe(200);
      expect((await admin.get(`/api/company/${companyId}/owner-activation`)).json()).toMatchObject({ pending: false });
      const before = await snapshotTables(app);
      const again = await admin.post(`/api/company/${companyId}/owner-activation`);
      expect(again.statusCode).toBe(409);
      expect(errorOf(again).messages).toEqual(['Account already activated']);
      expect(await snapshotTables(app)).toEqual(before);
    });

    it('withdraws an activation mail still waiting in the outbox, so only the new one arrives', async () => {
      let email: string;
      let ownerId: string;
      const attemptsOf = async (status: string) =>
        (await outboxRows(ownerId)).filter((r) => r.status === status).map((r) => r.attempts);
      try {
        let companyId: string;
        ({ email, companyId, ownerId } = await approveNewApplication({ relayDown: true }));
        // The first activation mail failed once and waits for its retry …
        await vi.waitFor(async () => expect((await attemptsOf('queued'))[0]).toBeGreaterThanOrEqual(1));
        expect((await admin.post(`/api/company/${companyId}/owner-activation`)).statusCode).toBe(202);
        // … when the re-send withdraws it; the new one fails once too while the relay is down.
        await vi.waitFor(async () => {
          expect(await attemptsOf('superseded')).toHaveLength(1);
          expect((await attemptsOf('queued'))[0]).toBeGreaterThanOrEqual(1);
        });
      } finally {
        catcher().setOutage(false);
      }
      const mail = await catcher().waitFor((m) => m.to === email && m.subject === ACTIVATION_SUBJECT, 20_000);
      expect(mail.text).toContain('Sie erhalten diese E-Mail erneut mit einem neuen Link.');
      await vi.waitFor(async () => {
        const rows = await app.db
          .select()
          .from(mailOutbox)
          .where(and(eq(mailOutbox.reference, ownerId), eq(mailOutbox.status, 'sent')));
        expect(rows).toHaveLength(1);
      });
      // The withdrawn mail's retries find it withdrawn and send nothing.
      expect(await attemptsOf('superseded')).toHaveLength(1);
      expect(mailsTo(email, ACTIVATION_SUBJECT)).toHaveLength(1);
    });

    it('answers 404 for an unknown company and 400 for a malformed id', async () => {
      const unknown = await admin.post('/api/company/7a1c1e4e-2b1f-4c57-9a53-2f5d2b0c9e11/owner-activation');
      expect(unknown.statusCode).toBe(404);
      expect(errorOf(unknown).messages).toEqual(['Not found']);
      const malformed = await admin.get('/api/company/keine-firma/owner-activation');
      expect(malformed.statusCode).toBe(400);
    });
  });

  it('queues mails in a process without workers (an API replica beside `npm run worker`)', async () => {
    const apiOnly = await buildTestApp({ JOB_WORKERS: 'false' });
    try {
      const body = applicationBody();
      const res = await apiClient(apiOnly).post('/api/company-application', body);
      expect(res.statusCode).toBe(201);
      const rows = await apiOnly.db.select().from(mailOutbox).where(eq(mailOutbox.reference, res.json().id));
      expect(rows).toMatchObject([{ kind: 'application-confirmation', status: 'queued', attempts: 0 }]);
      expect(apiOnly.mailCatcher!.list()).toHaveLength(0);
    } finally {
      await apiOnly.close();
    }
  });

  it('dispatches by the sweep a mail whose dispatch after the commit never happened (a crash in between)', async () => {
    const email = applicationBody().email;
    // What a commit leaves behind when the process dies before dispatching: the written mail only.
    const id = await app.db.transaction((tx) =>
      app.mailOutbox.write(tx, {
        kind: 'application-confirmation',
        reference: 'gestrandet',
        message: { to: email, subject: 'Gestrandete Mail', html: '<p>Hallo</p>', text: 'Hallo' },
      }),
    );
    const [before] = await outboxRows('gestrandet');
    expect(before).toMatchObject({ id, status: 'queued', dispatchedAt: null });

    await app.jobs.send(mailDispatchJob, {});
    const mail = await catcher().waitFor((m) => m.to === email && m.subject === 'Gestrandete Mail', 15_000);
    expect(mail.text).toContain('Hallo');
    await vi.waitFor(async () => {
      const [after] = await outboxRows('gestrandet');
      expect(after.status).toBe('sent');
      expect(after.dispatchedAt).toBeInstanceOf(Date);
    });
    // Dispatched once: a second sweep finds nothing to do for it. (Asked for this mail only: other
    // tests' mails of the same app may be waiting for their own dispatch at this moment; CI once
    // found 2 of them.)
    expect(await app.mailOutbox.dispatch([id])).toBe(0);
  });

  it('deletes delivery records after 30 days, never a queued mail', async () => {
    const old = new Date(Date.now() - 31 * 24 * 60 * 60 * 1000);
    const [sent] = await app.db
      .insert(mailOutbox)
      .values({ kind: 'application-rejection', reference: 'alt-1', status: 'sent', createdAt: old })
      .returning();
    // Old but still waiting (a long outage): it stays, however old.
    const [queued] = await app.db
      .insert(mailOutbox)
      .values({ kind: 'application-rejection', reference: 'alt-2', status: 'queued', createdAt: old })
      .returning();
    expect(await deleteOldMailRecords(app.db)).toBeGreaterThanOrEqual(1);
    expect(await outboxRows(sent.reference!)).toHaveLength(0);
    expect(await outboxRows(queued.reference!)).toHaveLength(1);
  });
});
