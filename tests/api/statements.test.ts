import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JobContext } from '../../server/jobs/job';
import { statementIssueJob } from '../../server/jobs/statement-issue.job';
import { companies, identificationProcesses, licenses, mailOutbox, statements } from '../../server/db/schema';
import { monthPeriod, runningMonth, STATEMENT_TEXTS, type Statement } from '../../src/domain/statements';
import { addMonths, type CompanyUsage } from '../../src/domain/usage';
import { apiClient, buildTestApp, DEMO, errorOf } from './helpers/app';
import { loginAs } from './helpers/login';
import { downloadReport, requestReport, waitForState } from './helpers/reports';
import { snapshotTables } from './helpers/snapshot';
import {
  buildCompany,
  buildLicense,
  buildPackage,
  buildUser,
  companyIdOf,
  insertProcesses,
  integratorIdOf,
} from './helpers/usage';

type Client = ReturnType<typeof apiClient>;

const silentLog = { info: () => {}, warn: () => {}, error: () => {}, debug: () => {} } as unknown as JobContext['log'];
const attempt = () => ({ id: 'test', retryCount: 0, signal: new AbortController().signal });
/** "Oktober 2026" (the test's own oracle, through Intl). */
const monthInWords = (month: string) =>
  new Date(`${month}-15T12:00:00Z`).toLocaleDateString('de-DE', {
    month: 'long',
    year: 'numeric',
    timeZone: 'Europe/Berlin',
  });

/** The first instant of a Berlin month "yyyy-MM" (the test's own oracle, through Intl). */
function berlinMonthStart(month: string): Date {
  const guess = new Date(`${month}-01T00:00:00Z`);
  const offsetHours = Number(
    new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Berlin', hour: '2-digit', hourCycle: 'h23' }).format(guess),
  );
  return new Date(guess.getTime() - offsetHours * 3_600_000);
}

