import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies, licenses, statements, systemIntegrators } from '../../server/db/schema';
import {
  runningMonth,
  statementTotals,
  sumTotals,
  type Statement,
  type SystemIntegratorStatement,
} from '../../src/domain/statements';
import { addMonths, type CompanyUsage } from '../../src/domain/usage';
import { apiClient, buildTestApp, DEMO, errorOf } from './helpers/app';
import { backOffice, clientToken } from './helpers/apiClients';
import { parseCsv } from './helpers/csv';
import { loginAs } from './helpers/login';
import { pdfPages } from './helpers/pdfText';
import { snapshotTables } from './helpers/snapshot';
import {
  buildCompany,
  buildLicense,
  buildPackage,
  buildStores,
  companyIdOf,
  insertProcesses,
  integratorIdOf,
} from './helpers/usage';

type Client = ReturnType<typeof apiClient>;

/** The first instant of a Berlin month "yyyy-MM" (the test's own oracle, through Intl). */
function berlinMonthStart(month: string): Date {
  const guess = new Date(`${month}-01T00:00:00Z`);
  const offsetHours = Number(
    new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Berlin', hour: '2-digit', hourCycle: 'h23' }).format(guess),
  );
  return new Date(guess.getTime() - offsetHours * 3_600_000);
}

const devicesOf = (statement: Statement) => statement.stores.flatMap((store) => store.devices);

