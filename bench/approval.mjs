// Budget (issue 7): the mail outbox adds at most 5 ms to the p95 of approving a company application
// on PostgreSQL. An approval (PUT /api/company-application/{id}/status {status: Approved}) creates
// the company, its studio, the owner and the set-password link in one transaction; with the outbox
// it also writes the sealed activation mail and its delivery job in that transaction, and the job
// worker of the same process sends the mail to the embedded SMTP catcher right after.
//
// Two servers on fresh PostgreSQL databases, the same code: `outbox` (the product) and `none`
// (the outbox's enqueue replaced by nothing: the approval without any mail). Each approves its
// open applications one after the other (1 connection: an administrator clicks, approvals do not
// come in floods), then with 4 at once. Rounds alternate between the two servers, so a change in
// the machine's load hits both alike. Reported: p50/p95 per server and the p95 difference.
//
// Usage: node bench/approval.mjs [--approvals 200] [--rounds 2]
import { cpus, loadavg } from 'node:os';
import { startChildServer } from './lib/child-server.mjs';
import { databaseUrl, startPostgres } from './lib/postgres.mjs';
import { latencyStats } from './lib/load.mjs';
import { reportBudgets, table, verdict } from './lib/report.mjs';

const BUDGET_MS = 5;
const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const APPROVALS = arg('approvals', 200);
const ROUNDS = arg('rounds', 2);
const WARMUP = 20;
const CONCURRENT = 4;
const MODES = ['outbox', 'none'];
const XSRF = 'bench-xsrf-token';

const ms = (value) => `${value.toFixed(1)} ms`;

/** Approves `ids` with `connections` requests at a time; returns each request's latency (ms). */
async function approve(port, token, ids, connections) {
  const latencies = [];
  let next = 0;
  async function worker() {
    while (next < ids.length) {
      const id = ids[next++];
      const started = performance.now();
      const res = await fetch(`http://127.0.0.1:${port}/api/company-application/${id}/status`, {
        method: 'PUT',
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': 'application/json',
          'x-xsrf-token': XSRF,
          cookie: `XSRF-TOKEN=${XSRF}`,
        },
        body: JSON.stringify({ status: 'Approved' }),
      });
      await res.arrayBuffer();
      const elapsed = performance.now() - started;
      if (res.status !== 200) throw new Error(`approval ${id}: ${res.status}`);
      latencies.push(elapsed);
    }
  }
  await Promise.all(Array.from({ length: connections }, worker));
  return latencies;
}

async function main() {
  console.log(`load average ${loadavg()[0].toFixed(2)} on ${cpus().length} cores; ${APPROVALS} approvals per run`);
  const postgres = startPostgres();
  const perRound = WARMUP + 2 * APPROVALS;
  const servers = {};
  const latencies = Object.fromEntries(
    MODES.flatMap((m) => [
      [`${m}:1`, []],
      [`${m}:${CONCURRENT}`, []],
    ]),
  );
  try {
    for (const mode of MODES) {
      const server = startChildServer('bench/approval-server.ts', {
        BENCH_DATABASE_URL: databaseUrl(postgres.url, `lumio_bench_approval_${mode}`),
        BENCH_OUTBOX: mode,
        BENCH_APPLICATIONS: String(perRound * ROUNDS),
      });
      servers[mode] = { server, ready: await server.ready, used: 0 };
      console.log(`${mode}: server ready on 127.0.0.1:${servers[mode].ready.port}`);
    }
    for (let round = 0; round < ROUNDS; round++) {
      for (const mode of round % 2 ? [...MODES].reverse() : MODES) {
        const s = servers[mode];
        const ids = s.ready.ids.slice(s.used, s.used + perRound);
        s.used += perRound;
        await approve(s.ready.port, s.ready.token, ids.slice(0, WARMUP), 1);
        latencies[`${mode}:1`].push(
          ...(await approve(s.ready.port, s.ready.token, ids.slice(WARMUP, WARMUP + APPROVALS), 1)),
        );
        latencies[`${mode}:${CONCURRENT}`].push(
          ...(await approve(s.ready.port, s.ready.token, ids.slice(WARMUP + APPROVALS), CONCURRENT)),
        );
      }
    }
    const { counts } = await servers.outbox.server.ask({ type: 'outbox' }, 'outbox');
    console.log(`outbox after the runs: ${counts.map((c) => `${c.n} ${c.status}`).join(', ')}`);
  } finally {
    for (const s of Object.values(servers)) await s.server.stop();
    postgres.stop();
  }

  const stats = Object.fromEntries(Object.entries(latencies).map(([key, values]) => [key, latencyStats(values, 1)]));
  console.log(
    '\n' +
      table([
        ['server', 'conn', 'approvals', 'p50', 'p95', 'p99', 'max'],
        ...Object.entries(stats).map(([key, s]) => {
          const [mode, conn] = key.split(':');
          return [mode, conn, s.count, ms(s.p50), ms(s.p95), ms(s.p99), ms(s.max)];
        }),
      ]),
  );
  const rows = [1, CONCURRENT].map((conn) => {
    const added = stats[`outbox:${conn}`].p95 - stats[`none:${conn}`].p95;
    return {
      budget: `PostgreSQL: approval p95 added by the outbox, ${conn} conn (${ms(stats[`none:${conn}`].p95)} → ${ms(stats[`outbox:${conn}`].p95)})`,
      limit: `≤ ${BUDGET_MS} ms`,
      measured: ms(added),
      verdict: verdict(added, BUDGET_MS),
    };
  });
  reportBudgets('approval-outbox', rows);
}

await main();
