/**
 * The server side of bench/device-api.mjs: the real app (build() from server/app.ts with the demo
 * data, as under `npm start`) on the fresh PostgreSQL database BENCH_DATABASE_URL, with licences
 * written straight into the database. Reports over IPC once it listens:
 * - `devices`: BENCH_DEVICES licences, each bound to its own machine, one package of 10,000,000
 *   units (the throughput and latency runs never run out);
 * - `exhaust`: as many licences with two packages of BENCH_EXHAUST_UNITS units each (the first
 *   ends sooner), for the run that spends every unit;
 * - `barePackages`: as many packages of 10,000,000 units on licences of their own, for the bare
 *   UPDATE loop the device API is compared with.
 * { type: 'counts' } answers every package's amount, used units and completed processes.
 */
import { sql } from 'drizzle-orm';
import { build } from '../server/app';
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db/client';
import { todayInGermany } from '../src/domain/dates';
import { addDays, demoLicenseOwners, insertLicense, insertPackage } from '../tests/api/helpers/deviceLicenses';
import { freshPostgresDatabase } from '../scripts/lib/fresh-database';
import { answerParent, failStartup, sendToParent } from './lib/parent-channel';

const BIG = 10_000_000;

async function main() {
  const url = process.env.BENCH_DATABASE_URL;
  if (!url) throw new Error('BENCH_DATABASE_URL is required');
  const deviceCount = Number(process.env.BENCH_DEVICES ?? 50);
  const exhaustUnits = Number(process.env.BENCH_EXHAUST_UNITS ?? 100);
  await freshPostgresDatabase(url);
  const database = await openDatabase({ databaseUrl: url });
  const config = loadConfig({
    NODE_ENV: 'development',
    LOG_LEVEL: process.env.BENCH_SERVER_LOG === '1' ? 'info' : 'silent',
    PUBLIC_URL: 'http://localhost:8080',
    SEED_DEMO_DATA: 'true',
    DATA_DIR: 'memory://',
    // The benchmark's devices send far more than studio software would.
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
  const exhaust = [];
  const barePackages = [];
  for (let i = 0; i < deviceCount; i++) {
    const machine = `BENCH-PC-${i}`;
    const license = await insertLicense(app, owners, { boundMachineId: machine });
    await insertPackage(app, license.id, { ...running, amount: BIG });
    devices.push({ key: license.key, machine });

    // A PC of its own: a machine is bound to one licence of an integrator at a time (issue 24).
    const spenderMachine = `${machine}-E`;
    const spender = await insertLicense(app, owners, { boundMachineId: spenderMachine });
    await insertPackage(app, spender.id, {
      startDate: running.startDate,
      endDate: addDays(today, 30),
      amount: exhaustUnits,
    });
    await insertPackage(app, spender.id, { ...running, amount: exhaustUnits });
    exhaust.push({ key: spender.key, machine: spenderMachine });

    const bare = await insertLicense(app, owners);
    barePackages.push(await insertPackage(app, bare.id, { ...running, amount: BIG }));
  }

  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no TCP address');

  answerParent<{ type: 'stop' } | { type: 'counts' }>(app, async () => {
    const result = await database.db.execute(sql`
      SELECT p.id, p.license_id, p.amount, p.used_amount,
        (SELECT count(*)::int FROM identification_processes ip
          WHERE ip.package_id = p.id AND ip.status = 'Completed') AS processes
      FROM prepaid_packages p`);
    return { type: 'counts', packages: (result as unknown as { rows: unknown[] }).rows };
  });
  sendToParent({ type: 'ready', port: address.port, devices, exhaust, barePackages });
}

main().catch(failStartup);
