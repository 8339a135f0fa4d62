import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { build } from '../../../server/app';
import { loadConfig } from '../../../server/config';
import { openDatabase, type Database } from '../../../server/db/client';
import { freshPostgresDatabase } from './app';

export interface Instances {
  apps: FastifyInstance[];
  /** The database the instances share (the first instance's pool on PostgreSQL). */
  database: Database;
  close(): Promise<void>;
}

/**
 * Several API instances of one portal, as behind a load balancer: one database for all (in-memory
 * PGlite, or a fresh database on TEST_DATABASE_URL's server), the same configuration and document
 * key, demo data seeded once. On PostgreSQL each instance has its own pool, as separate processes
 * would; a PGlite database belongs to one process, so there the instances share its one session.
 * `each[i]` adds settings of instance i (e.g. JOB_WORKERS).
 */
export async function buildInstances(
  env: Record<string, string> = {},
  each: Record<string, string>[] = [{}, {}],
): Promise<Instances> {
  const common = {
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    PUBLIC_URL: 'http://localhost:8080',
    SEED_DEMO_DATA: 'true',
    DATA_DIR: 'memory://',
    // In memory-only mode every instance would make a key of its own.
    DOCUMENT_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
    ...env,
  };
  const url = process.env.TEST_DATABASE_URL ? await freshPostgresDatabase(process.env.TEST_DATABASE_URL) : undefined;
  const databases: Database[] = [];
  const apps: FastifyInstance[] = [];
  try {
    for (const extra of each) {
      const database =
        url || databases.length === 0 ? await openDatabase({ databaseUrl: url, dataDir: 'memory://' }) : databases[0];
      if (!databases.includes(database)) databases.push(database);
      apps.push(await build({ config: loadConfig({ ...common, ...extra }), database, logger: false }));
    }
    await Promise.all(apps.map((app) => app.ready()));
  } catch (err) {
    await closeAll(apps, databases);
    throw err;
  }
  return { apps, database: databases[0], close: () => closeAll(apps, databases) };
}

async function closeAll(apps: FastifyInstance[], databases: Database[]) {
  for (const app of apps) await app.close();
  for (const database of databases) await database.close();
}
