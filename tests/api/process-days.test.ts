import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from './helpers/app';

interface DayRow {
  day: string;
  license_id: string;
  kind: string;
  prepaid: number;
  postpaid: number;
}

/**
 * identification_process_days (migrations 0024, 0026) is kept by statement-level triggers and read
 * by the dashboard and the usage figures instead of the processes. Whatever statements change the
 * processes (one row or many, a cancellation, a moved time, a deletion), its non-zero rows are
 * exactly what counting the processes per Berlin day, licence and kind gives.
 */
describe('the processes counted per day', { timeout: 120_000 }, () => {
  let app: FastifyInstance;

  beforeAll(async () => {
    app = await buildTestApp();
  });
  afterAll(() => app.close());

  const rows = async (query: ReturnType<typeof sql>) =>
    ((await app.db.execute(query)) as unknown as { rows: DayRow[] }).rows;

  const counted = () =>
    rows(sql`
      SELECT day::text, license_id::text, kind, prepaid, postpaid FROM (
        SELECT (created_at AT TIME ZONE 'Europe/Berlin')::date AS day, license_id, 'recorded' AS kind,
          count(*) FILTER (WHERE NOT postpaid)::int AS prepaid, count(*) FILTER (WHERE postpaid)::int AS postpaid
        FROM identification_processes GROUP BY 1, 2
        UNION ALL
        SELECT (created_at AT TIME ZONE 'Europe/Berlin')::date, license_id, 'cancelled',
          count(*) FILTER (WHERE NOT postpaid)::int, count(*) FILTER (WHERE postpaid)::int
        FROM identification_processes WHERE status = 'Cancelled' GROUP BY 1, 2
      ) c WHERE prepaid <> 0 OR postpaid <> 0
      ORDER BY 1, 2, 3`);

  const kept = () =>
    rows(sql`
      SELECT day::text, license_id::text, kind, sum(prepaid)::int AS prepaid, sum(postpaid)::int AS postpaid
      FROM identification_process_days GROUP BY 1, 2, 3
      HAVING sum(prepaid) <> 0 OR sum(postpaid) <> 0
      ORDER BY 1, 2, 3`);

  it('matches the demo data as seeded', async () => {
    const expected = await counted();

    expect(expected.length).toBeGreaterThan(10);
    expect(await kept()).toEqual(expected);
  });

  it('follows statements of many rows: copies, cancellations, moves across midnight, deletions', async () => {
    // Copies of 300 processes, written one minute before Berlin midnight of their day.
    await app.db.execute(sql`
      INSERT INTO identification_processes (license_id, store_id, company_id, system_integrator_id, reseller_id,
        package_id, postpaid, machine_id, idempotency_key, status, created_at)
      SELECT license_id, store_id, company_id, system_integrator_id, reseller_id, package_id, postpaid, machine_id,
        gen_random_uuid(), 'Completed',
        (date_trunc('day', created_at AT TIME ZONE 'Europe/Berlin') + interval '23 hours 59 minutes') AT TIME ZONE 'Europe/Berlin'
      FROM identification_processes ORDER BY created_at LIMIT 300`);
    // Every third of them cancelled, then every fifth moved two minutes on (into the next day).
    await app.db.execute(sql`
      UPDATE identification_processes SET status = 'Cancelled', cancelled_at = created_at
      WHERE id IN (SELECT id FROM identification_processes WHERE status = 'Completed' ORDER BY idempotency_key LIMIT 100)`);
    await app.db.execute(sql`
      UPDATE identification_processes SET created_at = created_at + interval '2 minutes'
      WHERE id IN (SELECT id FROM identification_processes ORDER BY idempotency_key DESC LIMIT 60)`);
    // One cancelled and one completed process deleted in one statement, then one alone.
    await app.db.execute(sql`
      DELETE FROM identification_processes WHERE id IN (
        (SELECT id FROM identification_processes WHERE status = 'Cancelled' ORDER BY id LIMIT 1)
        UNION ALL (SELECT id FROM identification_processes WHERE status = 'Completed' ORDER BY id LIMIT 1))`);
    await app.db.execute(sql`
      DELETE FROM identification_processes WHERE id = (SELECT id FROM identification_processes ORDER BY id DESC LIMIT 1)`);

    expect(await kept()).toEqual(await counted());
  });
});
