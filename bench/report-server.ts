/**
 * The server side of bench/reports.mjs: the real app (build() from server/app.ts with the demo
 * data) on PostgreSQL (BENCH_DATABASE_URL, a fresh database) or on an in-memory PGlite, with
 * BENCH_PROCESSES identification processes written straight into the database, spread evenly over
 * the last 1,000 days on the four demo licences (every 5th postpaid, every 50th cancelled).
 * JOB_WORKERS decides whether this process also builds the reports (as under `npm start`) or
 * leaves them to a separate `npm run worker`. Reports { port, token, smtpPort, pid } over IPC once
 * it listens; the token is LumioAdmin's.
 *
 * Requests: { type: 'request', body } queues a report through the API and answers its id;
 * { type: 'report', id } answers its row (state, process_count, file_size, times).
 */
import { sql } from 'drizzle-orm';
import { build } from '../server/app';
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db/client';
import { loginAs } from '../tests/api/helpers/login';
import { freshPostgresDatabase } from '../scripts/lib/fresh-database';
import { answerParent, failStartup, sendToParent } from './lib/parent-channel';
import { processCount, seedProcesses } from './lib/seed-processes';

const ADMIN = 'admin@lumio.example';
const DAYS = 1000;

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

async function main() {
  const url = process.env.BENCH_DATABASE_URL;
  const processes = Number(process.env.BENCH_PROCESSES ?? 100_000);
  const fresh = process.env.BENCH_FRESH !== '0';
  if (url) await freshPostgresDatabase(url, { keepExisting: !fresh });
  const database = await openDatabase(url ? { databaseUrl: url } : { dataDir: 'memory://' });
  const config = loadConfig({
    NODE_ENV: 'development',
    LOG_LEVEL: process.env.BENCH_SERVER_LOG === '1' ? 'info' : 'silent',
    PUBLIC_URL: 'http://localhost:8080',
    SEED_DEMO_DATA: 'true',
    DATA_DIR: 'memory://',
    // One key across this server's restarts on the kept database (and the worker's, bench/reports.mjs):
    // the demo accounts' second factors are sealed with it, as a portal keeps its key.
    DOCUMENT_ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64'),
    JOB_WORKERS: process.env.JOB_WORKERS ?? 'true',
  });
  const app = await build({ config, database });
  app.addHook('onClose', async () => {
    await database.close();
  });

  let seedMs = 0;
  const existing = await processCount(database);
  if (fresh || existing < processes) seedMs = await seedProcesses(database, processes, DAYS);

  const { accessToken } = await loginAs(app, ADMIN);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no TCP address');

  answerParent<{ type: 'stop' } | { type: 'request'; body: unknown } | { type: 'report'; id: string }>(
    app,
    async (message) => {
      if (message.type === 'request') {
        const res = await app.inject({
          method: 'POST',
          url: '/api/identification-process/reports',
          headers: { authorization: `Bearer ${accessToken}`, 'x-xsrf-token': 'bench', cookie: 'XSRF-TOKEN=bench' },
          payload: message.body as object,
        });
        if (res.statusCode !== 201) throw new Error(`request: ${res.statusCode} ${res.body}`);
        return { type: 'requested', id: (res.json() as { id: string }).id };
      }
      const [row] = rowsOf<Record<string, unknown>>(
        await database.db.execute(
          sql`SELECT state, process_count, file_size FROM identification_reports WHERE id = ${message.id}::uuid`,
        ),
      );
      return { type: 'report', report: row };
    },
  );
  sendToParent({
    type: 'ready',
    kind: database.kind,
    port: address.port,
    token: accessToken,
    smtpPort: app.mailCatcher?.port,
    seeded: processes,
    seedMs,
    rssMb: process.memoryUsage.rss() / 2 ** 20,
    pid: process.pid,
  });
}

main().catch(failStartup);