describe('monthly statements (GET /api/company/{id}/statement…, job statement-issue)', () => {
  let app: FastifyInstance;
  /** The app's clock: the wall clock unless a test moves it. */
  let now: Date | undefined;
  let admin: Client;
  let owner: Client;
  let accountAdmin: Client;
  let sonnenschein: string;
  const running = runningMonth();
  const lastMonth = addMonths(running, -1);

  beforeAll(async () => {
    app = await buildTestApp({}, { clock: () => now ?? new Date() });
    const client = async (email: string) => apiClient(app, (await loginAs(app, email)).accessToken);
    admin = await client(DEMO.lumioAdmin);
    owner = await client(DEMO.owner);
    accountAdmin = await client(DEMO.accountAdmin);
    sonnenschein = await companyIdOf(app, 'Fotostudio Sonnenschein GmbH');
  });

  afterAll(async () => {
    await app.close();
  });

  const jobContext = () =>
    ({ db: app.db, config: app.config, outbox: app.mailOutbox, log: silentLog }) as unknown as JobContext;

  const issuedRows = (companyId: string, month: string) =>
    app.db
      .select()
      .from(statements)
      .where(and(eq(statements.companyId, companyId), eq(statements.month, month)));

  /** A company registered `monthsAgo` months before the running one, with an Owner and a licence of FotoSoft's. */
  async function registeredCompany(name: string, ownerEmail: string, monthsAgo: number) {
    const fotosoft = await integratorIdOf(app, 'FOTOSOFT');
    const built = await buildCompany(app, name, [`${name} Studio`]);
    const registered = berlinMonthStart(addMonths(running, -monthsAgo));
    await app.db.update(companies).set({ createdAt: registered }).where(eq(companies.id, built.company.id));
    await buildUser(app, {
      email: ownerEmail,
      role: 'Owner',
      companyId: built.company.id,
      salutation: 'Frau',
      lastName: 'Kranz',
    });
    const license = await buildLicense(app, {
      storeId: built.stores[0].id,
      companyId: built.company.id,
      systemIntegratorId: fotosoft,
    });
    return { ...built, license };
  }

  it('issues each company’s month once, and mails its Owner once, when two runs of the job go at the same time', async () => {
    const month = addMonths(running, -2);
    const { company, license } = await registeredCompany('Abrechnung Parallel GmbH', 'inhaberin@parallel.example', 3);
    const midMonth = new Date(berlinMonthStart(month).getTime() + 10 * 86_400_000);
    await insertProcesses(app, license, [{ at: midMonth, postpaid: true, machineId: 'PAR-1', count: 1234 }]);
    const job = (m: string) => statementIssueJob.run(jobContext(), { month: m }, attempt());

    await Promise.all([job(month), job(month)]);

    const rows = await app.db.select().from(statements).where(eq(statements.month, month));
    const issuedFor = rows.map((row) => row.companyId);
    expect(issuedFor).toEqual(expect.arrayContaining([sonnenschein, company.id]));
    expect(new Set(issuedFor).size).toBe(issuedFor.length);
    // The Owner's mail: the month's totals and a link to the statement, never the statement itself.
    const mail = await app.mailCatcher!.waitFor((m) => m.to === 'inhaberin@parallel.example');
    expect(mail.subject).toBe(`Ihre Abrechnung für ${monthInWords(month)} ist ausgestellt`);
    expect(mail.text).toContain('Guten Tag Frau Kranz,');
    expect(mail.text).toContain('Abrechenbare Vorgänge: 1.234');
    expect(mail.text).toContain('davon nach Verbrauch (Postpaid): 1.234');
    expect(mail.text).toContain(`${app.config.publicUrl}/statements/${company.id}/${month}`);
    // A third run changes nothing and mails nobody.
    const before = await snapshotTables(app);
    await job(month);
    expect(await snapshotTables(app)).toEqual(before);
    const outboxRows = await app.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.kind, 'statement-issued'), eq(mailOutbox.reference, company.id)));
    expect(outboxRows).toHaveLength(1);
  });

  it('has no statement for a month before the company was registered (404, nothing stored)', async () => {
    const { company } = await registeredCompany('Abrechnung Neu GmbH', 'inhaber@abrechnung-neu.example', 1);
    const neu = apiClient(app, (await loginAs(app, 'inhaber@abrechnung-neu.example')).accessToken);
    const before = await snapshotTables(app);

    const res = await neu.get(`/api/company/${company.id}/statement/${addMonths(running, -2)}`);

    expect(res.statusCode).toBe(404);
    expect(errorOf(res).status).toBe(404);
    expect(await snapshotTables(app)).toEqual(before);
    // The month it was registered in has one.
    expect((await neu.get(`/api/company/${company.id}/statement/${lastMonth}`)).statusCode).toBe(200);
  });

  it('the demo company has issued statements for the past twelve months, built from its processes', async () => {
    const page = (await owner.get(`/api/company/${sonnenschein}/statement?pageSize=20`)).json() as {
      items: { month: string; status: string; issuedAt: string | null }[];
    };
    const twelve = Array.from({ length: 12 }, (_, i) => addMonths(running, -1 - i));
    expect(page.items.slice(0, 13).map((item) => item.month)).toEqual([running, ...twelve]);
    expect(page.items.slice(1, 13).every((item) => item.status === 'issued' && item.issuedAt)).toBe(true);
    for (const month of twelve) {
      const usage = (
        await owner.get(`/api/company/${sonnenschein}/usage?from=${month}&to=${month}`)
      ).json() as CompanyUsage;
      const statement = (await owner.get(`/api/company/${sonnenschein}/statement/${month}`)).json() as Statement;
      expect({ month, ...statement.totals }).toEqual({ month, ...usage.totals });
    }
  });

  it('issues by default the month before the running one, for every company with a licence', async () => {
    const withLicence = await app.db.selectDistinct({ companyId: licenses.companyId }).from(licenses);

    await statementIssueJob.run(jobContext(), {}, attempt());

    const issued = await app.db.select().from(statements).where(eq(statements.month, lastMonth));
    expect(issued.map((row) => row.companyId).sort()).toEqual(withLicence.map((row) => row.companyId).sort());
    expect(issued.every((row) => row.content.status === 'issued' && row.content.month === lastMonth)).toBe(true);
  });

  it('has the totals of the usage view for every month of the demo data, issued and preview', async () => {
    for (const month of [addMonths(running, -3), addMonths(running, -2), lastMonth, running]) {
      const usage = (
        await owner.get(`/api/company/${sonnenschein}/usage?from=${month}&to=${month}`)
      ).json() as CompanyUsage;
      const res = await owner.get(`/api/company/${sonnenschein}/statement/${month}`);
      expect(res.statusCode).toBe(200);
      const statement = res.json() as Statement;
      expect(statement.status).toBe(month === running ? 'preview' : 'issued');
      expect(statement.totals).toEqual(usage.totals);
      // Studios and devices add up to the totals, device by device as the usage view's rows.
      const devices = statement.stores.flatMap((store) =>
        store.devices.map((device) => ({ storeId: store.storeId, ...device })),
      );
      const postpaidPerDevice = new Map<string, number>();
      for (const device of devices) {
        const key = `${device.storeId}/${device.machineId}`;
        postpaidPerDevice.set(key, (postpaidPerDevice.get(key) ?? 0) + device.postpaid);
      }
      expect(Object.fromEntries(postpaidPerDevice)).toEqual(
        Object.fromEntries(usage.rows.map((row) => [`${row.storeId}/${row.machineId}`, row.postpaid])),
      );
    }
    // The demo company has processes in these months: the comparison is not of zeros.
    const last = (await owner.get(`/api/company/${sonnenschein}/statement/${lastMonth}`)).json() as Statement;
    expect(last.totals.billable).toBeGreaterThan(0);
  });

  it('has the totals of the process report for last month (the third view of the same processes)', async () => {
    const { startDate, endDate } = monthPeriod(lastMonth);
    const report = await requestReport(owner, { startDate, endDate });
    await waitForState(owner, report.id, 'Completed');
    const { summary } = await downloadReport(owner, report.id);
    // Firma;Studio;Monat;Prepaid;Postpaid;Storniert;Abrechenbar, one line per studio and month.
    const lines = summary
      .replace(/^\uFEFF/, '')
      .split('\r\n')
      .slice(1)
      .filter(Boolean);
    const fromReport = { prepaid: 0, postpaid: 0, cancelled: 0, billable: 0 };
    for (const line of lines) {
      const [, , month, prepaid, postpaid, cancelled, billable] = line.split(';');
      expect(month).toBe(lastMonth);
      fromReport.prepaid += Number(prepaid);
      fromReport.postpaid += Number(postpaid);
      fromReport.cancelled += Number(cancelled);
      fromReport.billable += Number(billable);
    }

    const statement = (await owner.get(`/api/company/${sonnenschein}/statement/${lastMonth}`)).json() as Statement;

    expect(fromReport.billable).toBeGreaterThan(0);
    expect(statement.totals).toEqual(fromReport);
  });

  it('stores an issued month and never the running month', async () => {
    expect(await issuedRows(sonnenschein, lastMonth)).toHaveLength(1);
    expect(await issuedRows(sonnenschein, running)).toHaveLength(0);
    const first = (await accountAdmin.get(`/api/company/${sonnenschein}/statement/${lastMonth}`)).json() as Statement;
    const again = (await admin.get(`/api/company/${sonnenschein}/statement/${lastMonth}`)).json() as Statement;
    expect(again).toEqual(first);
    expect(first.issuedAt).not.toBeNull();
  });

  it('lists the running month as preview first, then the issued months newest first, paged', async () => {
    const page = (await owner.get(`/api/company/${sonnenschein}/statement?pageSize=2`)).json() as {
      totalItemCount: number;
      items: { month: string; status: string; issuedAt: string | null }[];
    };
    expect(page.items).toEqual([
      { month: running, status: 'preview', issuedAt: null },
      expect.objectContaining({ month: lastMonth, status: 'issued' }),
    ]);
    const issued = await app.db.select().from(statements).where(eq(statements.companyId, sonnenschein));
    expect(page.totalItemCount).toBe(issued.length + 1);
    const second = (await owner.get(`/api/company/${sonnenschein}/statement?pageSize=2&pageIndex=1`)).json() as {
      items: { month: string }[];
    };
    expect(second.items.map((item) => item.month)).toEqual(
      issued
        .map((row) => row.month)
        .sort()
        .reverse()
        .slice(1, 3),
    );
  });

  it('shows a cancellation after issue as a correction next month and leaves the issued statement as it was', async () => {
    const fotosoft = await integratorIdOf(app, 'FOTOSOFT');
    const { company, stores } = await buildCompany(app, 'Abrechnung Korrektur GmbH', ['Korrektur Mitte']);
    const registered = berlinMonthStart(addMonths(running, -3));
    await app.db.update(companies).set({ createdAt: registered }).where(eq(companies.id, company.id));
    await buildUser(app, { email: 'inhaber@abrechnung-korrektur.example', role: 'Owner', companyId: company.id });
    const license = await buildLicense(app, {
      storeId: stores[0].id,
      companyId: company.id,
      systemIntegratorId: fotosoft,
    });
    // 5 units used: 4 last month and 1 this month, so 46 were left when last month ended.
    const pkg = await buildPackage(app, {
      licenseId: license.id,
      startDate: '2000-01-01',
      endDate: '2100-12-31',
      amount: 50,
      usedAmount: 5,
    });
    const monthStart = berlinMonthStart(running);
    // Two minutes before the running month began in Berlin: a process of last month.
    const lateProcess = new Date(monthStart.getTime() - 2 * 60_000);
    await insertProcesses(app, license, [
      { at: new Date(monthStart.getTime() - 86_400_000), packageId: pkg.id, machineId: 'MITTE-1', count: 3 },
      { at: new Date(monthStart.getTime() - 86_400_000), postpaid: true, machineId: 'MITTE-1', count: 2 },
      { at: lateProcess, packageId: pkg.id, machineId: 'MITTE-1' },
      { at: new Date(monthStart.getTime() + 60 * 60_000), packageId: pkg.id, machineId: 'MITTE-1' },
    ]);
    const korrektur = apiClient(app, (await loginAs(app, 'inhaber@abrechnung-korrektur.example')).accessToken);

    // Five minutes into the month the Owner opens last month's statement: it is issued now.
    now = new Date(monthStart.getTime() + 5 * 60_000);
    const issued = (await korrektur.get(`/api/company/${company.id}/statement/${lastMonth}`)).json() as Statement;
    expect(issued.status).toBe('issued');
    expect(issued.totals).toEqual({ prepaid: 4, postpaid: 2, cancelled: 0, billable: 6 });
    expect(issued.company).toEqual(expect.objectContaining({ name: 'Abrechnung Korrektur GmbH', legalForm: 'GmbH' }));
    expect(issued.period).toEqual({
      startDate: `${lastMonth}-01`,
      endDate: new Date(monthStart.getTime() - 1).toLocaleDateString('en-CA', { timeZone: 'Europe/Berlin' }),
    });
    expect(issued.systemIntegrators).toEqual([{ id: fotosoft, name: expect.any(String) }]);
    expect(issued.stores[0].devices[0].prepaid).toEqual([
      { packageId: pkg.id, startDate: '2000-01-01', endDate: '2100-12-31', used: 4, remainingAtMonthEnd: 46 },
    ]);

    // Within its cancel window the late process is cancelled, after the statement was issued.
    const [late] = await app.db
      .update(identificationProcesses)
      .set({ status: 'Cancelled', cancelledAt: new Date(monthStart.getTime() + 10 * 60_000) })
      .where(and(eq(identificationProcesses.licenseId, license.id), eq(identificationProcesses.createdAt, lateProcess)))
      .returning();
    now = undefined;

    // Renamed afterwards: the issued statement keeps the name it was issued with.
    await app.db.update(companies).set({ name: 'Abrechnung Korrektur Neu GmbH' }).where(eq(companies.id, company.id));
    const after = (await korrektur.get(`/api/company/${company.id}/statement/${lastMonth}`)).json() as Statement;
    expect(after).toEqual(issued);
    const preview = (await korrektur.get(`/api/company/${company.id}/statement/${running}`)).json() as Statement;
    expect(preview.status).toBe('preview');
    expect(preview.corrections).toEqual([
      expect.objectContaining({
        processId: late.id,
        originalMonth: lastMonth,
        kind: 'prepaid',
        packageId: pkg.id,
        units: -1,
        machineId: 'MITTE-1',
      }),
    ]);
    // The usage view counts the process as cancelled now; the issued statement keeps what was billed.
    const usage = (
      await korrektur.get(`/api/company/${company.id}/usage?from=${lastMonth}&to=${lastMonth}`)
    ).json() as CompanyUsage;
    expect(usage.totals).toEqual({ prepaid: 3, postpaid: 2, cancelled: 1, billable: 5 });
    // A process cancelled before its month was issued is no correction: the month itself counts it.
    const older = (
      await korrektur.get(`/api/company/${company.id}/statement/${addMonths(running, -2)}`)
    ).json() as Statement;
    expect(older.corrections).toEqual([]);
  });

  it.each(['1999-12', 'next', '2026-13', 'abc', '2026-1'])(
    'refuses the month %s with 400 and writes nothing',
    async (raw) => {
      const month = raw === 'next' ? addMonths(running, 1) : raw;
      const before = await snapshotTables(app);
      const res = await owner.get(`/api/company/${sonnenschein}/statement/${month}`);
      expect(res.statusCode).toBe(400);
      const body = errorOf(res);
      expect(body.errorCode).toBe('VALIDATION_FAILED');
      const expected =
        raw === '1999-12'
          ? STATEMENT_TEXTS.monthTooEarly
          : raw === 'next'
            ? STATEMENT_TEXTS.monthInFuture
            : STATEMENT_TEXTS.monthInvalid;
      expect(body.messages.join(' ')).toContain(expected);
      expect(await snapshotTables(app)).toEqual(before);
    },
  );

  it('refuses another company’s statements (403) and answers an unknown company 404 to LumioAdmin', async () => {
    const other = await buildCompany(app, 'Abrechnung Fremd GmbH');
    const before = await snapshotTables(app);
    for (const client of [owner, accountAdmin]) {
      const one = await client.get(`/api/company/${other.company.id}/statement/${lastMonth}`);
      expect(one.statusCode).toBe(403);
      expect(errorOf(one).status).toBe(403);
      expect((await client.get(`/api/company/${other.company.id}/statement`)).statusCode).toBe(403);
    }
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await admin.get(`/api/company/${unknown}/statement/${lastMonth}`)).statusCode).toBe(404);
    expect((await admin.get(`/api/company/${unknown}/statement`)).statusCode).toBe(404);
    expect(await snapshotTables(app)).toEqual(before);
  });

  it('refuses the integrator a company it does not serve (its view of one it serves: statementAccess.test.ts)', async () => {
    const other = await buildCompany(app, 'Abrechnung Ohne Integrator GmbH');
    const integrator = apiClient(app, (await loginAs(app, DEMO.integrator)).accessToken);
    const res = await integrator.get(`/api/company/${other.company.id}/statement/${running}`);
    expect(res.statusCode).toBe(403);
  });
});
