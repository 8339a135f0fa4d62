// Budgets (issue 13, device API), on PostgreSQL:
// - consumption throughput (POST /api/device/identification-process) at 10 and 50 concurrent
//   devices is at least 50 % of a bare `UPDATE prepaid_packages SET used_amount = used_amount + 1
//   WHERE id = $1 AND used_amount < amount RETURNING …` loop, measured in the same run on the same
//   database with as many concurrent loops and the server's pool size (10 connections);
// - zero overspend: after all runs every package has exactly as many units used as it has completed
//   processes, and never more than its amount; a run with 5 connections per licence spends two
//   small packages per licence to the last unit;
// - device API p95 ≤ 15 ms at 10 concurrent devices (recording a process; validating the licence).
//
// A device is one autocannon connection with its own licence key and machine id (autocannon
// instance of one connection each, as its per-connection headers are shared between connections),
// every request with a new idempotency key. Bare loop and API alternate per round, so a change in
// the machine's load hits both alike; the budget is judged on the median of the rounds' ratios.
//
// Usage: node bench/device-api.mjs [--seconds 8] [--rounds 3] [--exhaust-units 100]
import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import autocannon from 'autocannon';
import pg from 'pg';
import { startChildServer } from './lib/child-server.mjs';
import { latencyStats } from './lib/load.mjs';
import { databaseUrl, startPostgres } from './lib/postgres.mjs';
import { median, reportBudgets, table, verdict } from './lib/report.mjs';

const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const SECONDS = arg('seconds', 8);
const ROUNDS = arg('rounds', 3);
const EXHAUST_UNITS = arg('exhaust-units', 100);
const DEVICE_COUNTS = [10, 50];
const P95_BUDGET_MS = 15;
const SHARE_BUDGET = 0.5;
/** The server's pool (server/db/client.ts): the bare loop gets as many connections. */
const POOL_SIZE = 10;
const BARE_UPDATE =
  'UPDATE prepaid_packages SET used_amount = used_amount + 1 WHERE id = $1 AND used_amount < amount RETURNING remaining_amount';
/**
 * The least a consumption has to write: the same UPDATE and the process row, as one statement (an
 * informational second baseline: it shows what the API adds on top of the unavoidable writes).
 */
const BARE_CONSUME = `
  WITH taken AS (
    UPDATE prepaid_packages SET used_amount = used_amount + 1 WHERE id = $1 AND used_amount < amount
    RETURNING id, license_id
  )
  INSERT INTO identification_processes (license_id, store_id, company_id, system_integrator_id, reseller_id,
    package_id, postpaid, machine_id, idempotency_key)
  SELECT l.id, l.store_id, l.company_id, l.system_integrator_id, l.reseller_id, taken.id, false, 'BARE', gen_random_uuid()
  FROM taken JOIN licenses l ON l.id = taken.license_id`;

const DATABASE = 'lumio_bench_device';

const ms = (value) => `${value.toFixed(1)} ms`;
const us = (value) => `${Math.round(value)} µs`;
const perSecond = (value) => `${Math.round(value).toLocaleString('en')}/s`;

/**
 * CPU time (ms) used so far by each process whose command line `matches`, by pid (Linux /proc;
 * empty elsewhere). Where the time of one consumption goes: PostgreSQL's backends of the
 * benchmark's database, the server process, and this process (autocannon or the bare loop's pg
 * client).
 */
function cpuOf(matches) {
  const byPid = new Map();
  let entries = [];
  try {
    entries = readdirSync('/proc').filter((entry) => /^\d+$/.test(entry));
  } catch {
    return byPid;
  }
  for (const pid of entries) {
    try {
      if (!matches(readFileSync(`/proc/${pid}/cmdline`, 'utf8'))) continue;
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
      byPid.set(pid, (Number(fields[11]) + Number(fields[12])) * 10); // USER_HZ is 100 on Linux
    } catch {
      // The process ended meanwhile.
    }
  }
  return byPid;
}

/**
 * CPU ms between two samples, over the processes present in both (pooled connections that closed
 * meanwhile took their time with them; ones opened meanwhile count from 0).
 */
function cpuBetween(before, after) {
  let total = 0;
  for (const [pid, ms] of after) total += ms - (before.get(pid) ?? 0);
  return total;
}

