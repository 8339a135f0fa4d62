import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { metrics } from '../metrics/registry';
import * as schema from './schema';

/**
 * Both drivers share drizzle's PostgreSQL query builder; only `execute()` result shapes differ,
 * so code sticks to the builder (or reads `.rows`) and one type serves both.
 */
export type Db = NodePgDatabase<typeof schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** Repositories accept the db or an open transaction. */
export type DbOrTx = Db | Tx;

export type Database =
  /** `pool` is read by the metrics (server/metrics/scrape.ts). */
  | { db: Db; kind: 'postgres'; url: string; pool: pg.Pool; close(): Promise<void> }
  /** `client` is the one PGlite session; the job queue shares it (server/jobs/queue.ts). */
  | { db: Db; kind: 'pglite'; client: PGlite; close(): Promise<void> };

/** Also read by the readiness check, which compares it with what the database recorded (server/health). */
export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

export interface DatabaseOptions {
  /** postgres:// URL; when absent PGlite is used. */
  databaseUrl?: string;
  /** PGlite data directory; `memory://` (or undefined) keeps it in memory, as the tests do. */
  dataDir?: string;
}

/** Any constant the project owns: the advisory lock that lets one process at a time migrate. */
const MIGRATION_LOCK_KEY = 7_405_112_026;

let memoryImage: Promise<Blob> | undefined;

/**
 * In-memory databases (the API tests open one per test file, some several) start from one image of
 * a migrated database per process: PGlite's initdb costs 1.6-2.9 s an instance on this machine,
 * loading the image 0.4-0.6 s (measured 2026-11-26). The migrator below still runs and finds
 * nothing to do.
 */
function migratedMemoryImage(): Promise<Blob> {
  memoryImage ??= (async () => {
    const client = await PGlite.create('memory://', { extensions: { pg_trgm } });
    try {
      await migratePglite(drizzlePglite(client, { schema }), { migrationsFolder });
      return await client.dumpDataDir('none');
    } finally {
      await client.close();
    }
  })();
  return memoryImage;
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    // An idle connection that breaks (the server restarted, a proxy cut it) is dropped by the pool,
    // which opens a new one for the next query. Unheard, the pool's 'error' event would end the
    // process; readiness reports the outage instead (server/health).
    pool.on('error', () => metrics.dbPoolError());
    const db = drizzlePg(pool, { schema });
    // API replicas and worker processes may start together; drizzle's migrator takes no lock of
    // its own, so two of them would apply the same migration at once and one would fail.
    const lock = await pool.connect();
    try {
      await lock.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
      await migratePg(db, { migrationsFolder });
    } finally {
      await lock.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
      lock.release();
    }
    return { db, kind: 'postgres', url: options.databaseUrl, pool, close: () => pool.end() };
  }
  const dataDir = options.dataDir && options.dataDir !== 'memory://' ? options.dataDir : undefined;
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const client = dataDir
    ? await PGlite.create(dataDir, { extensions: { pg_trgm } })
    : await PGlite.create({ loadDataDir: await migratedMemoryImage(), extensions: { pg_trgm } });
  // PGlite zero-fills every new 16 MB WAL segment on the request that needs it, a 40-70 ms stall
  // every few document uploads (bench/README.md); the zeroing adds no safety on this storage.
  await client.exec('SET wal_init_zero = off');
  const db = drizzlePglite(client, { schema });
  await migratePglite(db, { migrationsFolder });
  return { db: db as unknown as Db, kind: 'pglite', client, close: () => client.close() };
}
