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
import { loginAs } from '../tests/api/helpers/login';
import { answerParent, failStartup, sendToParent } from './lib/parent-channel';
import { seededApp } from './lib/seeded-app';

const ADMIN = 'admin@lumio.example';

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

async function main() {
  const { app, database, processes, seedMs } = await seededApp({
    defaultProcesses: 100_000,
    jobWorkers: process.env.JOB_WORKERS ?? 'true',
  });

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
