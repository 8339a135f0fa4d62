import { randomUUID } from 'node:crypto';
import { buffer } from 'node:stream/consumers';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayInGermany } from '../../src/domain/dates';
import { REPORT_VALIDATION_TEXTS, type IdentificationReport, type ReportRequest } from '../../src/domain/reports';
import { identificationReports, reportFileChunks } from '../../server/db/schema';
import { cleanupReports } from '../../server/jobs/report-cleanup.job';
import {
  batchSizeFor,
  buildReportFile,
  PGLITE_BATCH_SIZE,
  REPORT_BATCH_SIZE,
} from '../../server/modules/reports/report-builder';
import { attemptsOf, readReportFile } from '../../server/modules/reports/report-file-store';
import { apiClient, buildTestApp, DEMO, errorOf } from './helpers/app';
import { addDays } from './helpers/deviceLicenses';
import { demoClient, type Client } from './helpers/eid';
import {
  addForeignTenants,
  downloadReport,
  expectedReport,
  queryRows,
  requestReport,
  waitForState,
  type ForeignTenants,
} from './helpers/reports';
import { snapshotTables } from './helpers/snapshot';
import { readZip } from './helpers/zip';

const UNKNOWN_ID = '6f1c8f0e-6b7e-4c1e-9a53-0d6c3f5b9a11';
const today = todayInGermany();
/** The demo data's processes reach back 13 months; this period holds all of them. */
const ALL_TIME = { startDate: addDays(today, -800), endDate: today };
const BASE = '/api/identification-process/reports';

/** The report rows and the queued report jobs: what a refused request must leave as it was. */
async function queued(app: FastifyInstance) {
  const [{ n }] = await queryRows<{ n: string }>(
    app,
    sql`SELECT count(*)::text AS n FROM pgboss.job WHERE name = 'identification-report'`,
  );
  return { tables: await snapshotTables(app), jobs: n };
}

