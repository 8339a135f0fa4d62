/**
 * A worker process for tests/api/report-restart.test.ts: the job runtime on the database named by
 * DATABASE_URL (PostgreSQL) or DATA_DIR (a PGlite directory no other process has open), as
 * `npm run worker` runs it, but also on PGlite and without a mail relay (mails wait in the outbox).
 * Prints "ready" once its workers run, then "stored <bytes>" whenever the report chunks in the
 * database grew (a PGlite database cannot be read by the test while this process has it open); the
 * test kills it with SIGKILL.
 */
import { sql } from 'drizzle-orm';
import { pino } from 'pino';
import { loadConfig } from '../../../server/config';
import { openDatabase } from '../../../server/db/client';
import { createJobRuntime } from '../../../server/jobs/runtime';
import { createMailTransport } from '../../../server/mail/transport';

const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
// Nothing listens on port 9: a mail of this process fails and waits for its retry.
const mailer = createMailTransport({ smtpUrl: 'smtp://127.0.0.1:9', from: config.mailFrom });
const runtime = await createJobRuntime(database, config, pino({ level: 'silent' }), mailer);
await runtime.queue.startWorkers(runtime.context);
console.log('ready');

let stored = 0;
for (;;) {
  const result = await database.db.execute(
    sql`SELECT coalesce(sum(length(data)), 0)::int AS bytes FROM report_file_chunks`,
  );
  const [{ bytes }] = (result as unknown as { rows: { bytes: number }[] }).rows;
  if (bytes !== stored) console.log(`stored ${(stored = bytes)}`);
  await new Promise((resolve) => setTimeout(resolve, 20));
}
