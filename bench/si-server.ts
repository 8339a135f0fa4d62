/**
 * The server side of bench/system-integrators.mjs, in its own process so the load generator does
 * not share the event loop (or the PGlite wasm thread) with the server it measures.
 *
 * Opens the database (PGlite dataDir or PostgreSQL), seeds 100,000 system integrators once,
 * builds the real app (build() from server/app.ts, demo data, embedded IdP), logs in as
 * admin@lumio.example through the real authorization-code flow, listens on 127.0.0.1:0 and
 * reports { port, token } over IPC. It then answers the parent's requests: EXPLAIN ANALYZE of the
 * statements one list request runs, and the database time per statement kind during a run.
 *
 * Environment: BENCH_DATABASE_URL (PostgreSQL; the database is created when missing) or
 * BENCH_PGLITE_DIR (PGlite dataDir). BENCH_SERVER_LOG=1 lets the server log to stdout.
 */
import type { FastifyInstance } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { build } from '../server/app';
import { loadConfig } from '../server/config';
import { openDatabase, type Database } from '../server/db/client';
import { systemIntegrators } from '../server/db/schema';
import { freshPostgresDatabase } from '../scripts/lib/fresh-database';
import { loginAs } from '../tests/api/helpers/login';
import { generateSystemIntegrators, lastCode, ROW_COUNT } from './lib/system-integrator-data';
import { answerParent, failStartup, sendToParent } from './lib/parent-channel';

const BATCH_SIZE = 5_000;
const ADMIN = 'admin@lumio.example';

/** What the parent may ask. */
type Request = { type: 'explain'; urls: string[] } | { type: 'stats-reset' } | { type: 'stats' } | { type: 'stop' };

interface QueryClient {
  query(text: string | { text: string }, params?: unknown[], ...rest: unknown[]): Promise<{ rows: unknown[] }>;
}

/** Inserts the fixed data set in one transaction (all or nothing), unless it is already there. */
async function seed(database: Database): Promise<{ seeded: boolean; ms: number }> {
  const { db } = database;
  const [present] = await db
    .select({ id: systemIntegrators.id })
    .from(systemIntegrators)
    .where(eq(systemIntegrators.code, lastCode()))
    .limit(1);
  if (present) return { seeded: false, ms: 0 };
  const started = performance.now();
  await db.transaction(async (tx) => {
    for (let from = 0; from < ROW_COUNT; from += BATCH_SIZE) {
      await tx
        .insert(systemIntegrators)
        .values(generateSystemIntegrators(from, Math.min(ROW_COUNT, from + BATCH_SIZE)));
    }
  });
  // Steady state as on a live server: PostgreSQL's autovacuum would merge the GIN pending lists
  // and gather statistics shortly after such a bulk insert; PGlite has no autovacuum at all.
  await db.execute(sql`VACUUM ANALYZE system_integrators`);
  return { seeded: true, ms: performance.now() - started };
}

/** Which statement of a list request a SQL text is. */
function kindOf(text: string): string {
  const lower = text.toLowerCase();
  if (lower.includes('from "users"')) return 'auth: user by id';
  if (lower.includes('from "system_integrators"') && lower.includes('count(')) return 'list: count(*)';
  if (lower.includes('from "system_integrators"')) return 'list: page of 20';
  return 'other';
}

/**
 * Times every statement the driver runs (including the wait for a pooled connection, or for the
 * single PGlite session), and can record their text and parameters for EXPLAIN.
 */
function instrument(client: QueryClient) {
  const timings = new Map<string, number[]>();
  let recording: { text: string; params: unknown[] }[] | undefined;
  const original = client.query.bind(client);
  client.query = async (first, params, ...rest) => {
    const text = typeof first === 'string' ? first : first.text;
    recording?.push({ text, params: params ?? [] });
    const started = performance.now();
    try {
      return await original(first, params, ...rest);
    } finally {
      const kind = kindOf(text);
      const list = timings.get(kind) ?? [];
      list.push(performance.now() - started);
      timings.set(kind, list);
    }
  };
  return {
    original,
    timings,
    record<T>(fn: () => Promise<T>) {
      const statements: { text: string; params: unknown[] }[] = [];
      recording = statements;
      return fn().then(
        (result) => {
          recording = undefined;
          return { result, statements };
        },
        (err: unknown) => {
          recording = undefined;
          throw err;
        },
      );
    },
  };
}

