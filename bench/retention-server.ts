/**
 * The server side of bench/retention.mjs: the real app (build() from server/app.ts with the demo
 * data) on the fresh PostgreSQL database BENCH_DATABASE_URL, BENCH_DEVICES licences bound to their
 * own machines with a big package each (the device load during the run), and BENCH_EXPIRED
 * identification processes of 11 years ago on licences of their own (what the retention job
 * deletes). { type: 'run' } runs the retention once (in this process, as the API process's worker
 * would) and answers every batch's transaction time.
 */
import { sql } from 'drizzle-orm';
import { build } from '../server/app';
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db/client';
import { runRetention } from '../server/modules/retention/retention-run';
import { todayInGermany } from '../src/domain/dates';
import { addDays, demoLicenseOwners, insertLicense, insertPackage } from '../tests/api/helpers/deviceLicenses';
import { freshPostgresDatabase } from '../scripts/lib/fresh-database';
import { answerParent, failStartup, sendToParent } from './lib/parent-channel';

const BIG = 10_000_000;
/** Rows per INSERT of the expired processes (each one statement of the day-count trigger). */
const CHUNK = 100_000;

async function main() {
  const url = process.env.BENCH_DATABASE_URL;
  if (!url) throw new Error('BENCH_DATABASE_URL is required');
  const deviceCount = Number(process.env.BENCH_DEVICES ?? 10);
  const expired = Number(process.env.BENCH_EXPIRED ?? 1_000_000);
  await freshPostgresDatabase(url);
  const database = await openDatabase({ databaseUrl: url });
  const config = loadConfig({
    NODE_ENV: 'development',
    LOG_LEVEL: process.env.BENCH_SERVER_LOG === '1' ? 'info' : 'silent',
    PUBLIC_URL: 'http://localhost:8080',
    SEED_DEMO_DATA: 'true',
    DATA_DIR: 'memory://',
    // The scheduled jobs stay off: the benchmark runs the retention itself.
    JOB_WORKERS: 'false',
    RATE_LIMIT_DEVICE_PER_MINUTE: '100000000',
  });
  const app = await build({ config, database });
  app.addHook('onClose', async () => {
    await database.close();
  });

  const owners = await demoLicenseOwners(app);
  const today = todayInGermany();
  const running = { startDate: addDays(today, -1), endDate: addDays(today, 365) };
  const devices = [];
  for (let i = 0; i < deviceCount; i++) {
    const machine = `RET-PC-${i}`;
    const license = await insertLicense(app, owners, { boundMachineId: machine });
    await insertPackage(app, license.id, { ...running, amount: BIG });
    devices.push({ key: license.key, machine });
  }

  // The expired processes, spread over ten licences and a year of days 11 years ago.
  const seedStarted = performance.now();
  const oldLicenses = [];
  for (let i = 0; i < 10; i++) oldLicenses.push((await insertLicense(app, owners)).id);
  for (let done = 0; done < expired; done += CHUNK) {
    const n = Math.min(CHUNK, expired - done);
    await database.db.execute(sql`
      INSERT INTO identification_processes
        (license_id, store_id, company_id, system_integrator_id, reseller_id, postpaid, machine_id,
         idempotency_key, created_at, remaining_amount_after)
      SELECT (${sql.raw(`ARRAY[${oldLicenses.map((id) => `'${id}'::uuid`).join(',')}]`)})[1 + g % 10],
        ${owners.storeId}::uuid, ${owners.companyId}::uuid, ${owners.systemIntegratorId}::uuid,
        ${owners.resellerId}::uuid, true, 'ALT-PC', gen_random_uuid(),
        now() - interval '11 years' - (g % 365) * interval '1 day' - (g % 86400) * interval '1 second', 0
      FROM generate_series(${done + 1}::int, ${done + n}::int) g`);
  }
  await database.db.execute(sql`ANALYZE identification_processes`);
  const seedSeconds = (performance.now() - seedStarted) / 1000;

  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no TCP address');

  answerParent<{ type: 'stop' } | { type: 'run'; batchSize: number }>(app, async (request) => {
    const batches: number[] = [];
    const started = performance.now();
    const { categories } = await runRetention(database.db, {
      reportRetentionDays: config.reportRetentionDays,
      deleteAccount: (tx, userId) => app.idpAdmin!.deleteUser(tx, userId),
      batchSize: request.batchSize,
      afterBatch: (category, batch) => {
        if (category === 'identificationProcesses') batches.push(batch.ms);
      },
    });
    const [left] = (
      await database.db.execute<{ n: number }>(
        sql`SELECT count(*)::int AS n FROM identification_processes WHERE created_at < now() - interval '10 years 6 months'`,
      )
    ).rows;
    return {
      type: 'ran',
      seconds: (performance.now() - started) / 1000,
      batches,
      deleted: categories.find((c) => c.category === 'identificationProcesses')!.deleted,
      left: left.n,
    };
  });
  sendToParent({ type: 'ready', port: address.port, devices, seedSeconds });
}

main().catch(failStartup);
