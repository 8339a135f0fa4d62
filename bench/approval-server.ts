/**
 * The server side of bench/approval.mjs: the real app (build() from server/app.ts, demo data,
 * embedded IdP, job workers in-process as under `npm start`) on the PostgreSQL database
 * BENCH_DATABASE_URL (created fresh), with BENCH_APPLICATIONS open company applications written
 * straight into the database, and admin@lumio.example logged in through the real login flow.
 * Reports { port, token, ids } over IPC once it listens.
 *
 * BENCH_OUTBOX=none replaces the mail outbox's enqueue with nothing: the same approval without its
 * mail, the baseline the outbox's cost is measured against. BENCH_OUTBOX=outbox (default) is the
 * product as it is.
 */
import { randomUUID } from 'node:crypto';
import { build } from '../server/app';
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db/client';
import { sql } from 'drizzle-orm';
import { companyApplications, mailOutbox } from '../server/db/schema';
import { hashSecretToken, newSecretToken } from '../server/lib/secret-token';
import { loginAs } from '../tests/api/helpers/login';
import { freshPostgresDatabase } from '../scripts/lib/fresh-database';
import { answerParent, failStartup, sendToParent } from './lib/parent-channel';

const ADMIN = 'admin@lumio.example';

async function main() {
  const url = process.env.BENCH_DATABASE_URL;
  if (!url) throw new Error('BENCH_DATABASE_URL is required');
  const count = Number(process.env.BENCH_APPLICATIONS ?? 400);
  await freshPostgresDatabase(url);
  const database = await openDatabase({ databaseUrl: url });

  const now = new Date();
  const rows = Array.from({ length: count }, (_, i) => ({
    id: randomUUID(),
    status: 'Open' as const,
    email: `bench-${i}-${randomUUID().slice(0, 8)}@studio-bench.example`,
    salutation: 'Frau',
    firstName: 'Berta',
    lastName: `Bench ${i}`,
    birthDate: '1980-01-01',
    companyName: `Fotostudio Bench ${i} GmbH`,
    legalForm: 'GmbH',
    address: `Benchstraße ${i}, 50667 Köln`,
    country: 'Deutschland',
    phoneNumber: '+4922112345678',
    stores: [{ name: `Fotostudio Bench ${i} GmbH`, address: `Benchstraße ${i}, 50667 Köln`, country: 'Deutschland' }],
    confirmationTokenHash: hashSecretToken(newSecretToken()),
    confirmUntil: new Date(now.getTime() + 7 * 86_400_000),
    confirmedAt: now,
  }));
  for (let from = 0; from < rows.length; from += 500) {
    await database.db.insert(companyApplications).values(rows.slice(from, from + 500));
  }

  const config = loadConfig({
    // A relay outside this process, as in production (the embedded catcher parses every mail here).
    ...(process.env.BENCH_SMTP_URL ? { SMTP_URL: process.env.BENCH_SMTP_URL } : {}),
    ...(process.env.BENCH_JOB_WORKERS ? { JOB_WORKERS: process.env.BENCH_JOB_WORKERS } : {}),
    NODE_ENV: 'development',
    LOG_LEVEL: process.env.BENCH_SERVER_LOG === '1' ? 'info' : 'silent',
    PUBLIC_URL: 'http://localhost:8080',
    SEED_DEMO_DATA: 'true',
    DATA_DIR: 'memory://',
  });
  const app = await build({ config, database });
  app.addHook('onClose', async () => {
    await database.close();
  });
  // Time spent writing the mail inside the approval's transaction. BENCH_OUTBOX=none: the same
  // transaction, but its mails are not written (nor dispatched).
  const enqueueMs: number[] = [];
  const outbox = app.mailOutbox;
  const transaction = outbox.transaction.bind(outbox);
  outbox.transaction = (db, work) =>
    transaction(db, (tx, queueMail) =>
      work(tx, async (mail) => {
        if (process.env.BENCH_OUTBOX === 'none') return '';
        const started = performance.now();
        try {
          return await queueMail(mail);
        } finally {
          enqueueMs.push(performance.now() - started);
        }
      }),
    );
  const { accessToken } = await loginAs(app, ADMIN);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no TCP address');

  answerParent<{ type: 'stop' } | { type: 'outbox' }>(app, async () => {
    const sorted = [...enqueueMs].sort((a, b) => a - b);
    const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
    const counts = await database.db
      .select({ status: mailOutbox.status, n: sql<number>`count(*)::int` })
      .from(mailOutbox)
      .groupBy(mailOutbox.status)
      .orderBy(mailOutbox.status);
    return { type: 'outbox', counts, enqueue: { count: sorted.length, p50: at(50), p95: at(95) } };
  });
  sendToParent({ type: 'ready', port: address.port, token: accessToken, ids: rows.map((r) => r.id) });
}

main().catch(failStartup);