describe('who reads which statement (issue 27, part 3)', () => {
  let app: FastifyInstance;
  let admin: Client;
  let owner: Client;
  let fotosoftAdmin: Client;
  let bildwerkAdmin: Client;
  let sonnenschein: string;
  let fotosoft: string;
  let bildwerk: string;
  const running = runningMonth();
  const lastMonth = addMonths(running, -1);

  beforeAll(async () => {
    app = await buildTestApp();
    const client = async (email: string) => apiClient(app, (await loginAs(app, email)).accessToken);
    admin = await client(DEMO.lumioAdmin);
    owner = await client(DEMO.owner);
    fotosoftAdmin = await client(DEMO.integrator);
    bildwerkAdmin = await client(DEMO.otherIntegrator);
    sonnenschein = await companyIdOf(app, 'Fotostudio Sonnenschein GmbH');
    fotosoft = await integratorIdOf(app, 'FOTOSOFT');
    bildwerk = await integratorIdOf(app, 'BILDWERK');
    // Bildwerk's licence in a studio of the demo company, beside FotoSoft's demo licences:
    // 3 prepaid, 2 postpaid and 1 cancelled process last month, 1 postpaid this month.
    const [studio] = await buildStores(app, sonnenschein, ['Sonnenschein Bildwerk-Ecke'], bildwerk);
    const license = await buildLicense(app, {
      storeId: studio.id,
      companyId: sonnenschein,
      systemIntegratorId: bildwerk,
    });
    const pkg = await buildPackage(app, {
      licenseId: license.id,
      startDate: '2000-01-01',
      endDate: '2100-12-31',
      amount: 100,
      usedAmount: 3,
    });
    const monthStart = berlinMonthStart(running);
    const lastMonthDay = new Date(monthStart.getTime() - 3 * 86_400_000);
    await insertProcesses(app, license, [
      { at: lastMonthDay, packageId: pkg.id, machineId: 'BILDWERK-PC', count: 3 },
      { at: lastMonthDay, postpaid: true, machineId: 'BILDWERK-PC', count: 2 },
      { at: lastMonthDay, postpaid: true, machineId: 'BILDWERK-PC', status: 'Cancelled' },
      { at: new Date(monthStart.getTime() + 60 * 60_000), postpaid: true, machineId: 'BILDWERK-PC' },
    ]);
    // The seed issued the demo company's last month before these processes existed (real processes
    // are recorded as they happen, never into an issued month): last month is issued again on request.
    await app.db.delete(statements).where(and(eq(statements.companyId, sonnenschein), eq(statements.month, lastMonth)));
  });

  afterAll(async () => {
    await app.close();
  });

  describe('GET /api/company/{id}/statement/{month} for a SystemIntegratorAdmin', () => {
    it('shows each integrator only its own licences’ devices, with their totals', async () => {
      const whole = (await owner.get(`/api/company/${sonnenschein}/statement/${lastMonth}`)).json() as Statement;
      const ofFotosoft = await fotosoftAdmin.get(`/api/company/${sonnenschein}/statement/${lastMonth}`);
      const ofBildwerk = await bildwerkAdmin.get(`/api/company/${sonnenschein}/statement/${lastMonth}`);

      expect(ofFotosoft.statusCode).toBe(200);
      expect(ofBildwerk.statusCode).toBe(200);
      const fotosoftView = ofFotosoft.json() as Statement;
      const bildwerkView = ofBildwerk.json() as Statement;
      expect(bildwerkView.totals).toEqual({ prepaid: 3, postpaid: 2, cancelled: 1, billable: 5 });
      expect(devicesOf(bildwerkView).map((device) => device.machineId)).toEqual(['BILDWERK-PC']);
      expect(bildwerkView.systemIntegrators.map((si) => si.id)).toEqual([bildwerk]);
      expect(devicesOf(fotosoftView).length).toBeGreaterThan(0);
      expect(devicesOf(fotosoftView).every((device) => device.systemIntegratorId === fotosoft)).toBe(true);
      expect(fotosoftView.totals).toEqual(statementTotals(fotosoftView.stores));
      // The two views split the Owner's statement between them.
      expect(devicesOf(whole)).toHaveLength(devicesOf(fotosoftView).length + devicesOf(bildwerkView).length);
      expect(whole.totals.billable).toBe(fotosoftView.totals.billable + bildwerkView.totals.billable);
      expect(whole.status).toBe('issued');
      expect(fotosoftView.issuedAt).toBe(whole.issuedAt);
    });

    it('has the totals of the integrator’s usage view, in the running month too', async () => {
      for (const month of [lastMonth, running]) {
        for (const client of [fotosoftAdmin, bildwerkAdmin]) {
          const usage = (
            await client.get(`/api/company/${sonnenschein}/usage?from=${month}&to=${month}`)
          ).json() as CompanyUsage;
          const statement = (await client.get(`/api/company/${sonnenschein}/statement/${month}`)).json() as Statement;
          expect(statement.totals).toEqual(usage.totals);
        }
      }
      const preview = (
        await bildwerkAdmin.get(`/api/company/${sonnenschein}/statement/${running}`)
      ).json() as Statement;
      expect(preview.status).toBe('preview');
      expect(preview.totals.postpaid).toBe(1);
    });

    it('lists the company’s months for the integrator as for the Owner', async () => {
      const ofOwner = await owner.get(`/api/company/${sonnenschein}/statement`);
      const ofIntegrator = await bildwerkAdmin.get(`/api/company/${sonnenschein}/statement`);
      expect(ofIntegrator.statusCode).toBe(200);
      expect(ofIntegrator.json()).toEqual(ofOwner.json());
    });

    it('refuses a company the integrator does not serve, and an unknown one, with 403 as the usage view does', async () => {
      const other = await buildCompany(app, 'Abrechnung Nicht Betreut GmbH');
      const unknown = '00000000-0000-4000-8000-000000000000';
      const before = await snapshotTables(app);
      for (const companyId of [other.company.id, unknown]) {
        const usage = await fotosoftAdmin.get(`/api/company/${companyId}/usage`);
        const one = await fotosoftAdmin.get(`/api/company/${companyId}/statement/${lastMonth}`);
        const list = await fotosoftAdmin.get(`/api/company/${companyId}/statement`);
        expect(usage.statusCode).toBe(403);
        expect(one.statusCode).toBe(403);
        expect(errorOf(one)).toEqual(expect.objectContaining({ status: 403, messages: ['Forbidden'] }));
        expect(list.statusCode).toBe(403);
      }
      expect(await snapshotTables(app)).toEqual(before);
    });

    it('answers a malformed month 400 with the error body to the integrator too', async () => {
      const res = await fotosoftAdmin.get(`/api/company/${sonnenschein}/statement/2026-13`);
      expect(res.statusCode).toBe(400);
      expect(errorOf(res).errorCode).toBe('VALIDATION_FAILED');
      const future = await fotosoftAdmin.get(`/api/company/${sonnenschein}/statement/${addMonths(running, 1)}`);
      expect(future.statusCode).toBe(400);
      expect(errorOf(future).errorCode).toBe('VALIDATION_FAILED');
    });

    it('still answers LumioAdmin the whole statement', async () => {
      const whole = (await owner.get(`/api/company/${sonnenschein}/statement/${lastMonth}`)).json() as Statement;
      const res = await admin.get(`/api/company/${sonnenschein}/statement/${lastMonth}`);
      expect(res.json()).toEqual(whole);
    });
  });

  describe('GET /api/system-integrator/{id}/statement/{month}', () => {
    const url = (id: string, month: string) => `/api/system-integrator/${id}/statement/${month}`;

    it('holds every customer company with something on its licences, each as the integrator reads the company statement, and their sum', async () => {
      // A customer with a FotoSoft licence but no process last month: nothing to invoice, left out.
      const idle = await buildCompany(app, 'Abrechnung Ruhig GmbH');
      await buildLicense(app, { storeId: idle.stores[0].id, companyId: idle.company.id, systemIntegratorId: fotosoft });

      const res = await fotosoftAdmin.get(url(fotosoft, lastMonth));

      expect(res.statusCode).toBe(200);
      const statement = res.json() as SystemIntegratorStatement;
      expect(statement).toEqual(
        expect.objectContaining({ systemIntegratorId: fotosoft, month: lastMonth, status: 'issued' }),
      );
      expect(statement.companies.length).toBeGreaterThan(0);
      expect(statement.companies.map((c) => c.companyId)).toContain(sonnenschein);
      expect(statement.companies.map((c) => c.companyId)).not.toContain(idle.company.id);
      for (const company of statement.companies) {
        const own = await fotosoftAdmin.get(`/api/company/${company.companyId}/statement/${lastMonth}`);
        expect(own.json()).toEqual(company);
      }
      expect(statement.totals).toEqual(sumTotals(statement.companies));
      expect(statement.totals.billable).toBeGreaterThan(0);
      const latest = statement.companies.map((c) => c.issuedAt!).sort();
      expect(statement.issuedAt).toBe(latest[latest.length - 1]);
    });

    it('gives the other integrator only its own licence at the demo company', async () => {
      const statement = (await bildwerkAdmin.get(url(bildwerk, lastMonth))).json() as SystemIntegratorStatement;
      const atSonnenschein = statement.companies.find((c) => c.companyId === sonnenschein);
      expect(atSonnenschein?.totals).toEqual({ prepaid: 3, postpaid: 2, cancelled: 1, billable: 5 });
      expect(devicesOf(atSonnenschein!).map((device) => device.machineId)).toEqual(['BILDWERK-PC']);
    });

    it('is a preview for the running month and stores nothing', async () => {
      const before = await snapshotTables(app);
      const statement = (await bildwerkAdmin.get(url(bildwerk, running))).json() as SystemIntegratorStatement;
      expect(statement.status).toBe('preview');
      expect(statement.issuedAt).toBeNull();
      expect(statement.companies.find((c) => c.companyId === sonnenschein)?.totals.postpaid).toBe(1);
      expect(await snapshotTables(app)).toEqual(before);
    });

    it('answers the integrator’s API client its own statement, and 403 for another integrator', async () => {
      const created = await fotosoftAdmin.post(`/api/system-integrator/${fotosoft}/api-client`, {
        name: 'Abrechnung Backoffice',
      });
      expect(created.statusCode).toBe(201);
      const { clientId, clientSecret } = created.json() as { clientId: string; clientSecret: string };
      const office = backOffice(app, await clientToken(app, clientId, clientSecret));

      const own = await office.get(url(fotosoft, lastMonth));
      const foreign = await office.get(url(bildwerk, lastMonth));

      expect(own.statusCode).toBe(200);
      expect(own.json()).toEqual((await fotosoftAdmin.get(url(fotosoft, lastMonth))).json());
      expect(foreign.statusCode).toBe(403);
      expect(errorOf(foreign).messages).toEqual(['Forbidden']);
    });

    it('answers the same statement as PDF (a section per customer) and CSV (the company in front of each line), to its API client too', async () => {
      const statement = (await fotosoftAdmin.get(url(fotosoft, lastMonth))).json() as SystemIntegratorStatement;
      const created = await fotosoftAdmin.post(`/api/system-integrator/${fotosoft}/api-client`, {
        name: 'Abrechnung Dateien',
      });
      const { clientId, clientSecret } = created.json() as { clientId: string; clientSecret: string };
      const office = backOffice(app, await clientToken(app, clientId, clientSecret));

      const pdf = await fotosoftAdmin.get(`${url(fotosoft, lastMonth)}/pdf`);
      const csv = await office.get(`${url(fotosoft, lastMonth)}/csv`);

      expect(pdf.statusCode).toBe(200);
      expect(pdf.headers['content-type']).toBe('application/pdf');
      expect(pdf.headers['content-disposition']).toContain('attachment');
      expect(pdf.headers['cache-control']).toBe('private, no-store');
      const text = (await pdfPages(pdf.rawPayload)).join(' ');
      for (const company of statement.companies) expect(text).toContain(company.company.name);
      expect(text).toContain(`Seite 1 von`);
      expect(csv.statusCode).toBe(200);
      expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
      const [header, ...lines] = parseCsv(csv.rawPayload.toString('utf8').slice(1));
      expect(header.slice(0, 2)).toEqual(['Firma', 'Rechtsform']);
      const at = (name: string) => header.indexOf(name);
      const sum = (kind: string) =>
        lines.filter((l) => l[at('Art')] === kind).reduce((total, l) => total + Number(l[at('Anzahl')]), 0);
      expect({ prepaid: sum('Prepaid'), postpaid: sum('Postpaid'), cancelled: sum('Storniert') }).toEqual({
        prepaid: statement.totals.prepaid,
        postpaid: statement.totals.postpaid,
        cancelled: statement.totals.cancelled,
      });
      expect(new Set(lines.map((l) => l[0]))).toEqual(new Set(statement.companies.map((c) => c.company.name)));
      // Another integrator's files: 403, as the JSON.
      expect((await office.get(`${url(bildwerk, lastMonth)}/pdf`)).statusCode).toBe(403);
      expect((await bildwerkAdmin.get(`${url(fotosoft, lastMonth)}/csv`)).statusCode).toBe(403);
    });

    it('refuses another integrator’s id (403), an unknown one (404), other roles (403) and a bad month (400)', async () => {
      const unknown = '00000000-0000-4000-8000-000000000000';
      const before = await snapshotTables(app);
      const otherIntegrator = await bildwerkAdmin.get(url(fotosoft, lastMonth));
      expect(otherIntegrator.statusCode).toBe(403);
      expect(errorOf(otherIntegrator).messages).toEqual(['Forbidden']);
      const unknownId = await admin.get(url(unknown, lastMonth));
      expect(unknownId.statusCode).toBe(404);
      expect(errorOf(unknownId).messages).toEqual(['Unknown system integrator']);
      const ownerCall = await owner.get(url(fotosoft, lastMonth));
      expect(ownerCall.statusCode).toBe(403);
      expect(errorOf(ownerCall).status).toBe(403);
      for (const month of ['2026-13', '1999-12', addMonths(running, 1)]) {
        const res = await fotosoftAdmin.get(url(fotosoft, month));
        expect(res.statusCode, month).toBe(400);
        expect(errorOf(res).errorCode).toBe('VALIDATION_FAILED');
      }
      expect(await snapshotTables(app)).toEqual(before);
    });
  });

  describe('GET /api/system-integrator/{id}/statement (its months)', () => {
    /** The test's oracle: the Berlin month of the integrator's first licence, and the months since. */
    const expectedMonths = async (systemIntegratorId: string) => {
      const rows = await app.db
        .select({ createdAt: licenses.createdAt })
        .from(licenses)
        .where(eq(licenses.systemIntegratorId, systemIntegratorId));
      const first = rows
        .map((row) => row.createdAt.toLocaleDateString('en-CA', { timeZone: 'Europe/Berlin' }).slice(0, 7))
        .sort()[0];
      const months = [running];
      while (months[months.length - 1] > first) months.push(addMonths(months[months.length - 1], -1));
      return months;
    };
    type Page = { totalItemCount: number; items: { month: string; status: string; issuedAt: string | null }[] };

    it('lists the running month as preview, then every month back to its first licence, each with its statement’s issuedAt', async () => {
      const twoBack = addMonths(running, -2);
      const details = new Map<string, SystemIntegratorStatement>();
      for (const month of [lastMonth, twoBack]) {
        details.set(
          month,
          (
            await fotosoftAdmin.get(`/api/system-integrator/${fotosoft}/statement/${month}`)
          ).json() as SystemIntegratorStatement,
        );
      }
      const months = await expectedMonths(fotosoft);

      const res = await fotosoftAdmin.get(`/api/system-integrator/${fotosoft}/statement?pageSize=3`);

      expect(res.statusCode).toBe(200);
      const page = res.json() as Page;
      expect(page.totalItemCount).toBe(months.length);
      expect(page.items).toEqual([
        { month: running, status: 'preview', issuedAt: null },
        { month: lastMonth, status: 'issued', issuedAt: details.get(lastMonth)!.issuedAt },
        { month: twoBack, status: 'issued', issuedAt: details.get(twoBack)!.issuedAt },
      ]);
      expect(details.get(lastMonth)!.issuedAt).not.toBeNull();
      const lastPage = Math.floor((months.length - 1) / 3);
      const tail = (
        (
          await fotosoftAdmin.get(`/api/system-integrator/${fotosoft}/statement?pageSize=3&pageIndex=${lastPage}`)
        ).json() as Page
      ).items;
      expect(tail.map((item) => item.month)).toEqual(months.slice(lastPage * 3));
    });

    it('answers the API client its own months, and refuses another integrator (403) or an unknown one (404)', async () => {
      const created = await bildwerkAdmin.post(`/api/system-integrator/${bildwerk}/api-client`, {
        name: 'Abrechnung Liste',
      });
      const { clientId, clientSecret } = created.json() as { clientId: string; clientSecret: string };
      const office = backOffice(app, await clientToken(app, clientId, clientSecret));

      const own = await office.get(`/api/system-integrator/${bildwerk}/statement`);

      expect(own.statusCode).toBe(200);
      expect((own.json() as Page).items.map((item) => item.month)).toEqual(
        (await expectedMonths(bildwerk)).slice(0, 20),
      );
      expect((await office.get(`/api/system-integrator/${fotosoft}/statement`)).statusCode).toBe(403);
      expect((await owner.get(`/api/system-integrator/${bildwerk}/statement`)).statusCode).toBe(403);
      const unknown = await admin.get('/api/system-integrator/00000000-0000-4000-8000-000000000000/statement');
      expect(unknown.statusCode).toBe(404);
      expect(errorOf(unknown).messages).toEqual(['Unknown system integrator']);
    });
  });

  describe('GET /api/statement/{month}/csv (provider export)', () => {
    const csvUrl = (month: string) => `/api/statement/${month}/csv`;
    const rowsOf = (body: string) => {
      expect(body.startsWith('\uFEFF')).toBe(true);
      expect(body.endsWith('\r\n')).toBe(true);
      const lines = body.slice(1, -2).split('\r\n');
      expect(lines.some((line) => line.includes('\n'))).toBe(false);
      const [header, ...rows] = lines.map((line) => line.split(';'));
      return { header, rows };
    };

    it('has one line per company and integrator whose sums are the companies’ statements’ totals, issuing the missing ones', async () => {
      // A customer nobody has opened last month's statement of: the export issues it.
      const formula = await buildCompany(app, '=Formel GmbH');
      const license = await buildLicense(app, {
        storeId: formula.stores[0].id,
        companyId: formula.company.id,
        systemIntegratorId: fotosoft,
      });
      const monthStart = berlinMonthStart(running);
      await insertProcesses(app, license, [
        { at: new Date(monthStart.getTime() - 2 * 86_400_000), postpaid: true, machineId: 'FORMEL-1', count: 4 },
      ]);
      const issuedRows = () =>
        app.db
          .select()
          .from(statements)
          .where(and(eq(statements.companyId, formula.company.id), eq(statements.month, lastMonth)));
      expect(await issuedRows()).toHaveLength(0);
      const [{ name: fotosoftName }] = await app.db
        .select({ name: systemIntegrators.name })
        .from(systemIntegrators)
        .where(eq(systemIntegrators.id, fotosoft));

      const res = await admin.get(csvUrl(lastMonth));

      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/csv');
      expect(res.headers['content-disposition']).toContain(`filename="Lumio-Abrechnung-${lastMonth}.csv"`);
      const { header, rows } = rowsOf(res.body);
      expect(header).toEqual([
        'Monat',
        'Status',
        'Firma',
        'Rechtsform',
        'Systemintegrator',
        'Postpaid abrechenbar',
        'Prepaid-Einheiten verbraucht',
        'Storniert',
        'Abrechenbar gesamt',
        'Korrekturen',
      ]);
      expect(await issuedRows()).toHaveLength(1);
      expect(rows.every((row) => row[0] === lastMonth && row[1] === 'ausgestellt')).toBe(true);
      // The formula guard: a spreadsheet shows the name, it does not run it.
      expect(rows.find((row) => row[2].includes('Formel'))?.slice(2, 9)).toEqual([
        "'=Formel GmbH",
        'GmbH',
        fotosoftName,
        '4',
        '0',
        '0',
        '4',
      ]);
      const sonnenscheinRows = rows.filter((row) => row[2] === 'Fotostudio Sonnenschein GmbH');
      expect(sonnenscheinRows.map((row) => row[4])).toContain('Bildwerk Systeme AG');
      expect(sonnenscheinRows.find((row) => row[4] === 'Bildwerk Systeme AG')?.slice(5, 9)).toEqual([
        '2',
        '3',
        '1',
        '5',
      ]);
      // The sums equal those of every company's statement of the month.
      const wholeStatements: Statement[] = [];
      for (const { id } of await app.db.select({ id: companies.id }).from(companies)) {
        const whole = await admin.get(`/api/company/${id}/statement/${lastMonth}`);
        // 404: registered this month (the demo's Studio Morgenrot), no statement of last month.
        if (whole.statusCode === 404) continue;
        wholeStatements.push(whole.json() as Statement);
      }
      const expected = sumTotals(wholeStatements);
      const column = (index: number) => rows.reduce((sum, row) => sum + Number(row[index]), 0);
      expect({ postpaid: column(5), prepaid: column(6), cancelled: column(7), billable: column(8) }).toEqual({
        postpaid: expected.postpaid,
        prepaid: expected.prepaid,
        cancelled: expected.cancelled,
        billable: expected.billable,
      });
      expect(expected.billable).toBeGreaterThan(0);
    });

    it('marks the running month as preview (vorläufig) and stores nothing', async () => {
      const before = await snapshotTables(app);
      const res = await admin.get(csvUrl(running));
      expect(res.statusCode).toBe(200);
      const { rows } = rowsOf(res.body);
      expect(rows.length).toBeGreaterThan(0);
      expect(rows.every((row) => row[1] === 'vorläufig')).toBe(true);
      expect(await snapshotTables(app)).toEqual(before);
    });

    it('is LumioAdmin’s only (403) and refuses a bad month (400) with the error body', async () => {
      const before = await snapshotTables(app);
      for (const client of [owner, fotosoftAdmin]) {
        const res = await client.get(csvUrl(lastMonth));
        expect(res.statusCode).toBe(403);
        expect(errorOf(res).messages).toEqual(['Forbidden']);
      }
      for (const month of ['2026-13', '1999-12', addMonths(running, 1)]) {
        const res = await admin.get(csvUrl(month));
        expect(res.statusCode, month).toBe(400);
        expect(errorOf(res).errorCode).toBe('VALIDATION_FAILED');
      }
      expect(await snapshotTables(app)).toEqual(before);
    });
  });
});
