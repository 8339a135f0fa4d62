import { stringify } from 'csv-stringify/sync';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect, vi } from 'vitest';
import { companies, licenses, resellers, stores, systemIntegrators } from '../../../server/db/schema';
import { PROCESS_COLUMNS, SUMMARY_COLUMNS } from '../../../server/modules/reports/report-csv';
import type { IdentificationReport, ReportRequest } from '../../../src/domain/reports';
import { apiClient } from './app';
import { randomLicenseKey } from './deviceLicenses';
import { readZip } from './zip';

type Client = ReturnType<typeof apiClient>;

/** Rows of a raw query, on either driver. */
export async function queryRows<T>(app: FastifyInstance, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await app.db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** Requests a report and answers it (201 expected). */
export async function requestReport(client: Client, body: ReportRequest): Promise<IdentificationReport> {
  const res = await client.post('/api/identification-process/reports', body);
  if (res.statusCode !== 201) throw new Error(`request: ${res.statusCode} ${res.body}`);
  return res.json() as IdentificationReport;
}

/** Waits until the report shows `state` in the requester's list; answers the list entry. */
export async function waitForState(
  client: Client,
  id: string,
  state: IdentificationReport['state'],
  timeout = 30_000,
): Promise<IdentificationReport> {
  let found: IdentificationReport | undefined;
  await vi.waitFor(
    async () => {
      const res = await client.get('/api/identification-process/reports?pageSize=100');
      expect(res.statusCode).toBe(200);
      found = (res.json() as { items: IdentificationReport[] }).items.find((r) => r.id === id);
      expect(found?.state).toBe(state);
    },
    { timeout, interval: 100 },
  );
  return found!;
}

/** Downloads a completed report and answers its two CSV files as text (BOM included). */
export async function downloadReport(client: Client, id: string) {
  const res = await client.get(`/api/identification-process/reports/${id}`);
  if (res.statusCode !== 200) throw new Error(`download: ${res.statusCode} ${res.body}`);
  const entries = await readZip(res.rawPayload);
  return {
    res,
    names: [...entries.keys()],
    processes: entries.get('vorgaenge.csv')?.toString('utf8') ?? '',
    summary: entries.get('zusammenfassung.csv')?.toString('utf8') ?? '',
  };
}

const berlin = new Intl.DateTimeFormat('de-DE', {
  timeZone: 'Europe/Berlin',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});
const germanTime = (at: Date) => berlin.format(at).replace(', ', ' ');
const germanDay = (iso: string) => `${iso.slice(8, 10)}.${iso.slice(5, 7)}.${iso.slice(0, 4)}`;

/** The portal's CSV convention, by csv-stringify with the export's options (administrationCsv.ts). */
const csv = (columns: readonly string[], rows: string[][]) =>
  stringify(rows, {
    bom: true,
    delimiter: ';',
    record_delimiter: 'windows',
    quote_record_delimiter: true,
    header: true,
    escape_formulas: true,
    columns: columns.map((header, i) => ({ key: String(i), header })),
  });

/**
 * What a report must hold, computed independently of the report code: the processes matching
 * `where` (SQL over `p`, the identification_processes row) with their names by joins, the time
 * formatted by Intl in Germany, the files written by csv-stringify; the summary counted here.
 */
export async function expectedReport(app: FastifyInstance, where: ReturnType<typeof sql>) {
  const rows = await queryRows<{
    id: string;
    created_at: string;
    company: string;
    studio: string;
    license_key: string;
    machine_id: string;
    integrator: string;
    reseller: string | null;
    postpaid: boolean;
    start_date: string | null;
    end_date: string | null;
    status: string;
  }>(
    app,
    sql`SELECT p.id, p.created_at, c.name AS company, s.name AS studio, l.key AS license_key, p.machine_id,
          si.name AS integrator, r.name AS reseller, p.postpaid, pk.start_date, pk.end_date, p.status
        FROM identification_processes p
        JOIN companies c ON c.id = p.company_id
        JOIN stores s ON s.id = p.store_id
        JOIN licenses l ON l.id = p.license_id
        JOIN system_integrators si ON si.id = p.system_integrator_id
        LEFT JOIN resellers r ON r.id = p.reseller_id
        LEFT JOIN prepaid_packages pk ON pk.id = p.package_id
        WHERE ${where}
          -- The tests' reports cover at most the last 800 days; the demo's processes of more than
          -- 10 years and 6 months ago (for the retention job, issue 28) lie outside every one.
          AND p.created_at >= now() - interval '800 days'
        ORDER BY p.created_at, p.id`,
  );
  const processRows = rows.map((row) => [
    germanTime(new Date(row.created_at)),
    row.company,
    row.studio,
    row.license_key,
    row.machine_id,
    row.integrator,
    row.reseller ?? '',
    row.postpaid ? 'Postpaid' : 'Prepaid',
    row.start_date ? `${germanDay(row.start_date)}–${germanDay(row.end_date!)}` : '',
    row.status === 'Completed' ? 'Abgeschlossen' : 'Storniert',
    row.status === 'Completed' ? 'Ja' : 'Nein',
    row.id,
  ]);
  const months = new Map<string, { company: string; studio: string; month: string; counts: number[] }>();
  for (const [at, company, studio, , , , , kind, , status] of processRows) {
    const month = `${at.slice(6, 10)}-${at.slice(3, 5)}`;
    const key = `${company}|${studio}|${month}`;
    const entry = months.get(key) ?? { company, studio, month, counts: [0, 0, 0] };
    entry.counts[status === 'Storniert' ? 2 : kind === 'Postpaid' ? 1 : 0] += 1;
    months.set(key, entry);
  }
  const collator = new Intl.Collator('de');
  const summaryRows = [...months.values()]
    .sort(
      (a, b) =>
        collator.compare(a.company, b.company) ||
        collator.compare(a.studio, b.studio) ||
        a.month.localeCompare(b.month),
    )
    .map(({ company, studio, month, counts: [prepaid, postpaid, cancelled] }) => [
      company,
      studio,
      month,
      String(prepaid),
      String(postpaid),
      String(cancelled),
      String(prepaid + postpaid),
    ]);
  return {
    count: rows.length,
    processes: csv(PROCESS_COLUMNS, processRows),
    summary: csv(SUMMARY_COLUMNS, summaryRows),
  };
}

export interface ForeignTenants {
  fotosoftId: string;
  bildwerkId: string;
  sonnenscheinId: string;
  morgenrotId: string;
  /** Bildwerk's reseller, on the licence in Morgenrot. */
  bildwerkResellerId: string;
  /** FotoSoft's reseller on the demo licence of Potsdam. */
  fotosoftResellerId: string;
  /** Morgenrot's studio, served by Bildwerk. */
  morgenrotStudioId: string;
}

/**
 * Processes of a second integrator and a second company beside the demo data (all of which are
 * FotoSoft's in Sonnenschein): Bildwerk serves a new Sonnenschein studio (10 processes) and a
 * Morgenrot studio (25 processes, two of them at the edges of 28 March 2026 in Germany, one pair at
 * the same instant). The tricky names test the CSV's quoting and formula escaping.
 */
export async function addForeignTenants(app: FastifyInstance): Promise<ForeignTenants> {
  const [fotosoft] = await app.db.select().from(systemIntegrators).where(eq(systemIntegrators.code, 'FOTOSOFT'));
  const [bildwerk] = await app.db.select().from(systemIntegrators).where(eq(systemIntegrators.code, 'BILDWERK'));
  const [sonnenschein] = await app.db
    .select()
    .from(companies)
    .where(eq(companies.name, 'Fotostudio Sonnenschein GmbH'));
  const [morgenrot] = await app.db.select().from(companies).where(eq(companies.name, 'Studio Morgenrot e.K.'));
  const [[potsdamLicence]] = [
    await app.db.select().from(licenses).where(eq(licenses.key, 'SNNSC-HPTSD-PC01R-FTSFT-DEM03')),
  ];
  const [bildwerkReseller] = await app.db
    .insert(resellers)
    .values({ systemIntegratorId: bildwerk.id, name: '=Bild "Handel"; Nord' })
    .returning();
  const studio = async (companyId: string, name: string) =>
    (
      await app.db
        .insert(stores)
        .values({
          companyId,
          name,
          address: 'Testweg 3, 10115 Berlin',
          country: 'Deutschland',
          systemIntegratorId: bildwerk.id,
        })
        .returning()
    )[0];
  const spandau = await studio(sonnenschein.id, 'Sonnenschein Spandau');
  const morgenrotStudio = await studio(morgenrot.id, 'Morgenrot Mitte');
  // One PC per licence: a machine is bound to one licence of an integrator at a time (issue 24).
  const licence = async (storeId: string, companyId: string, resellerId: string | null, machineId: string) =>
    (
      await app.db
        .insert(licenses)
        .values({
          key: randomLicenseKey(),
          storeId,
          companyId,
          systemIntegratorId: bildwerk.id,
          resellerId,
          postpaidAllowed: true,
          boundMachineId: machineId,
        })
        .returning()
    )[0];
  const spandauLicence = await licence(spandau.id, sonnenschein.id, null, 'BW-PC-2');
  const morgenrotLicence = await licence(morgenrotStudio.id, morgenrot.id, bildwerkReseller.id, 'BW-PC-1');
  // Postpaid processes: Spandau's ten over the last ten days, Morgenrot's 21 over the last 21 days.
  await app.db.execute(sql`
    INSERT INTO identification_processes
      (license_id, store_id, company_id, system_integrator_id, reseller_id, package_id, postpaid, machine_id,
       idempotency_key, status, created_at)
    SELECT l.id, l.store_id, l.company_id, l.system_integrator_id, l.reseller_id, NULL, true, ${'-PC;1'},
           gen_random_uuid(), CASE WHEN g.i % 7 = 0 THEN 'Cancelled' ELSE 'Completed' END,
           now() - make_interval(days => g.i, mins => g.i)
    FROM licenses l CROSS JOIN LATERAL generate_series(1, CASE WHEN l.id = ${spandauLicence.id}::uuid THEN 10 ELSE 21 END) AS g(i)
    WHERE l.id IN (${spandauLicence.id}::uuid, ${morgenrotLicence.id}::uuid)`);
  // The edges of 28 March 2026 in Germany (UTC+1), and two processes at one instant (ties by id).
  await app.db.execute(sql`
    INSERT INTO identification_processes
      (license_id, store_id, company_id, system_integrator_id, reseller_id, package_id, postpaid, machine_id,
       idempotency_key, status, created_at)
    SELECT ${morgenrotLicence.id}::uuid, ${morgenrotStudio.id}::uuid, ${morgenrot.id}::uuid, ${bildwerk.id}::uuid,
           ${bildwerkReseller.id}::uuid, NULL, true, 'BW-PC-1', gen_random_uuid(), 'Completed', t.at
    FROM (VALUES (timestamptz '2026-03-27 23:59:59.999999+01'), (timestamptz '2026-03-28 00:00:00+01'),
                 (timestamptz '2026-03-28 23:59:59.999999+01'), (timestamptz '2026-03-28 23:59:59.999999+01'),
                 (timestamptz '2026-03-29 00:00:00+01')) AS t(at)`);
  return {
    fotosoftId: fotosoft.id,
    bildwerkId: bildwerk.id,
    sonnenscheinId: sonnenschein.id,
    morgenrotId: morgenrot.id,
    bildwerkResellerId: bildwerkReseller.id,
    fotosoftResellerId: potsdamLicence.resellerId!,
    morgenrotStudioId: morgenrotStudio.id,
  };
}
