import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyApplications, eidReviews, mailOutbox, systemIntegrators, users } from '../../server/db/schema';
import type { Dashboard } from '../../src/domain/dashboard';
import { apiClient, buildTestApp, DEMO, errorOf } from './helpers/app';
import { openApplication, submitApplication } from './helpers/applications';
import { loginAs } from './helpers/login';
import { buildCompany, buildLicense, buildPackage, buildUser, insertProcesses } from './helpers/usage';

/** The server's today: 15 November 2026 in Germany (this month 2026-11, last month 2026-10). */
const NOW = new Date('2026-11-15T10:00:00Z');

type Client = ReturnType<typeof apiClient>;

async function dashboardOf(client: Client): Promise<Dashboard> {
  const res = await client.get('/api/dashboard');
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Dashboard;
}

function expectKind<K extends Dashboard['kind']>(d: Dashboard, kind: K): Extract<Dashboard, { kind: K }> {
  expect(d.kind).toBe(kind);
  return d as Extract<Dashboard, { kind: K }>;
}

describe('GET /api/dashboard (Was ansteht)', () => {
  let app: FastifyInstance;
  const client = async (email: string) => apiClient(app, (await loginAs(app, email)).accessToken);
  let ids: { company: string; integrator: string };

  beforeAll(async () => {
    app = await buildTestApp({}, { clock: () => NOW });
    const [integrator] = await app.db
      .insert(systemIntegrators)
      .values({ name: 'Übersicht Software GmbH', code: 'UEBERSICHT' })
      .returning();
    const [rival] = await app.db
      .insert(systemIntegrators)
      .values({ name: 'Fremd Software GmbH', code: 'UEBERFREMD' })
      .returning();
    const own = await buildCompany(app, 'Übersicht Studio GmbH', ['Übersicht Mitte', 'Übersicht Nord']);
    const foreign = await buildCompany(app, 'Übersicht Fremdfirma GmbH');
    ids = { company: own.company.id, integrator: integrator.id };
    await buildUser(app, { email: 'inhaber@uebersicht.example', role: 'Owner', companyId: own.company.id });
    await buildUser(app, {
      email: 'konto@uebersicht.example',
      role: 'AccountAdministrator',
      companyId: own.company.id,
    });
    await buildUser(app, {
      email: 'si@uebersicht.example',
      role: 'SystemIntegratorAdmin',
      systemIntegratorId: integrator.id,
      status: 'Active',
    });
    await buildUser(app, {
      email: 'freigegeben@uebersicht.example',
      role: 'Employee',
      companyId: own.company.id,
      status: 'Approved',
    });
    // Two people waiting for release in the own company, one in the other.
    await app.db.insert(users).values([
      {
        email: 'wartet1@uebersicht.example',
        firstName: 'A',
        lastName: 'A',
        companyId: own.company.id,
        status: 'Unverified',
      },
      {
        email: 'wartet2@uebersicht.example',
        firstName: 'B',
        lastName: 'B',
        companyId: own.company.id,
        status: 'Verified',
      },
      {
        email: 'wartet@fremd.example',
        firstName: 'C',
        lastName: 'C',
        companyId: foreign.company.id,
        status: 'Unverified',
      },
    ]);

    const mitte = await buildLicense(app, {
      storeId: own.stores[0].id,
      companyId: own.company.id,
      systemIntegratorId: integrator.id,
    });
    const nord = await buildLicense(app, {
      storeId: own.stores[1].id,
      companyId: own.company.id,
      systemIntegratorId: rival.id,
      suspended: true,
    });
    const fremd = await buildLicense(app, {
      storeId: foreign.stores[0].id,
      companyId: foreign.company.id,
      systemIntegratorId: integrator.id,
    });
    const fremdRival = await buildLicense(app, {
      storeId: foreign.stores[0].id,
      companyId: foreign.company.id,
      systemIntegratorId: rival.id,
      suspended: true,
    });
    void fremdRival;
    // The own company's packages on 15 November: used up; low (5 of 100); ending on 10 December
    // (25 days); low and ending; fine; ended; not started; suspended; on a suspended licence.
    const pkg = (
      licenseId: string,
      startDate: string,
      endDate: string,
      amount: number,
      usedAmount: number,
      suspended = false,
    ) => buildPackage(app, { licenseId, startDate, endDate, amount, usedAmount, suspended });
    const usedUp = await pkg(mitte.id, '2026-01-01', '2027-06-30', 10, 10);
    await pkg(mitte.id, '2026-01-01', '2027-06-30', 100, 95);
    await pkg(mitte.id, '2026-01-01', '2026-12-10', 100, 20);
    await pkg(mitte.id, '2026-01-01', '2026-12-14', 100, 91);
    await pkg(mitte.id, '2026-01-01', '2027-06-30', 100, 10);
    await pkg(mitte.id, '2025-01-01', '2026-11-14', 100, 100);
    await pkg(mitte.id, '2026-11-16', '2027-06-30', 100, 0);
    await pkg(mitte.id, '2026-01-01', '2027-06-30', 100, 100, true);
    await pkg(nord.id, '2026-01-01', '2027-06-30', 100, 100);
    // The other company's used-up package on the integrator's licence.
    await pkg(fremd.id, '2026-01-01', '2027-06-30', 10, 10);

    await insertProcesses(app, mitte, [
      // November in Berlin (midnight of 1 November is 31 October 23:00 UTC).
      { at: '2026-10-31T23:00:00Z', packageId: usedUp.id, count: 3 },
      { at: '2026-11-14T09:00:00Z', postpaid: true, count: 2 },
      { at: '2026-11-15T08:00:00Z', status: 'Cancelled', packageId: usedUp.id },
      // October.
      { at: '2026-10-31T22:59:00Z', packageId: usedUp.id, count: 4 },
      { at: '2026-10-02T09:00:00Z', postpaid: true },
      // September: neither month.
      { at: '2026-09-30T09:00:00Z', packageId: usedUp.id, count: 7 },
    ]);
    await insertProcesses(app, nord, [{ at: '2026-11-10T09:00:00Z', postpaid: true, count: 5 }]);
    await insertProcesses(app, fremd, [{ at: '2026-11-10T09:00:00Z', postpaid: true, count: 11 }]);
  });

  afterAll(async () => {
    await app.close();
  });

  it('answers 401 without a token', async () => {
    const res = await apiClient(app).get('/api/dashboard');
    expect(res.statusCode).toBe(401);
    expect(errorOf(res).status).toBe(401);
  });

  it("gives an owner its own company's people, months, packages and suspended licences, nothing of another company", async () => {
    const d = expectKind(await dashboardOf(await client('inhaber@uebersicht.example')), 'company');
    expect(d).toEqual({
      kind: 'company',
      companyId: ids.company,
      pendingEmployees: 2,
      thisMonth: { month: '2026-11', prepaid: 3, postpaid: 2 + 5, cancelled: 1, billable: 10 },
      lastMonth: { month: '2026-10', prepaid: 4, postpaid: 1, cancelled: 0, billable: 5 },
      packages: { usedUp: 1, low: 2, ending: 2 },
      suspendedLicenses: 1,
    });
  });

  it("follows a cancellation and agrees with the usage view's count of the raw processes", async () => {
    const owner = await client('inhaber@uebersicht.example');
    const before = expectKind(await dashboardOf(owner), 'company');
    // The device API's cancellation is this UPDATE (server/modules/device/device.repository.ts).
    await app.db.execute(sql`
      update identification_processes set status = 'Cancelled', cancelled_at = created_at + interval '1 minute'
      where id = (select id from identification_processes where company_id = ${ids.company}::uuid
                  and postpaid and status = 'Completed' and created_at >= '2026-10-31T23:00:00Z' limit 1)`);
    const after = expectKind(await dashboardOf(owner), 'company');
    expect(after.thisMonth).toEqual({
      ...before.thisMonth,
      postpaid: before.thisMonth.postpaid - 1,
      cancelled: before.thisMonth.cancelled + 1,
      billable: before.thisMonth.billable - 1,
    });
    const usage = await owner.get(`/api/company/${ids.company}/usage?from=2026-10&to=2026-11`);
    expect(usage.statusCode).toBe(200);
    const { months } = usage.json() as { months: unknown[] };
    expect(months).toEqual([after.lastMonth, after.thisMonth]);
  });

  it('gives the account administrator the same company figures as its owner', async () => {
    const owner = await dashboardOf(await client('inhaber@uebersicht.example'));
    const accountAdmin = await dashboardOf(await client('konto@uebersicht.example'));
    expect(accountAdmin).toEqual(owner);
  });

  it("gives the demo owner its own company's figures only", async () => {
    const d = expectKind(await dashboardOf(await client(DEMO.owner)), 'company');
    expect(d.companyId).not.toBe(ids.company);
    // The demo company's two people waiting for release (server/db/seed.ts), not the ones made here.
    expect(d.pendingEmployees).toBe(2);
  });

  it("gives an integrator only its own customers' licences and packages and its own processes", async () => {
    const d = expectKind(await dashboardOf(await client('si@uebersicht.example')), 'integrator');
    expect(d.systemIntegratorId).toBe(ids.integrator);
    // Its licences in both companies; the rival's (one suspended in each) are not counted.
    expect(d.activeLicenses).toBe(2);
    expect(d.suspendedLicenses).toBe(0);
    expect(d.packages).toEqual({ usedUp: 2, low: 2, ending: 2 });
    expect(d.processesPerDay).toHaveLength(30);
    expect(d.processesPerDay[0].day).toBe('2026-10-17');
    expect(d.processesPerDay[29]).toEqual({ day: '2026-11-15', count: 1 });
    const byDay = Object.fromEntries(d.processesPerDay.map((p) => [p.day, p.count]));
    // 3 at Berlin midnight of 1 November, 4 a minute before it on 31 October; Nord's 5 are the rival's.
    expect(byDay['2026-11-01']).toBe(3);
    expect(byDay['2026-10-31']).toBe(4);
    expect(byDay['2026-11-10']).toBe(11);
    expect(byDay['2026-11-14']).toBe(2);
    expect(d.processesPerDay.reduce((sum, p) => sum + p.count, 0)).toBe(3 + 2 + 1 + 4 + 11);
  });

  it('gives an approved employee only what the own account lacks: the eID', async () => {
    const d = await dashboardOf(await client('freigegeben@uebersicht.example'));
    expect(d).toEqual({ kind: 'ownAccount', eidMissing: true, eidInReview: false, approvalMissing: false });
  });

  it('tells an employee whose eID is in review that it waits for the review, not for an eID', async () => {
    const user = await buildUser(app, {
      email: 'pruefung@uebersicht.example',
      role: 'Employee',
      companyId: ids.company,
      status: 'Approved',
    });
    await app.db.insert(eidReviews).values({ userId: user.id, createdAt: NOW });
    const d = await dashboardOf(await client('pruefung@uebersicht.example'));
    expect(d).toEqual({ kind: 'ownAccount', eidMissing: false, eidInReview: true, approvalMissing: false });
  });

  it('tells a verified and released employee that nothing is missing', async () => {
    const d = await dashboardOf(await client(DEMO.employee));
    expect(d).toEqual({ kind: 'ownAccount', eidMissing: false, eidInReview: false, approvalMissing: false });
  });

  it('gives an owner whose registration is unfinished only its own missing steps, no company figures', async () => {
    const d = await dashboardOf(await client(DEMO.unverifiedOwner));
    expect(d).toEqual({ kind: 'ownAccount', eidMissing: true, eidInReview: false, approvalMissing: false });
  });

  it("gives LumioAdmin the open applications and eID reviews and every integrator's processes per day", async () => {
    const lumioAdmin = await client(DEMO.lumioAdmin);
    const before = expectKind(await dashboardOf(lumioAdmin), 'provider');
    await openApplication(app);
    await submitApplication(app); // Unconfirmed: not yet the provider's to decide.
    const user = await buildUser(app, {
      email: 'abweichend@uebersicht.example',
      role: 'Employee',
      companyId: ids.company,
      status: 'Approved',
    });
    await app.db.insert(eidReviews).values({ userId: user.id, createdAt: NOW });

    const after = expectKind(await dashboardOf(lumioAdmin), 'provider');
    expect(after.openApplications).toBe(before.openApplications + 1);
    expect(after.openEidReviews).toBe(before.openEidReviews + 1);
    expect(after.processesPerDay).toHaveLength(30);
    expect(after.processesPerDay[29].day).toBe('2026-11-15');
    const byDay = Object.fromEntries(after.processesPerDay.map((p) => [p.day, p.count]));
    // The rival's 5 at Nord beside the integrator's 11 at the other company (and the demo's own).
    expect(byDay['2026-11-10']).toBeGreaterThanOrEqual(16);
  });

  it('counts the companies LumioAdmin approved this month (Berlin), not those of last month', async () => {
    const lumioAdmin = await client(DEMO.lumioAdmin);
    const before = expectKind(await dashboardOf(lumioAdmin), 'provider');
    const decide = async (decidedAt: string) => {
      const { id } = await openApplication(app);
      await app.db
        .update(companyApplications)
        .set({ status: 'Approved', decidedAt: new Date(decidedAt) })
        .where(eq(companyApplications.id, id));
    };
    // Midnight of 1 November in Berlin counts; a minute before it is October's.
    await decide('2026-10-31T23:00:00Z');
    await decide('2026-10-31T22:59:00Z');
    const after = expectKind(await dashboardOf(lumioAdmin), 'provider');
    expect(after.companiesApprovedThisMonth).toBe(before.companiesApprovedThisMonth + 1);
    expect(after.openApplications).toBe(before.openApplications);
  });

  it("gives SystemAdmin the accounts, the outbox's waiting mails with the oldest one's age, and failed jobs", async () => {
    const sysAdmin = await client(DEMO.systemAdmin);
    const before = expectKind(await dashboardOf(sysAdmin), 'system');
    // A mail written an hour ago whose delivery job is queued (dispatched) but has not run.
    await app.db.insert(mailOutbox).values({
      kind: 'dashboard-test',
      status: 'queued',
      createdAt: new Date(Date.now() - 3_600_000),
      dispatchedAt: new Date(),
    });
    // One job failed an hour ago, one two days ago (outside the 24 hours).
    await app.db.execute(sql`
      insert into pgboss.job (name, state, completed_on)
      values ('mail-delivery', 'failed', now() - interval '1 hour'), ('mail-delivery', 'failed', now() - interval '2 days')`);
    const after = expectKind(await dashboardOf(sysAdmin), 'system');
    expect(after.administrators).toBe(before.administrators);
    expect(after.administrators).toBeGreaterThanOrEqual(4);
    expect(after.systemIntegrators).toBe(before.systemIntegrators);
    expect(after.mailsWaiting).toBe(before.mailsWaiting + 1);
    expect(after.oldestMailAgeSeconds).toBeGreaterThanOrEqual(3600);
    expect(after.failedJobs24h).toBe(before.failedJobs24h + 1);
  });
});
