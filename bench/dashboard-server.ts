/**
 * The server side of bench/dashboard.mjs: the real app (build() from server/app.ts with the demo
 * data) on an in-memory PGlite or on PostgreSQL (BENCH_DATABASE_URL, a fresh database), with
 * BENCH_PROCESSES identification processes written straight into the database over the last 1,000
 * days (bench/lib/seed-processes.ts, as the report benchmark seeds them). Reports
 * { port, tokens: { role: token }, seeded, seedMs, kind } over IPC once it listens.
 */
import { build } from '../server/app';
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db/client';
import { freshPostgresDatabase } from '../scripts/lib/fresh-database';
import { loginAs } from '../tests/api/helpers/login';
import { answerParent, failStartup, sendToParent } from './lib/parent-channel';
import { processCount, seedProcesses } from './lib/seed-processes';

/** One demo account per kind of answer (src/domain/dashboard.ts). */
const ROLES = {
  Owner: 'inhaber@studio-sonnenschein.example',
  AccountAdministrator: 'kontoadmin@studio-sonnenschein.example',
  Employee: 'mitarbeiterin@studio-sonnenschein.example',
  LumioAdmin: 'admin@lumio.example',
  SystemIntegratorAdmin: 'integrator@fotosoft.example',
  SystemAdmin: 'systemadmin@lumio.example',
} as const;
const DAYS = 1000;

async function main() {
  const url = process.env.BENCH_DATABASE_URL;
  const processes = Number(process.env.BENCH_PROCESSES ?? 1_000_000);
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
    JOB_WORKERS: 'false',
  });
  const app = await build({ config, database });
  app.addHook('onClose', async () => {
    await database.close();
  });

  let seedMs = 0;
  if (fresh || (await processCount(database)) < processes) seedMs = await seedProcesses(database, processes, DAYS);

  const tokens: Record<string, string> = {};
  for (const [role, email] of Object.entries(ROLES)) tokens[role] = (await loginAs(app, email)).accessToken;
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no TCP address');

  answerParent<{ type: 'stop' }>(app, async () => undefined);
  sendToParent({
    type: 'ready',
    kind: database.kind,
    port: address.port,
    tokens,
    seeded: await processCount(database),
    seedMs,
  });
}

main().catch(failStartup);
