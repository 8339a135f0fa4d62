/**
 * The server side of bench/statements.mjs: the real app (build() with the demo data) on an
 * in-memory PGlite (or PostgreSQL with BENCH_DATABASE_URL), plus BENCH_STORES studios spread over
 * BENCH_COMPANIES companies of their own, one FotoSoft licence with a prepaid package per studio,
 * and BENCH_PROCESSES identification processes in the month before the running one (Berlin), two
 * devices per studio, every 5th round over the studios postpaid, every 49th cancelled, written
 * straight into the database. Reports { seedMs, month } once seeded; on { type: 'run' } issues the month for every
 * company with the job's own function and renders the largest statement, answering the figures.
 */
import { writeFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import type { Db } from '../server/db/client';
import { issueMonthStatements, statementIssuer } from '../server/modules/statements/issue-statement';
import { statementCsv } from '../server/modules/statements/statement-csv';
import { statementPdf } from '../server/modules/statements/statement-pdf';
import { previousMonth, runningMonth, type Statement } from '../src/domain/statements';
import { loginAs } from '../tests/api/helpers/login';
import { answerParent, failStartup, sendToParent } from './lib/parent-channel';
import { seededApp } from './lib/seeded-app';

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

const PROCESSES = Number(process.env.BENCH_STATEMENT_PROCESSES ?? 100_000);
const STORES = Number(process.env.BENCH_STORES ?? 500);
const COMPANIES = Number(process.env.BENCH_COMPANIES ?? 1);

async function seed(db: Db, month: string): Promise<number> {
  const started = performance.now();
  await db.execute(sql`
    INSERT INTO companies (name, legal_form, address, country, phone_number, created_at)
    SELECT 'Bench Abrechnung ' || c || ' GmbH', 'GmbH', 'Messestraße ' || c || ', 10115 Berlin', 'Deutschland',
      '+4930' || lpad(c::text, 7, '0'), '2020-01-01T00:00:00Z'
    FROM generate_series(1, ${COMPANIES}) AS c`);
  // Studio s belongs to company s % COMPANIES; its licence is FotoSoft's.
  await db.execute(sql`
    WITH bench AS (
      SELECT (row_number() OVER (ORDER BY name) - 1)::int AS n, id FROM companies WHERE name LIKE 'Bench Abrechnung %'
    )
    INSERT INTO stores (company_id, name, address, country)
    SELECT bench.id, 'Fotostudio Übersee Nr. ' || lpad(s::text, 4, '0'), 'Hafenstraße ' || s || ', 20457 Hamburg', 'Deutschland'
    FROM generate_series(1, ${STORES}) AS s JOIN bench ON bench.n = s % ${COMPANIES}::int`);
  await db.execute(sql`
    INSERT INTO licenses (key, store_id, company_id, system_integrator_id, postpaid_allowed)
    SELECT 'BENCH-ABRCH-NUNGS-' || lpad(row_number() OVER (ORDER BY s.name)::text, 5, '0') || '-K7Q2Z'
             || lpad(row_number() OVER (ORDER BY s.name)::text, 5, '0'),
      s.id, s.company_id, (SELECT id FROM system_integrators WHERE code = 'FOTOSOFT'), true
    FROM stores s JOIN companies c ON c.id = s.company_id WHERE c.name LIKE 'Bench Abrechnung %'`);
  await db.execute(sql`
    INSERT INTO prepaid_packages (license_id, start_date, end_date, amount, used_amount)
    SELECT l.id, '2000-01-01', '2100-12-31', 1000000, ${Math.ceil(PROCESSES / STORES) + 10}
    FROM licenses l WHERE l.key LIKE 'BENCH-ABRCH-%'`);
  // Spread over the month's 2nd to 27th day, clear of its edges in any time zone.
  await db.execute(sql`
    WITH lic AS (
      SELECT (row_number() OVER (ORDER BY l.key) - 1)::int AS n, l.*,
        (SELECT p.id FROM prepaid_packages p WHERE p.license_id = l.id LIMIT 1) AS package_id
      FROM licenses l WHERE l.key LIKE 'BENCH-ABRCH-%'
    )
    INSERT INTO identification_processes
      (license_id, store_id, company_id, system_integrator_id, reseller_id, package_id, postpaid, machine_id,
       idempotency_key, status, created_at, cancelled_at)
    SELECT lic.id, lic.store_id, lic.company_id, lic.system_integrator_id, lic.reseller_id,
      CASE WHEN r.round % 5 = 0 THEN NULL ELSE lic.package_id END, r.round % 5 = 0,
      'KASSE-' || r.round % 2 + 1, gen_random_uuid(),
      CASE WHEN r.round % 49 = 0 THEN 'Cancelled' ELSE 'Completed' END,
      t.at, CASE WHEN r.round % 49 = 0 THEN t.at + interval '5 minutes' END
    FROM generate_series(1, ${PROCESSES}) AS g(i)
    JOIN lic ON lic.n = g.i % ${STORES}::int
    -- The round over the studios decides kind and device, so every studio has each of them.
    CROSS JOIN LATERAL (SELECT g.i / ${STORES}::int AS round) r
    CROSS JOIN LATERAL (
      SELECT ${`${month}-02T00:00:00Z`}::timestamptz + (g.i::float8 / ${PROCESSES}) * interval '25 days' AS at
    ) t`);
  await db.execute(sql`ANALYZE identification_processes`);
  return performance.now() - started;
}

const pageCount = (pdf: Buffer) => (pdf.toString('latin1').match(/\/Type \/Page\b(?!s)/g) ?? []).length;

async function main() {
  const { app, database } = await seededApp({ defaultProcesses: 0, jobWorkers: 'false' });
  const db = database.db;
  const month = previousMonth(runningMonth());
  const seedMs = await seed(db, month);
  const token = (await loginAs(app, 'admin@lumio.example')).accessToken;

  answerParent<{ type: 'run' } | { type: 'stop' }>(app, async () => {
    const [{ n: processes }] = rowsOf<{ n: number }>(
      await db.execute(sql`SELECT count(*)::int AS n FROM identification_processes
        WHERE to_char(created_at AT TIME ZONE 'Europe/Berlin', 'YYYY-MM') = ${month}`),
    );
    const started = performance.now();
    const { issued } = await issueMonthStatements(statementIssuer(app), new Date(), month);
    const issueMs = performance.now() - started;

    const stored = rowsOf<{ content: Statement }>(
      await db.execute(sql`SELECT content FROM statements WHERE month = ${month}`),
    ).map((row) => row.content);
    const devicesOf = (s: Statement) => s.stores.reduce((sum, store) => sum + store.devices.length, 0);
    const largest = stored.reduce((a, b) => (devicesOf(b) > devicesOf(a) ? b : a));

    // The renderer alone, three times (the first includes pdfkit's first use of its fonts).
    // Its CPU time too: on a machine shared with other work the wall time says more about the neighbours.
    const renderMs: number[] = [];
    const renderCpuMs: number[] = [];
    let pdf: Buffer = Buffer.alloc(0);
    for (let i = 0; i < 3; i++) {
      const since = performance.now();
      const cpu = process.cpuUsage();
      pdf = await statementPdf(largest);
      renderMs.push(performance.now() - since);
      const used = process.cpuUsage(cpu);
      renderCpuMs.push((used.user + used.system) / 1000);
    }
    // Through the route: the access check, reading the issued JSON, rendering, sending.
    const routeMs: number[] = [];
    for (let i = 0; i < 3; i++) {
      const since = performance.now();
      const res = await app.inject({
        method: 'GET',
        url: `/api/company/${largest.companyId}/statement/${month}/pdf`,
        headers: { authorization: `Bearer ${token}` },
      });
      routeMs.push(performance.now() - since);
      if (res.statusCode !== 200) throw new Error(`pdf route: ${res.statusCode} ${res.body}`);
    }
    const csvSince = performance.now();
    const csv = statementCsv(largest);
    const csvMs = performance.now() - csvSince;
    if (process.env.BENCH_STATEMENT_PDF) writeFileSync(process.env.BENCH_STATEMENT_PDF, pdf);

    return {
      type: 'result',
      month,
      processes,
      companies: stored.length,
      issued,
      issueMs,
      largest: {
        stores: largest.stores.length,
        devices: devicesOf(largest),
        billable: largest.totals.billable,
        pages: pageCount(pdf),
        bytes: pdf.length,
        renderMs,
        renderCpuMs,
        routeMs,
        csvMs,
        csvBytes: Buffer.byteLength(csv),
      },
    };
  });
  sendToParent({ type: 'ready', kind: database.kind, seedMs, month });
}

main().catch(failStartup);
