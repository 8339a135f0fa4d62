// Budgets (issue 28, "Speed"), on PostgreSQL:
// - the retention job deletes 1,000,000 expired identification processes in batches, and no batch's
//   transaction (the time its rows of the process table are locked) takes more than 1 s;
// - the device API keeps answering while it runs: every call answers 201, and its p95 during the
//   run is reported next to the p95 of the same load while idle.
//
// The server (bench/retention-server.ts) runs the retention in its own process, as an API process
// with job workers would; meanwhile BENCH devices record processes on their own licences, one
// connection each, in one-second rounds until the run is over.
//
// Usage: node bench/retention.mjs [--expired 1000000] [--devices 10] [--seconds 10] [--batch 2000] [--quick]
//   --quick: 20,000 expired processes, 2 devices, 2 s idle (the CI's quick bench list; < 30 s)
import { randomUUID } from 'node:crypto';
import { cpus, loadavg } from 'node:os';
import autocannon from 'autocannon';
import { startChildServer } from './lib/child-server.mjs';
import { latencyStats } from './lib/load.mjs';
import { databaseUrl, startPostgres } from './lib/postgres.mjs';
import { percentile, reportBudgets, table, verdict } from './lib/report.mjs';

const quick = process.argv.includes('--quick');
const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const EXPIRED = arg('expired', quick ? 20_000 : 1_000_000);
const DEVICES = arg('devices', quick ? 2 : 10);
const IDLE_SECONDS = arg('seconds', quick ? 2 : 10);
const BATCH = arg('batch', 2_000);
const LOCK_BUDGET_MS = 1_000;
const DATABASE = 'lumio_bench_retention';

const ms = (value) => `${value.toFixed(1)} ms`;

/** `devices` record processes, one connection each, for `seconds`; answers latencies and statuses. */
async function record(port, devices, seconds) {
  const latencies = [];
  const statuses = {};
  let errors = 0;
  await Promise.all(
    devices.map(({ key, machine }) => {
      const instance = autocannon({
        url: `http://127.0.0.1:${port}`,
        connections: 1,
        headers: { authorization: `License ${key}`, 'x-machine-id': machine, 'content-type': 'application/json' },
        requests: [
          {
            method: 'POST',
            path: '/api/device/identification-process',
            setupRequest: (req) => ({ ...req, body: JSON.stringify({ idempotencyKey: randomUUID() }) }),
          },
        ],
        duration: seconds,
        renderProgressBar: false,
        renderResultsTable: false,
        renderLatencyTable: false,
      });
      instance.on('response', (_client, statusCode, _bytes, responseTime) => {
        statuses[statusCode] = (statuses[statusCode] ?? 0) + 1;
        latencies.push(responseTime);
      });
      return instance.then((result) => {
        errors += result.errors + result.timeouts;
      });
    }),
  );
  return { latencies, statuses, errors };
}

async function main() {
  console.log(
    `load average ${loadavg()[0].toFixed(2)} on ${cpus().length} cores; ${EXPIRED.toLocaleString('en')} expired processes, ` +
      `${DEVICES} devices, batches of ${BATCH}`,
  );
  const postgres = startPostgres();
  const server = startChildServer('bench/retention-server.ts', {
    BENCH_DATABASE_URL: databaseUrl(postgres.url, DATABASE),
    BENCH_DEVICES: String(DEVICES),
    BENCH_EXPIRED: String(EXPIRED),
  });
  try {
    const ready = await server.ready;
    console.log(
      `server ready on 127.0.0.1:${ready.port}; expired processes written in ${ready.seedSeconds.toFixed(1)} s`,
    );
    await record(ready.port, ready.devices, 1); // warm-up: connections, JIT, plans
    const idle = await record(ready.port, ready.devices, IDLE_SECONDS);
    const idleStats = latencyStats(idle.latencies, IDLE_SECONDS);

    let done = false;
    const running = server.ask({ type: 'run', batchSize: BATCH }, 'ran').finally(() => {
      done = true;
    });
    const during = { latencies: [], statuses: {}, errors: 0, seconds: 0 };
    while (!done) {
      const round = await record(ready.port, ready.devices, 1);
      during.latencies.push(...round.latencies);
      during.errors += round.errors;
      during.seconds += 1;
      for (const [status, n] of Object.entries(round.statuses))
        during.statuses[status] = (during.statuses[status] ?? 0) + n;
    }
    const ran = await running;
    const duringStats = latencyStats(during.latencies, Math.max(1, during.seconds));
    const longest = Math.max(...ran.batches);
    const answeredOther =
      during.errors +
      Object.entries(during.statuses).reduce((n, [status, count]) => n + (status === '201' ? 0 : count), 0);

    console.log(
      '\n' +
        table([
          ['', 'idle', 'during the run'],
          ['device calls', String(idleStats.count), String(duringStats.count)],
          ['calls/s', idleStats.rps.toFixed(0), duringStats.rps.toFixed(0)],
          ['p50', ms(idleStats.p50), ms(duringStats.p50)],
          ['p95', ms(idleStats.p95), ms(duringStats.p95)],
          ['max', ms(idleStats.max), ms(duringStats.max)],
        ]),
    );
    console.log(
      `\nretention run: ${ran.seconds.toFixed(1)} s, ${ran.deleted.toLocaleString('en')} processes deleted in ` +
        `${ran.batches.length} batches (median ${ms(percentile(ran.batches, 50))}, p95 ${ms(percentile(ran.batches, 95))}, ` +
        `longest ${ms(longest)}), ${ran.left} expired left`,
    );
    // The demo data bring 3 expired processes of their own (server/db/seed-retention.ts).
    if (ran.deleted < EXPIRED || ran.left !== 0) {
      throw new Error(`expected ${EXPIRED} (and the demo's) deleted and none left, got ${ran.deleted} and ${ran.left}`);
    }
    reportBudgets('retention', [
      {
        budget: 'longest batch transaction (lock on processes)',
        limit: `≤ ${LOCK_BUDGET_MS} ms`,
        measured: ms(longest),
        verdict: verdict(longest, LOCK_BUDGET_MS),
      },
      {
        budget: 'device calls not answered 201 during the run',
        limit: '0',
        measured: String(answeredOther),
        verdict: verdict(answeredOther, 0),
      },
      { budget: 'device p95 idle', limit: '–', measured: ms(idleStats.p95), verdict: 'info' },
      { budget: 'device p95 during the run', limit: '–', measured: ms(duringStats.p95), verdict: 'info' },
      {
        budget: 'retention run',
        limit: '–',
        measured: `${ran.seconds.toFixed(1)} s for ${EXPIRED.toLocaleString('en')}`,
        verdict: 'info',
      },
    ]);
  } finally {
    await server.stop();
    postgres.stop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