const isDatabaseBackend = (cmd) => cmd.startsWith('postgres: ') && cmd.includes(DATABASE);
const isServer = (cmd) => cmd.includes('bench/device-server.ts');

/** Runs `work` (which resolves with a count of operations) and adds the CPU µs per operation. */
async function withCpu(work) {
  const before = { database: cpuOf(isDatabaseBackend), server: cpuOf(isServer), client: process.cpuUsage() };
  const result = await work();
  const client = process.cpuUsage(before.client);
  const per = (msUsed) => (1000 * msUsed) / result.count;
  return {
    ...result,
    cpu: {
      database: per(cpuBetween(before.database, cpuOf(isDatabaseBackend))),
      server: per(cpuBetween(before.server, cpuOf(isServer))),
      client: per((client.user + client.system) / 1000),
    },
  };
}

/**
 * `devices` each on one connection for `seconds` (or `requests` requests each): recording processes
 * (`identify`) or validating (`validate`). Resolves with latencies and the count of each status.
 */
async function runDevices(port, devices, { kind, seconds, requests }) {
  const latencies = [];
  const statuses = new Map();
  let errors = 0;
  const runs = devices.map(({ key, machine }) => {
    const headers = { authorization: `License ${key}`, 'x-machine-id': machine, 'content-type': 'application/json' };
    const request =
      kind === 'identify'
        ? {
            method: 'POST',
            path: '/api/device/identification-process',
            setupRequest: (req) => ({ ...req, body: JSON.stringify({ idempotencyKey: randomUUID() }) }),
          }
        : { method: 'GET', path: '/api/device/license' };
    const instance = autocannon({
      url: `http://127.0.0.1:${port}`,
      connections: 1,
      headers,
      requests: [request],
      ...(requests ? { amount: requests } : { duration: seconds }),
      renderProgressBar: false,
      renderResultsTable: false,
      renderLatencyTable: false,
    });
    instance.on('response', (_client, statusCode, _bytes, responseTime) => {
      statuses.set(statusCode, (statuses.get(statusCode) ?? 0) + 1);
      latencies.push(responseTime);
    });
    return instance.then((result) => {
      errors += result.errors + result.timeouts;
    });
  });
  const started = performance.now();
  await Promise.all(runs);
  const elapsed = (performance.now() - started) / 1000;
  return { ...latencyStats(latencies, requests ? elapsed : seconds), statuses: Object.fromEntries(statuses), errors };
}

/** Concurrent bare loops of `statement`, each on its own package, for `seconds` on `pool`. */
async function bareLoop(pool, packageIds, seconds, statement = BARE_UPDATE) {
  const deadline = performance.now() + seconds * 1000;
  const latencies = [];
  let misses = 0;
  await Promise.all(
    packageIds.map(async (id) => {
      while (performance.now() < deadline) {
        const started = performance.now();
        const { rowCount } = await pool.query(statement, [id]);
        latencies.push(performance.now() - started);
        if (rowCount !== 1) misses += 1;
      }
    }),
  );
  return { ...latencyStats(latencies, seconds), misses };
}

function expectOnly(result, allowed, what) {
  const bad = Object.keys(result.statuses).filter((status) => !allowed.includes(Number(status)));
  if (bad.length || result.errors) {
    throw new Error(`${what}: statuses ${JSON.stringify(result.statuses)}, errors ${result.errors}`);
  }
}

