import { sql } from 'drizzle-orm';
import type { Database } from '../../server/db/client';

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** How many identification processes the database holds. */
export async function processCount(database: Database): Promise<number> {
  const [{ n }] = rowsOf<{ n: number }>(
    await database.db.execute(sql`SELECT count(*)::int AS n FROM identification_processes`),
  );
  return n;
}

/**
 * Writes `processes` identification processes straight into the database, spread evenly over the
 * last `days` days up to now, round-robin over every licence (the demo's four) (every 5th postpaid, every 50th cancelled), then
 * ANALYZEs it and its day counts. Answers the milliseconds it took. Shared by the report and dashboard benches.
 */
export async function seedProcesses(database: Database, processes: number, days: number): Promise<number> {
  const started = performance.now();
  const [{ licences }] = rowsOf<{ licences: number }>(
    await database.db.execute(sql`SELECT count(*)::int AS licences FROM licenses`),
  );
  await database.db.execute(sql`
    WITH lic AS (
      SELECT (row_number() OVER (ORDER BY l.key) - 1)::int AS n, l.*,
        (SELECT p.id FROM prepaid_packages p WHERE p.license_id = l.id ORDER BY p.start_date LIMIT 1) AS package_id
      FROM licenses l
    )
    INSERT INTO identification_processes
      (license_id, store_id, company_id, system_integrator_id, reseller_id, package_id, postpaid, machine_id,
       idempotency_key, status, created_at)
    SELECT lic.id, lic.store_id, lic.company_id, lic.system_integrator_id, lic.reseller_id,
      CASE WHEN g.i % 5 = 0 THEN NULL ELSE lic.package_id END, g.i % 5 = 0,
      coalesce(lic.bound_machine_id, 'BENCH-PC'), gen_random_uuid(),
      CASE WHEN g.i % 50 = 0 THEN 'Cancelled' ELSE 'Completed' END,
      now() - (g.i::float8 / ${processes}) * interval '${sql.raw(String(days))} days'
    FROM generate_series(1, ${processes}) AS g(i)
    JOIN lic ON lic.n = g.i % ${licences}::int`);
  // The statement's trigger has filled the day counts (migration 0024) in the same transaction.
  await database.db.execute(sql`ANALYZE identification_processes`);
  await database.db.execute(sql`ANALYZE identification_process_days`);
  return performance.now() - started;
}
