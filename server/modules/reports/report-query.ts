import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { formatDate } from '../../../src/domain/dates';

/**
 * The reads of a report build: the matching identification processes in keyset-paged batches
 * (oldest first, by created_at and id, on the indexes of server/modules/licenses/licenses.table.ts),
 * and the names the rows refer to, looked up once per id and kept for the build. Memory stays
 * bounded by the batch size and the number of distinct studios, licences and packages, never by
 * the number of processes.
 */

/** What a report covers: the period (Germany's calendar days, inclusive) and the narrowed filters. */
export interface ReportSelection {
  startDate: string;
  endDate: string;
  postPaidOnly: boolean;
  companyId: string | null;
  systemIntegratorId: string | null;
  resellerId: string | null;
  /** The requester's scope: applied again, whatever the filters say. */
  scopeCompanyId: string | null;
  scopeSystemIntegratorId: string | null;
}

export interface ProcessRow {
  id: string;
  /** created_at in whole seconds since 1970 (int8, as text): Germany's time is written in Node (german-time.ts). */
  at_epoch: string;
  license_id: string;
  store_id: string;
  company_id: string;
  system_integrator_id: string;
  reseller_id: string | null;
  package_id: string | null;
  postpaid: boolean;
  machine_id: string;
  status: 'Completed' | 'Cancelled';
}

/**
 * Where the next batch starts: after this process. Its created_at is read by the database itself
 * (one index lookup per batch), exact to the microsecond, instead of travelling with every row.
 */
export type Cursor = string;

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** The conditions of a selection, without the cursor. */
function conditions(s: ReportSelection): SQL {
  const parts: SQL[] = [
    // Calendar days in Germany: from the first day's midnight to the midnight after the last day.
    sql`p.created_at >= (${s.startDate}::date)::timestamp AT TIME ZONE 'Europe/Berlin'`,
    sql`p.created_at < (${s.endDate}::date + 1)::timestamp AT TIME ZONE 'Europe/Berlin'`,
  ];
  const companyIds = [s.companyId, s.scopeCompanyId].filter((id): id is string => id !== null);
  const integratorIds = [s.systemIntegratorId, s.scopeSystemIntegratorId].filter((id): id is string => id !== null);
  for (const id of new Set(companyIds)) parts.push(sql`p.company_id = ${id}::uuid`);
  for (const id of new Set(integratorIds)) parts.push(sql`p.system_integrator_id = ${id}::uuid`);
  if (s.resellerId) parts.push(sql`p.reseller_id = ${s.resellerId}::uuid`);
  if (s.postPaidOnly) parts.push(sql`p.postpaid`);
  return sql.join(parts, sql` AND `);
}

/** One batch: the processes after `cursor` (all from the start without one), at most `limit`. */
export async function processBatch(
  db: DbOrTx,
  selection: ReportSelection,
  cursor: Cursor | null,
  limit: number,
): Promise<ProcessRow[]> {
  const after = cursor
    ? sql` AND (p.created_at, p.id) > ((SELECT c.created_at FROM identification_processes c WHERE c.id = ${cursor}::uuid), ${cursor}::uuid)`
    : sql``;
  const result = await db.execute(sql`
    SELECT p.id, floor(extract(epoch FROM p.created_at))::int8 AS at_epoch,
      p.license_id, p.store_id, p.company_id, p.system_integrator_id, p.reseller_id, p.package_id,
      p.postpaid, p.machine_id, p.status
    FROM identification_processes p
    WHERE ${conditions(selection)}${after}
    ORDER BY p.created_at, p.id
    LIMIT ${limit}`);
  return rowsOf<ProcessRow>(result);
}

/**
 * The batches one after the other, the next one already asked for while the caller writes the
 * current one (on PostgreSQL the database works while Node formats; PGlite runs them in turn).
 */
export async function* processBatches(
  db: DbOrTx,
  selection: ReportSelection,
  batchSize: number,
): AsyncGenerator<ProcessRow[]> {
  let next: Promise<ProcessRow[]> | null = processBatch(db, selection, null, batchSize);
  try {
    while (next) {
      const rows: ProcessRow[] = await next;
      if (rows.length === 0) return;
      const last = rows[rows.length - 1];
      next = rows.length < batchSize ? null : processBatch(db, selection, last.id, batchSize);
      yield rows;
    }
  } finally {
    // The caller stopped early (an error, an abort): the batch asked for ahead is not wanted.
    next?.catch(() => undefined);
  }
}

/**
 * Names by id of one kind, read on first use: `get` answers undefined for an id not read yet and
 * notes it; `loadMissing` reads all noted ids at once.
 */
export class NameCache {
  private readonly names = new Map<string, string>();
  private readonly missing = new Set<string>();
  constructor(private readonly load: (ids: string[]) => Promise<{ id: string; name: string }[]>) {}

  get(id: string | null): string | undefined {
    if (id === null) return '';
    const name = this.names.get(id);
    if (name === undefined) this.missing.add(id);
    return name;
  }

  async loadMissing(): Promise<void> {
    if (this.missing.size === 0) return;
    const ids = [...this.missing];
    this.missing.clear();
    for (const row of await this.load(ids)) this.names.set(row.id, row.name);
    // An id without a row (the foreign keys rule it out, but a report must not stop on it): empty.
    for (const id of ids) if (!this.names.has(id)) this.names.set(id, '');
  }
}

const uuidArray = (ids: string[]) => sql`${`{${ids.join(',')}}`}::uuid[]`;

/** The names a report's rows refer to: companies, studios, integrators, resellers, licence keys, packages. */
export function reportNames(db: DbOrTx) {
  const lookup = (table: SQL, name: SQL) => async (ids: string[]) =>
    rowsOf<{ id: string; name: string }>(
      await db.execute(sql`SELECT id, ${name} AS name FROM ${table} WHERE id = ANY(${uuidArray(ids)})`),
    );
  const caches = {
    company: new NameCache(lookup(sql`companies`, sql`name`)),
    studio: new NameCache(lookup(sql`stores`, sql`name`)),
    systemIntegrator: new NameCache(lookup(sql`system_integrators`, sql`name`)),
    reseller: new NameCache(lookup(sql`resellers`, sql`name`)),
    licenseKey: new NameCache(lookup(sql`licenses`, sql`key`)),
    packagePeriod: new NameCache(async (ids) =>
      rowsOf<{ id: string; start_date: string; end_date: string }>(
        await db.execute(sql`SELECT id, start_date, end_date FROM prepaid_packages WHERE id = ANY(${uuidArray(ids)})`),
      ).map((row) => ({ id: row.id, name: `${formatDate(row.start_date)}–${formatDate(row.end_date)}` })),
    ),
  };
  return {
    ...caches,
    /** Reads every name asked for but not known yet (a few queries at the start, then none). */
    async loadMissing(): Promise<void> {
      for (const cache of Object.values(caches)) await cache.loadMissing();
    },
  };
}
export type ReportNames = ReturnType<typeof reportNames>;