async function main() {
  console.log(
    `load average ${loadavg()[0].toFixed(2)} on ${cpus().length} cores; ${ROUNDS} rounds of ${SECONDS} s per run`,
  );
  const postgres = startPostgres();
  const url = databaseUrl(postgres.url, DATABASE);
  const server = startChildServer('bench/device-server.ts', {
    BENCH_DATABASE_URL: url,
    BENCH_DEVICES: String(Math.max(...DEVICE_COUNTS)),
    BENCH_EXHAUST_UNITS: String(EXHAUST_UNITS),
  });
  let pool;
  const runs = [];
  const ratios = Object.fromEntries(DEVICE_COUNTS.map((n) => [n, []]));
  const consumeRatios = Object.fromEntries(DEVICE_COUNTS.map((n) => [n, []]));
  const identify10 = [];
  let validate10;
  let exhaust;
  let bareOps = 0;
  let overspend;
  try {
    const ready = await server.ready;
    console.log(`server ready on 127.0.0.1:${ready.port}`);
    pool = new pg.Pool({ connectionString: url, max: POOL_SIZE });

    // Warm-up: connections, JIT, plans.
    await runDevices(ready.port, ready.devices.slice(0, 10), { kind: 'identify', seconds: 2 });
    await runDevices(ready.port, ready.devices.slice(0, 10), { kind: 'validate', seconds: 1 });
    bareOps += (await bareLoop(pool, ready.barePackages.slice(0, 10), 1)).count;

    for (let round = 1; round <= ROUNDS; round++) {
      for (const n of round % 2 ? DEVICE_COUNTS : [...DEVICE_COUNTS].reverse()) {
        const order = round % 2 ? ['bare', 'consume', 'api'] : ['api', 'consume', 'bare'];
        const measured = {};
        for (const what of order) {
          if (what === 'bare' || what === 'consume') {
            const statement = what === 'bare' ? BARE_UPDATE : BARE_CONSUME;
            measured[what] = await withCpu(() => bareLoop(pool, ready.barePackages.slice(0, n), SECONDS, statement));
            bareOps += measured[what].count;
            if (measured[what].misses) throw new Error(`bare loop: ${measured[what].misses} updates found no unit`);
          } else {
            measured.api = await withCpu(() =>
              runDevices(ready.port, ready.devices.slice(0, n), { kind: 'identify', seconds: SECONDS }),
            );
            expectOnly(measured.api, [201], `identify, ${n} devices`);
          }
        }
        ratios[n].push(measured.api.rps / measured.bare.rps);
        consumeRatios[n].push(measured.api.rps / measured.consume.rps);
        if (n === 10) identify10.push(measured.api);
        runs.push({ round, n, ...measured });
        console.log(
          `round ${round}, ${n} devices: API ${perSecond(measured.api.rps)} (p95 ${ms(measured.api.p95)}), ` +
            `bare UPDATE ${perSecond(measured.bare.rps)}: ${((100 * measured.api.rps) / measured.bare.rps).toFixed(0)} %, ` +
            `bare UPDATE+INSERT ${perSecond(measured.consume.rps)}: ` +
            `${((100 * measured.api.rps) / measured.consume.rps).toFixed(0)} %`,
        );
      }
    }

    validate10 = await withCpu(() =>
      runDevices(ready.port, ready.devices.slice(0, 10), { kind: 'validate', seconds: SECONDS }),
    );
    expectOnly(validate10, [200], 'validate, 10 devices');

    // Spending to the last unit: 5 connections per licence on 10 licences, two packages each.
    const spenders = ready.exhaust.slice(0, 10).flatMap((device) => Array(5).fill(device));
    const perConnection = Math.ceil((2 * EXHAUST_UNITS * 1.5) / 5);
    exhaust = await runDevices(ready.port, spenders, { kind: 'identify', requests: perConnection });
    expectOnly(exhaust, [201, 402], 'spending every unit');

    const { packages } = await server.ask({ type: 'counts' }, 'counts');
    const spentLicences = new Set(ready.exhaust.slice(0, 10).map((d) => d.key));
    const bareIds = new Set(ready.barePackages);
    let beyond = 0;
    let mismatched = 0;
    let bareUsed = 0;
    let notSpent = 0;
    for (const p of packages) {
      beyond += Math.max(0, p.used_amount - p.amount) + Math.max(0, p.processes - p.amount);
      if (bareIds.has(p.id)) bareUsed += p.used_amount;
      else if (p.used_amount !== p.processes) mismatched += 1;
    }
    const spent = packages.filter((p) => p.amount === EXHAUST_UNITS && p.used_amount === EXHAUST_UNITS).length;
    notSpent = 2 * spentLicences.size - spent;
    const created = exhaust.statuses[201] ?? 0;
    overspend = { beyond, mismatched, bareDiff: bareUsed - bareOps, notSpent, created };
    console.log(
      `spending every unit: ${created} recorded, ${exhaust.statuses[402] ?? 0} refused 402 ` +
        `(expected ${2 * EXHAUST_UNITS * spentLicences.size} recorded); packages used to the last unit: ${spent}`,
    );
  } finally {
    await pool?.end();
    await server.stop();
    postgres.stop();
  }

  console.log(
    '\n' +
      table([
        [
          'round',
          'devices',
          'API req/s',
          'API p50',
          'API p95',
          'API CPU/op: db, server, client',
          'bare UPDATE/s',
          'bare p95',
          'bare CPU/op: db, client',
          'API / bare',
          'UPDATE+INSERT/s',
          'its CPU/op: db, client',
          'API / it',
        ],
        ...runs.map((r) => [
          r.round,
          r.n,
          perSecond(r.api.rps),
          ms(r.api.p50),
          ms(r.api.p95),
          `${us(r.api.cpu.database)}, ${us(r.api.cpu.server)}, ${us(r.api.cpu.client)}`,
          perSecond(r.bare.rps),
          ms(r.bare.p95),
          `${us(r.bare.cpu.database)}, ${us(r.bare.cpu.client)}`,
          `${((100 * r.api.rps) / r.bare.rps).toFixed(0)} %`,
          perSecond(r.consume.rps),
          `${us(r.consume.cpu.database)}, ${us(r.consume.cpu.client)}`,
          `${((100 * r.api.rps) / r.consume.rps).toFixed(0)} %`,
        ]),
      ]),
  );
  const identifyAll = identify10.reduce((sum, s) => sum + s.count, 0);
  const identifyP95 = median(identify10.map((s) => s.p95));
  console.log(
    `validate, 10 devices: ${perSecond(validate10.rps)}, p50 ${ms(validate10.p50)}, p95 ${ms(validate10.p95)}, ` +
      `p99 ${ms(validate10.p99)}; CPU/op: db ${us(validate10.cpu.database)}, server ${us(validate10.cpu.server)}, ` +
      `client ${us(validate10.cpu.client)}`,
  );
  const rows = [
    ...DEVICE_COUNTS.map((n) => {
      const share = median(ratios[n]);
      return {
        budget: `PostgreSQL: consumption throughput, ${n} devices, share of the bare UPDATE loop (rounds: ${ratios[n]
          .map((r) => `${(100 * r).toFixed(0)} %`)
          .join(', ')})`,
        limit: `≥ ${100 * SHARE_BUDGET} %`,
        measured: `${(100 * share).toFixed(0)} %`,
        verdict: share >= SHARE_BUDGET ? 'PASS' : 'OVER',
      };
    }),
    ...DEVICE_COUNTS.map((n) => ({
      budget: `PostgreSQL: consumption throughput, ${n} devices, share of a bare UPDATE+INSERT loop (rounds: ${consumeRatios[
        n
      ]
        .map((r) => `${(100 * r).toFixed(0)} %`)
        .join(', ')})`,
      limit: '(info)',
      measured: `${(100 * median(consumeRatios[n])).toFixed(0)} %`,
      verdict: 'info',
    })),
    {
      budget: `PostgreSQL: device API p95, 10 devices, recording a process (median of ${identify10.length} rounds, ${identifyAll} requests)`,
      limit: `≤ ${P95_BUDGET_MS} ms`,
      measured: ms(identifyP95),
      verdict: verdict(identifyP95, P95_BUDGET_MS),
    },
    {
      budget: 'PostgreSQL: device API p95, 10 devices, validating the licence',
      limit: `≤ ${P95_BUDGET_MS} ms`,
      measured: ms(validate10.p95),
      verdict: verdict(validate10.p95, P95_BUDGET_MS),
    },
    {
      budget:
        'PostgreSQL: overspend (units or processes beyond an amount, packages whose used units ≠ processes, ' +
        'bare loop count ≠ units used, spent packages not at 0)',
      limit: '0',
      measured: `${overspend.beyond} / ${overspend.mismatched} / ${overspend.bareDiff} / ${overspend.notSpent}`,
      verdict:
        overspend.beyond === 0 && overspend.mismatched === 0 && overspend.bareDiff === 0 && overspend.notSpent === 0
          ? 'PASS'
          : 'OVER',
    },
  ];
  reportBudgets('device-api', rows);
}

await main();
