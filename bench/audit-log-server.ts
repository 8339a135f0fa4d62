/**
 * The server side of bench/audit-log.mjs: the real app (build() with the demo data) on PostgreSQL
 * (BENCH_DATABASE_URL, a fresh database) with BENCH_AUDIT_ROWS audit rows written straight into
 * audit_events (seedAuditRows below). Reports { port, tokens, seeded, seedMs, companyId, actorId }
 * over IPC once it listens; the benchmark then asks GET /api/audit itself and runs the same SQL on
 * its own connection.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../server/db/client';
import { AUDIT_ACTIONS } from '../src/domain/auditActions';
import { loginAs } from '../tests/api/helpers/login';
import { answerParent, failStartup, sendToParent } from './lib/parent-channel';
import { seededApp } from './lib/seeded-app';

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
/** The rows are spread over this many days before now (about three years of a busy portal). */
const DAYS = 1000;
/** Other companies and people than the demo's: the demo's own are one in COMPANIES and one in ACTORS. */
const COMPANIES = 500;
const ACTORS = 2000;

/**
 * `rows` audit rows, newest now and oldest DAYS ago, evenly: round-robin over every action, the
 * demo company's in every COMPANIES-th row (else one of COMPANIES - 1 other company ids, every
 * 10th row none), the demo LumioAdmin acting in every ACTORS-th row (else one of ACTORS - 1 other
 * ids), each row with a small recorded state as the portal writes. Then VACUUM and ANALYZE.
 */
async function seedAuditRows(database: Database, rows: number, companyId: string, actorId: string) {
  const started = performance.now();
  const actions = sql.raw(`ARRAY[${AUDIT_ACTIONS.map((a) => `'${a}'`).join(',')}]::text[]`);
  await database.db.execute(sql`
    WITH ids AS (
      SELECT
        (SELECT array_agg(gen_random_uuid()) FROM generate_series(1, ${COMPANIES})) AS companies,
        (SELECT array_agg(gen_random_uuid()) FROM generate_series(1, ${ACTORS})) AS actors
    )
    INSERT INTO audit_events (at, actor_id, actor_email, actor_role, action, entity_type, entity_id, company_id, before, after)
    SELECT
      now() - (g.i::float8 / ${rows}) * interval '${sql.raw(String(DAYS))} days',
      CASE WHEN g.i % ${ACTORS} = 0 THEN ${actorId}::uuid ELSE ids.actors[1 + g.i % ${ACTORS}] END,
      'person' || (g.i % ${ACTORS}) || '@bench.example',
      CASE WHEN g.i % 3 = 0 THEN 'LumioAdmin' ELSE 'Owner' END,
      (${actions})[1 + g.i % ${AUDIT_ACTIONS.length}],
      'store',
      gen_random_uuid(),
      CASE WHEN g.i % 10 = 1 THEN NULL
           WHEN g.i % ${COMPANIES} = 0 THEN ${companyId}::uuid
           ELSE ids.companies[1 + g.i % ${COMPANIES}] END,
      jsonb_build_object('name', 'Studio ' || g.i),
      jsonb_build_object('name', 'Studio ' || g.i, 'address', 'Hauptstraße ' || (g.i % 200))
    FROM generate_series(1, ${rows}) AS g(i), ids`);
  // As autovacuum leaves an insert-only table (PostgreSQL 13 and later vacuum those too): its
  // visibility map set, so a count may read the index alone, and its statistics fresh.
  await database.db.execute(sql`VACUUM (ANALYZE) audit_events`);
  return performance.now() - started;
}

async function main() {
  const { app, database } = await seededApp({ defaultProcesses: 0, jobWorkers: 'false' });
  const rows = Number(process.env.BENCH_AUDIT_ROWS ?? 1_000_000);
  const [{ companyId }] = rowsOf<{ companyId: string }>(
    await database.db.execute(
      sql`SELECT company_id AS "companyId" FROM users WHERE email = 'inhaber@studio-sonnenschein.example'`,
    ),
  );
  const [{ actorId }] = rowsOf<{ actorId: string }>(
    await database.db.execute(sql`SELECT id AS "actorId" FROM users WHERE email = 'admin@lumio.example'`),
  );
  const countRows = async () =>
    rowsOf<{ seeded: number }>(await database.db.execute(sql`SELECT count(*)::int AS seeded FROM audit_events`))[0]
      .seeded;
  // BENCH_FRESH=0 keeps the database of the last run (bench/lib/seeded-app.ts): its rows too, when enough.
  const kept = process.env.BENCH_FRESH === '0' && (await countRows()) >= rows;
  const seedMs = kept ? 0 : await seedAuditRows(database, rows, companyId, actorId);
  const seeded = await countRows();
  const tokens = {
    LumioAdmin: (await loginAs(app, 'admin@lumio.example')).accessToken,
    Owner: (await loginAs(app, 'inhaber@studio-sonnenschein.example')).accessToken,
  };
  await app.listen({ port: Number(process.env.BENCH_PORT ?? 0), host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no TCP address');
  answerParent<{ type: 'stop' }>(app, async () => undefined);
  sendToParent({ type: 'ready', port: address.port, tokens, seeded, seedMs, companyId, actorId });
}

main().catch(failStartup);
