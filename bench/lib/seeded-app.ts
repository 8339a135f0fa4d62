import type { FastifyInstance } from 'fastify';
import { build } from '../../server/app';
import { loadConfig } from '../../server/config';
import { openDatabase, type Database } from '../../server/db/client';
import { freshPostgresDatabase } from '../../scripts/lib/fresh-database';
import { processCount, seedProcesses } from './seed-processes';

/** The processes are spread over this many days before today. */
const DAYS = 1000;

export interface SeededApp {
  app: FastifyInstance;
  database: Database;
  /** How many processes were asked for (BENCH_PROCESSES or the default). */
  processes: number;
  /** How long writing the processes took (0 when the kept database had enough). */
  seedMs: number;
}

/**
 * The real app (build() with the demo data) for a benchmark's server process: on PostgreSQL
 * (BENCH_DATABASE_URL, fresh unless BENCH_FRESH=0) or an in-memory PGlite, with BENCH_PROCESSES
 * identification processes (default `defaultProcesses`) written straight into the database.
 * One document key across restarts on a kept database (and a separate worker's): the demo
 * accounts' second factors are sealed with it, as a portal keeps its key.
 */
export async function seededApp({
  defaultProcesses,
  jobWorkers,
}: {
  defaultProcesses: number;
  jobWorkers: string;
}): Promise<SeededApp> {
  const url = process.env.BENCH_DATABASE_URL;
  const processes = Number(process.env.BENCH_PROCESSES ?? defaultProcesses);
  const fresh = process.env.BENCH_FRESH !== '0';
  if (url) await freshPostgresDatabase(url, { keepExisting: !fresh });
  const database = await openDatabase(url ? { databaseUrl: url } : { dataDir: 'memory://' });
  const config = loadConfig({
    NODE_ENV: 'development',
    LOG_LEVEL: process.env.BENCH_SERVER_LOG === '1' ? 'info' : 'silent',
    PUBLIC_URL: 'http://localhost:8080',
    SEED_DEMO_DATA: 'true',
    DATA_DIR: 'memory://',
    DOCUMENT_ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64'),
    JOB_WORKERS: jobWorkers,
  });
  const app = await build({ config, database });
  app.addHook('onClose', async () => {
    await database.close();
  });

  let seedMs = 0;
  if (fresh || (await processCount(database)) < processes) seedMs = await seedProcesses(database, processes, DAYS);
  return { app, database, processes, seedMs };
}