function summarize(timings: Map<string, number[]>) {
  const result: Record<string, { count: number; mean: number; p50: number; p95: number }> = {};
  for (const [kind, values] of timings) {
    const sorted = [...values].sort((a, b) => a - b);
    const at = (p: number) =>
      sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
    result[kind] = {
      count: sorted.length,
      mean: sorted.reduce((s, v) => s + v, 0) / sorted.length,
      p50: at(50),
      p95: at(95),
    };
  }
  return result;
}

async function explain(
  app: FastifyInstance,
  token: string,
  probe: ReturnType<typeof instrument>,
  urls: string[],
): Promise<{ url: string; totalItemCount: number; items: number; plans: { kind: string; plan: string }[] }[]> {
  const out = [];
  for (const url of urls) {
    const { result: res, statements } = await probe.record(() =>
      app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } }),
    );
    if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
    const body = res.json() as { totalItemCount: number; items: unknown[] };
    const plans = [];
    for (const statement of statements) {
      const kind = kindOf(statement.text);
      if (!kind.startsWith('list')) continue;
      // TIMING OFF: per-node clocks would inflate a 100k-row scan (much more so in wasm); the
      // total execution time, the rows and the indexes used are what the report needs.
      const { rows } = await probe.original(
        `EXPLAIN (ANALYZE, BUFFERS, TIMING OFF) ${statement.text}`,
        statement.params,
      );
      plans.push({ kind, plan: (rows as Record<string, string>[]).map((r) => r['QUERY PLAN']).join('\n') });
    }
    out.push({ url, totalItemCount: body.totalItemCount, items: body.items.length, plans });
  }
  return out;
}

async function main() {
  const databaseUrl = process.env.BENCH_DATABASE_URL;
  const dataDir = process.env.BENCH_PGLITE_DIR;
  if (!databaseUrl && !dataDir) throw new Error('BENCH_DATABASE_URL or BENCH_PGLITE_DIR is required');
  // Kept when it exists: the seeded integrators of an earlier run are reused.
  if (databaseUrl) await freshPostgresDatabase(databaseUrl, { keepExisting: true });

  const opened = performance.now();
  const database = await openDatabase(databaseUrl ? { databaseUrl } : { dataDir });
  const openMs = performance.now() - opened;
  const seeding = await seed(database);

  const config = loadConfig({
    NODE_ENV: 'development',
    LOG_LEVEL: process.env.BENCH_SERVER_LOG === '1' ? 'info' : 'silent',
    PUBLIC_URL: 'http://localhost:8080',
    SEED_DEMO_DATA: 'true',
  });
  const app = await build({ config, database });
  app.addHook('onClose', async () => {
    await database.close();
  });
  const { accessToken } = await loginAs(app, ADMIN);
  const probe = instrument((database.db as unknown as { $client: QueryClient }).$client);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no TCP address');
  const [{ total }] = (await database.db.select({ total: sql<number>`count(*)::int` }).from(systemIntegrators)) as {
    total: number;
  }[];

  let cpuSince = process.cpuUsage();
  answerParent<Request>(app, async (message) => {
    switch (message.type) {
      case 'explain':
        return { type: 'explained', results: await explain(app, accessToken, probe, message.urls) };
      case 'stats-reset':
        probe.timings.clear();
        cpuSince = process.cpuUsage();
        return { type: 'stats-reset' };
      case 'stats': {
        // CPU of this process (server + PGlite's wasm engine; not PostgreSQL's own processes).
        const cpu = process.cpuUsage(cpuSince);
        return { type: 'stats', stats: summarize(probe.timings), cpuMs: (cpu.user + cpu.system) / 1000 };
      }
    }
  });

  sendToParent({
    type: 'ready',
    kind: database.kind,
    port: address.port,
    token: accessToken,
    rows: total,
    openMs,
    seeded: seeding.seeded,
    seedMs: seeding.ms,
  });
}

main().catch(failStartup);