describe('identification-process reports API', () => {
  let app: FastifyInstance;
  let t: ForeignTenants;
  const c = {} as Record<
    | 'owner'
    | 'integrator'
    | 'otherIntegrator'
    | 'lumioAdmin'
    | 'systemAdmin'
    | 'accountAdmin'
    | 'employee'
    | 'unverifiedOwner',
    Client
  >;

  beforeAll(async () => {
    app = await buildTestApp({ REPORT_RETRY_DELAY_SECONDS: '1' });
    await app.ready();
    t = await addForeignTenants(app);
    for (const [key, email] of [
      ['owner', DEMO.owner],
      ['integrator', DEMO.integrator],
      ['otherIntegrator', DEMO.otherIntegrator],
      ['lumioAdmin', DEMO.lumioAdmin],
      ['systemAdmin', DEMO.systemAdmin],
      ['accountAdmin', DEMO.accountAdmin],
      ['employee', DEMO.employee],
      ['unverifiedOwner', DEMO.unverifiedOwner],
    ] as const) {
      c[key] = await demoClient(app, email);
    }
  });
  afterAll(async () => {
    await app.close();
  });

  it("builds the Owner's report of its company: the ZIP's CSVs are exactly the seeded processes, and the mail links to the page", async () => {
    const requested = await requestReport(c.owner, ALL_TIME);
    expect(requested).toMatchObject({
      ...ALL_TIME,
      postPaidOnly: false,
      state: 'Pending',
      company: { id: t.sonnenscheinId, name: 'Fotostudio Sonnenschein GmbH' },
      systemIntegrator: null,
      reseller: null,
    });
    await waitForState(c.owner, requested.id, 'Completed');

    const { res, names, processes, summary } = await downloadReport(c.owner, requested.id);
    expect(res.headers['content-type']).toBe('application/zip');
    const compact = (iso: string) => `${iso.slice(8, 10)}${iso.slice(5, 7)}${iso.slice(0, 4)}`;
    expect(res.headers['content-disposition']).toContain(
      `filename="Vorgangsauswertung_${compact(ALL_TIME.startDate)}-${compact(ALL_TIME.endDate)}.zip"`,
    );
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(names).toEqual(['vorgaenge.csv', 'zusammenfassung.csv']);
    const expected = await expectedReport(app, sql`p.company_id = ${t.sonnenscheinId}::uuid`);
    // The demo data's 2,402 processes and the 10 of Bildwerk's studio in Sonnenschein.
    expect(expected.count).toBe(2412);
    expect(processes).toBe(expected.processes);
    expect(summary).toBe(expected.summary);
    expect(processes.startsWith('\uFEFFZeitpunkt;Firma;Studio;Lizenzschlüssel;Geräte-ID;Systemintegrator;')).toBe(true);
    expect(summary.split('\r\n')[0]).toBe('\uFEFFFirma;Studio;Monat;Prepaid;Postpaid;Storniert;Abrechenbar');

    const mail = await app.mailCatcher!.waitFor(
      (m) => m.to === DEMO.owner && m.subject === 'Ihre Vorgangsauswertung ist fertig',
      15_000,
    );
    expect(mail.text).toContain('http://localhost:8080/identification-process-reports');
    expect(mail.text).not.toContain(requested.id);
  });

  it("narrows the integrator's report to its own integrator, whatever else the request leaves out", async () => {
    const report = await requestReport(c.integrator, ALL_TIME);
    expect(report.systemIntegrator).toEqual({ id: t.fotosoftId, name: 'FotoSoft GmbH' });
    await waitForState(c.integrator, report.id, 'Completed');
    const { processes, summary } = await downloadReport(c.integrator, report.id);
    const expected = await expectedReport(app, sql`p.system_integrator_id = ${t.fotosoftId}::uuid`);
    expect(expected.count).toBe(2402);
    expect(processes).toBe(expected.processes);
    expect(summary).toBe(expected.summary);
  });

  it("filters the integrator's report by its reseller, by a company it serves and by postpaid", async () => {
    const cases: [ReportRequest, ReturnType<typeof sql>][] = [
      [
        { ...ALL_TIME, resellerId: t.fotosoftResellerId },
        sql`p.system_integrator_id = ${t.fotosoftId}::uuid AND p.reseller_id = ${t.fotosoftResellerId}::uuid`,
      ],
      [{ ...ALL_TIME, postPaidOnly: true }, sql`p.system_integrator_id = ${t.fotosoftId}::uuid AND p.postpaid`],
      // Bildwerk serves a studio of Sonnenschein: its report of that company holds only its own processes.
      [
        { ...ALL_TIME, companyId: t.sonnenscheinId },
        sql`p.system_integrator_id = ${t.bildwerkId}::uuid AND p.company_id = ${t.sonnenscheinId}::uuid`,
      ],
    ];
    for (const [i, [body, where]] of cases.entries()) {
      const client = i === 2 ? c.otherIntegrator : c.integrator;
      const report = await requestReport(client, body);
      await waitForState(client, report.id, 'Completed');
      const { processes } = await downloadReport(client, report.id);
      const expected = await expectedReport(app, where);
      expect(expected.count, JSON.stringify(body)).toBeGreaterThan(0);
      expect(processes).toBe(expected.processes);
    }
  });

  it('gives LumioAdmin every process, or those of the integrator and company it names', async () => {
    const allReport = await requestReport(c.lumioAdmin, ALL_TIME);
    const named = await requestReport(c.lumioAdmin, {
      ...ALL_TIME,
      systemIntegratorId: t.bildwerkId,
      companyId: t.morgenrotId,
      resellerId: t.bildwerkResellerId,
    });
    expect(named).toMatchObject({
      company: { id: t.morgenrotId, name: 'Studio Morgenrot e.K.' },
      systemIntegrator: { id: t.bildwerkId, name: 'Bildwerk Systeme AG' },
      reseller: { id: t.bildwerkResellerId, name: '=Bild "Handel"; Nord' },
    });
    await waitForState(c.lumioAdmin, allReport.id, 'Completed');
    await waitForState(c.lumioAdmin, named.id, 'Completed');
    const everything = await expectedReport(app, sql`true`);
    expect(everything.count).toBe(2402 + 10 + 21 + 5);
    const all = await downloadReport(c.lumioAdmin, allReport.id);
    expect(all.processes).toBe(everything.processes);
    expect(all.summary).toBe(everything.summary);
    const morgenrot = await downloadReport(c.lumioAdmin, named.id);
    const expected = await expectedReport(app, sql`p.company_id = ${t.morgenrotId}::uuid`);
    expect(morgenrot.processes).toBe(expected.processes);
    expect(morgenrot.summary).toBe(expected.summary);
    // The reseller's name is quoted and kept from being run as a formula; so is the device id.
    expect(morgenrot.processes).toContain(`;"'=Bild ""Handel""; Nord";`);
    expect(morgenrot.processes).toContain(`;"'-PC;1";`);
  });

  it('counts a day as the calendar day in Germany, both edges included', async () => {
    const day = await requestReport(c.lumioAdmin, {
      startDate: '2026-03-28',
      endDate: '2026-03-28',
      companyId: t.morgenrotId,
    });
    await waitForState(c.lumioAdmin, day.id, 'Completed');
    const { processes, summary } = await downloadReport(c.lumioAdmin, day.id);
    const lines = processes.split('\r\n').filter(Boolean);
    expect(lines.slice(1).map((line) => line.slice(0, 19))).toEqual([
      '28.03.2026 00:00:00',
      '28.03.2026 23:59:59',
      '28.03.2026 23:59:59',
    ]);
    // The two at the same instant come in the order of their ids.
    const ids = lines.slice(2).map((line) => line.split(';').at(-1));
    expect(ids).toEqual([...ids].sort());
    expect(summary.split('\r\n')[1]).toBe('Studio Morgenrot e.K.;Morgenrot Mitte;2026-03;0;3;0;3');
  });

  it('reads smaller batches from PGlite, which runs on the event loop, than from PostgreSQL', () => {
    expect(batchSizeFor(app.db)).toBe(process.env.TEST_DATABASE_URL ? REPORT_BATCH_SIZE : PGLITE_BATCH_SIZE);
  });

  it('pages through ties and batch edges without losing or repeating a process (keyset)', async () => {
    const selection = {
      startDate: '2026-01-01',
      endDate: today,
      postPaidOnly: false,
      companyId: t.morgenrotId,
      systemIntegratorId: null,
      resellerId: null,
      scopeCompanyId: null,
      scopeSystemIntegratorId: null,
    };
    // A row of its own (the chunks belong to a report), with no job: only this test builds it.
    const [row] = await app.db
      .insert(identificationReports)
      .values({ startDate: selection.startDate, endDate: selection.endDate, state: 'InProgress' })
      .returning();
    try {
      const built = await buildReportFile(app.db, {
        reportId: row.id,
        selection,
        createdAt: new Date(),
        batchSize: 2,
      });
      const entries = await readZip(await buffer(readReportFile(app.db, row.id, built.attempt, built.size)));
      const expected = await expectedReport(
        app,
        sql`p.company_id = ${t.morgenrotId}::uuid AND p.created_at >= timestamptz '2026-01-01 00:00:00+01'`,
      );
      expect(built.processCount).toBe(expected.count);
      expect(entries.get('vorgaenge.csv')!.toString('utf8')).toBe(expected.processes);
      expect(await attemptsOf(app.db, [row.id])).toEqual([
        { reportId: row.id, attempt: built.attempt, bytes: built.size },
      ]);
    } finally {
      await app.db.delete(identificationReports).where(eq(identificationReports.id, row.id));
    }
  });

  describe('scope', () => {
    let ownerReport: IdentificationReport;
    let integratorReport: IdentificationReport;

    beforeAll(async () => {
      ownerReport = await requestReport(c.owner, ALL_TIME);
      integratorReport = await requestReport(c.integrator, ALL_TIME);
      await waitForState(c.owner, ownerReport.id, 'Completed');
      await waitForState(c.integrator, integratorReport.id, 'Completed');
    });

    const listed = async (client: Client) =>
      ((await client.get(`${BASE}?pageSize=100`)).json() as { items: IdentificationReport[] }).items.map((r) => r.id);

    it('lists to each user the reports of its own scope only; LumioAdmin sees all', async () => {
      const owner = await listed(c.owner);
      const integrator = await listed(c.integrator);
      const other = await listed(c.otherIntegrator);
      const admin = await listed(c.lumioAdmin);
      expect(owner).toContain(ownerReport.id);
      expect(owner).not.toContain(integratorReport.id);
      expect(integrator).toContain(integratorReport.id);
      expect(integrator).not.toContain(ownerReport.id);
      expect(other).not.toContain(integratorReport.id);
      expect(other).not.toContain(ownerReport.id);
      expect(admin).toEqual(expect.arrayContaining([ownerReport.id, integratorReport.id]));
    });

    it('answers another scope’s report as unknown (404), a malformed id 400', async () => {
      for (const [client, id] of [
        [c.owner, integratorReport.id],
        [c.integrator, ownerReport.id],
        [c.otherIntegrator, integratorReport.id],
        [c.owner, UNKNOWN_ID],
      ] as const) {
        const res = await client.get(`${BASE}/${id}`);
        expect(res.statusCode).toBe(404);
        expect(errorOf(res).messages[0]).toBe('Not found');
      }
      const malformed = await c.owner.get(`${BASE}/kein-bericht`);
      expect(malformed.statusCode).toBe(400);
      expect(errorOf(malformed).messages[0]).toBe('Invalid report id');
      expect((await c.lumioAdmin.get(`${BASE}/${ownerReport.id}`)).statusCode).toBe(200);
    });

    it('sorts newest change first by default, pages and searches the names', async () => {
      const page = (await c.lumioAdmin.get(`${BASE}?pageSize=2`)).json() as {
        items: IdentificationReport[];
        totalItemCount: number;
      };
      expect(page.items).toHaveLength(2);
      expect(page.totalItemCount).toBeGreaterThan(2);
      expect(page.items[0].lastModified >= page.items[1].lastModified).toBe(true);
      const search = (await c.lumioAdmin.get(`${BASE}?filter=morgenrot&pageSize=100`)).json() as {
        items: IdentificationReport[];
      };
      expect(search.items.length).toBeGreaterThan(0);
      expect(search.items.every((r) => r.company?.name === 'Studio Morgenrot e.K.')).toBe(true);
      expect((await c.lumioAdmin.get(`${BASE}?orderBy=company.name%20desc`)).statusCode).toBe(200);
      expect((await c.lumioAdmin.get(`${BASE}?orderBy=secret`)).statusCode).toBe(400);
    });
  });

  describe('refusals queue nothing', () => {
    const refused: [string, keyof typeof c, unknown, number, string][] = [
      [
        'end before start',
        'owner',
        { startDate: '2026-02-02', endDate: '2026-02-01' },
        400,
        `endDate: ${REPORT_VALIDATION_TEXTS.endBeforeStart}`,
      ],
      [
        'more than 10 years',
        'lumioAdmin',
        { startDate: '2016-01-01', endDate: '2026-01-01' },
        400,
        `endDate: ${REPORT_VALIDATION_TEXTS.tooLong}`,
      ],
      ['no start date', 'owner', { endDate: '2026-02-01' }, 400, 'startDate'],
      [
        'no real date',
        'owner',
        { startDate: '2026-02-30', endDate: '2026-03-01' },
        400,
        `startDate: ${REPORT_VALIDATION_TEXTS.dateInvalid}`,
      ],
      ...['0000-01-01', '0001-01-01', '1999-12-31', '2101-01-01'].flatMap(
        (day): [string, keyof typeof c, unknown, number, string][] => [
          [
            `the start date ${day}`,
            'owner',
            { startDate: day, endDate: '2026-02-01' },
            400,
            'startDate: Bitte geben Sie ein Datum zwischen dem 01.01.2000 und dem 31.12.2100 an.',
          ],
          [
            `the end date ${day}`,
            'lumioAdmin',
            { startDate: '2026-01-01', endDate: day },
            400,
            'endDate: Bitte geben Sie ein Datum zwischen dem 01.01.2000 und dem 31.12.2100 an.',
          ],
        ],
      ),
      ['an unknown field', 'owner', { ...ALL_TIME, storeId: UNKNOWN_ID }, 400, 'storeId: Unbekanntes Feld'],
      ['a malformed id', 'lumioAdmin', { ...ALL_TIME, companyId: 'abc' }, 400, 'companyId'],
      [
        'an unknown company',
        'lumioAdmin',
        { ...ALL_TIME, companyId: UNKNOWN_ID },
        400,
        'companyId: Invalid company id',
      ],
      [
        'an unknown integrator',
        'lumioAdmin',
        { ...ALL_TIME, systemIntegratorId: UNKNOWN_ID },
        400,
        'systemIntegratorId: Invalid system integrator id',
      ],
      [
        'an unknown reseller',
        'lumioAdmin',
        { ...ALL_TIME, resellerId: UNKNOWN_ID },
        400,
        'resellerId: Invalid reseller id',
      ],
    ];
    for (const [what, who, body, status, message] of refused) {
      it(`refuses ${what} (${status})`, async () => {
        const before = await queued(app);
        const res = await c[who].post(BASE, body);
        expect(res.statusCode).toBe(status);
        expect(errorOf(res).messages.join('\n')).toContain(message);
        expect(await queued(app)).toEqual(before);
      });
    }

    it("refuses another tenant's ids as if they were unknown", async () => {
      const cases: [keyof typeof c, ReportRequest, string][] = [
        ['owner', { ...ALL_TIME, companyId: t.morgenrotId }, 'companyId: Invalid company id'],
        ['integrator', { ...ALL_TIME, companyId: t.morgenrotId }, 'companyId: Invalid company id'],
        [
          'integrator',
          { ...ALL_TIME, systemIntegratorId: t.bildwerkId },
          'systemIntegratorId: Invalid system integrator id',
        ],
        ['integrator', { ...ALL_TIME, resellerId: t.bildwerkResellerId }, 'resellerId: Invalid reseller id'],
        ['otherIntegrator', { ...ALL_TIME, resellerId: t.fotosoftResellerId }, 'resellerId: Invalid reseller id'],
        // An integrator that serves none of Morgenrot's studios… for Sonnenschein's owner: FotoSoft does, Bildwerk does too.
        ['owner', { ...ALL_TIME, resellerId: t.bildwerkResellerId }, 'resellerId: Invalid reseller id'],
        [
          'lumioAdmin',
          { ...ALL_TIME, systemIntegratorId: t.fotosoftId, resellerId: t.bildwerkResellerId },
          'resellerId: Invalid reseller id',
        ],
      ];
      for (const [who, body, message] of cases) {
        const before = await queued(app);
        const res = await c[who].post(BASE, body);
        expect(res.statusCode, `${who} ${JSON.stringify(body)}`).toBe(400);
        expect(errorOf(res).messages).toEqual([message]);
        expect(await queued(app)).toEqual(before);
      }
    });

    it('refuses other roles (403) and anonymous calls (401), and queues nothing', async () => {
      for (const who of ['systemAdmin', 'accountAdmin', 'employee', 'unverifiedOwner'] as const) {
        const before = await queued(app);
        for (const res of [
          await c[who].post(BASE, ALL_TIME),
          await c[who].get(BASE),
          await c[who].get(`${BASE}/${UNKNOWN_ID}`),
        ]) {
          expect(res.statusCode, who).toBe(403);
          expect(errorOf(res).messages[0]).toBe('Forbidden');
        }
        expect(await queued(app)).toEqual(before);
      }
      const anonymous = apiClient(app);
      for (const res of [
        await anonymous.post(BASE, ALL_TIME),
        await anonymous.get(BASE),
        await anonymous.get(`${BASE}/${UNKNOWN_ID}`),
      ]) {
        expect(res.statusCode).toBe(401);
      }
    });
  });

  it('accepts periods at the edges of the portal calendar, 2000-01-01 and 2100-12-31', async () => {
    for (const period of [
      { startDate: '2000-01-01', endDate: '2000-01-31' },
      { startDate: '2100-12-01', endDate: '2100-12-31' },
    ]) {
      const res = await c.lumioAdmin.post(BASE, period);
      expect(res.statusCode, res.body).toBe(201);
    }
  });

  it('accepts a period of exactly 10 years, and lets the Owner name an integrator that serves one of its studios', async () => {
    const tenYears = await c.lumioAdmin.post(BASE, { startDate: '2016-01-01', endDate: '2025-12-31' });
    expect(tenYears.statusCode).toBe(201);
    const bildwerk = await requestReport(c.owner, { ...ALL_TIME, systemIntegratorId: t.bildwerkId });
    expect(bildwerk.company?.id).toBe(t.sonnenscheinId);
    await waitForState(c.owner, bildwerk.id, 'Completed');
    const { processes } = await downloadReport(c.owner, bildwerk.id);
    expect(processes).toBe(
      (
        await expectedReport(
          app,
          sql`p.company_id = ${t.sonnenscheinId}::uuid AND p.system_integrator_id = ${t.bildwerkId}::uuid`,
        )
      ).processes,
    );
  });

  it('answers 409 for a report that is not finished, and serves no file for it', async () => {
    const [row] = await app.db
      .insert(identificationReports)
      .values({
        scopeCompanyId: t.sonnenscheinId,
        startDate: today,
        endDate: today,
        state: 'InProgress',
        companyId: t.sonnenscheinId,
      })
      .returning();
    // Chunks as a killed build leaves them: never served.
    await app.db
      .insert(reportFileChunks)
      .values({ reportId: row.id, attempt: randomUUID(), seq: 0, data: Buffer.from('PK\u0003\u0004 half') });
    const res = await c.owner.get(`${BASE}/${row.id}`);
    expect(res.statusCode).toBe(409);
    expect(errorOf(res).messages[0]).toBe('Report not ready');
  });

  it('serves only the attempt a Completed report names, and the cleanup removes every other stored attempt', async () => {
    const kept = await requestReport(c.owner, { startDate: today, endDate: today });
    await waitForState(c.owner, kept.id, 'Completed');
    const original = (await c.owner.get(`${BASE}/${kept.id}`)).rawPayload;
    // What a second worker, wrongly taken for dead, might have stored beside the file.
    const zombie = randomUUID();
    await app.db
      .insert(reportFileChunks)
      .values({ reportId: kept.id, attempt: zombie, seq: 0, data: Buffer.from('PK zombie') });
    const [failed] = await app.db
      .insert(identificationReports)
      .values({ scopeCompanyId: t.sonnenscheinId, startDate: today, endDate: today, state: 'Failed' })
      .returning();
    await app.db
      .insert(reportFileChunks)
      .values({ reportId: failed.id, attempt: randomUUID(), seq: 0, data: Buffer.from('PK dead') });
    expect((await c.owner.get(`${BASE}/${kept.id}`)).rawPayload.equals(original)).toBe(true);

    const result = await cleanupReports(app.db, app.config);
    expect(result.strayChunks).toBe(2);
    const left = await attemptsOf(app.db, [kept.id, failed.id]);
    expect(left).toHaveLength(1);
    expect(left[0]).toMatchObject({ reportId: kept.id, bytes: original.length });
    expect(left[0].attempt).not.toBe(zombie);
    expect((await c.owner.get(`${BASE}/${kept.id}`)).rawPayload.equals(original)).toBe(true);
  });

  it('deletes reports after the retention with their files', async () => {
    const old = await requestReport(c.owner, { startDate: today, endDate: today });
    await waitForState(c.owner, old.id, 'Completed');
    await app.db
      .update(identificationReports)
      .set({ updatedAt: new Date(Date.now() - 91 * 24 * 3600 * 1000) })
      .where(eq(identificationReports.id, old.id));
    expect(await attemptsOf(app.db, [old.id])).toHaveLength(1);

    const result = await cleanupReports(app.db, app.config);
    expect(result.expired).toBeGreaterThanOrEqual(1);
    expect(await attemptsOf(app.db, [old.id])).toEqual([]);
    expect((await c.owner.get(`${BASE}/${old.id}`)).statusCode).toBe(404);
  });
});
