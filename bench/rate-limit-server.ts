/**
 * The server side of bench/rate-limit.mjs: the real app (build() from server/app.ts, no demo data,
 * no job workers) on an in-memory PGlite or on the fresh PostgreSQL database BENCH_DATABASE_URL.
 * The per-address limit of /config/config.json is raised so that no answer is a 429, and the
 * loopback proxy may name the client address (X-Forwarded-For), so the load can come from one
 * address or from a new one per request. Reports { port } over IPC once it listens.
 */
import { build } from '../server/app';
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db/client';
import { freshPostgresDatabase } from '../scripts/lib/fresh-database';
import { answerParent, failStartup, sendToParent } from './lib/parent-channel';

async function main() {
  const url = process.env.BENCH_DATABASE_URL;
  if (url) await freshPostgresDatabase(url);
  const database = await openDatabase(url ? { databaseUrl: url } : { dataDir: 'memory://' });
  const config = loadConfig({
    NODE_ENV: 'development',
    LOG_LEVEL: process.env.BENCH_SERVER_LOG === '1' ? 'info' : 'silent',
    PUBLIC_URL: 'http://localhost:8080',
    SEED_DEMO_DATA: 'false',
    DATA_DIR: 'memory://',
    JOB_WORKERS: 'false',
    TRUST_PROXY: 'loopback',
    RATE_LIMIT_CONFIG_PER_MINUTE: '100000000',
  });
  const app = await build({ config, database });
  app.addHook('onClose', async () => {
    await database.close();
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no TCP address');
  answerParent<{ type: 'stop' }>(app, async () => undefined);
  sendToParent({ type: 'ready', kind: database.kind, port: address.port });
}

main().catch(failStartup);
