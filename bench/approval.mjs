// Budget (issue 7): the mail outbox adds at most 5 ms to the p95 of approving a company application
// on PostgreSQL. An approval (PUT /api/company-application/{id}/status {status: Approved}) creates
// the company, its studio, the owner and the set-password link in one transaction; with the outbox
// it also writes the sealed activation mail and its delivery job in that transaction, and the job
// worker of the same process sends the mail right after, to a relay outside the server process
// (an SMTP server in this benchmark's process that discards the mails).
//
// Two servers on fresh PostgreSQL databases, the same code: `outbox` (the product) and `none`
// (the outbox's enqueue replaced by nothing: the approval without any mail). Each approves its
// open applications in three ways (SCENARIOS below); the budget is judged on the paced one, an
// administrator's pace. Rounds alternate between the two servers, so a change in the machine's
// load hits both alike. Reported: p50/p95 per server and way, and the p95 difference.
//
// Usage: node bench/approval.mjs [--approvals 200] [--rounds 2]
import { cpus, loadavg } from 'node:os';
import { SMTPServer } from 'smtp-server';
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

/**
 * The mail relay, as in production outside the server process: an SMTP server in this process
 * that accepts every mail and throws it away (the embedded catcher would parse each mail inside
 * the server being measured).
 */
async function startRelay() {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    disableReverseLookup: true,
    logger: false,
    onData(stream, _session, callback) {
      stream.on('end', () => callback());
      stream.resume();
    },
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { port: server.server.address().port, close: () => new Promise((resolve) => server.close(resolve)) };
}

/**
 * Approves `ids` with `connections` requests at a time; returns each request's latency (ms).
 * `pauseMs` is the time between one answer and the next request of a connection.
 */
async function approve(port, token, ids, connections, pauseMs = 0) {
  const latencies = [];
  let next = 0;
  async function worker() {
    while (next < ids.length) {
      if (pauseMs && latencies.length) await new Promise((resolve) => setTimeout(resolve, pauseMs));
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

/**
 * The three ways of approving, each over APPROVALS applications per round:
 * - paced: one administrator, a new approval 100 ms after the last answer (no one approves
 *   faster); the mail of one approval is delivered before the next one. The budget's figure.
 * - back-to-back: one connection, no pause; the delivery of each mail competes with the next
 *   approval for the 2 cores (server, PostgreSQL, this client).
 * - 4 at once: four connections, no pause.
 */
const SCENARIOS = [
  { key: 'paced', connections: 1, pauseMs: 100, budget: true },
  { key: 'back-to-back', connections: 1, pauseMs: 0, budget: false },
  { key: `${CONCURRENT} at once`, connections: CONCURRENT, pauseMs: 0, budget: false },
];

async function main() {
  console.log(`load average ${loadavg()[0].toFixed(2)} on ${cpus().length} cores; ${APPROVALS} approvals per run`);
  const postgres = startPostgres();
  const relay = await startRelay();
  const perRound = WARMUP + SCENARIOS.length * APPROVALS;
  const servers = {};
  const latencies = Object.fromEntries(MODES.flatMap((m) => SCENARIOS.map((sc) => [`${m}|${sc.key}`, []])));
  try {
    for (const mode of MODES) {
      const server = startChildServer('bench/approval-server.ts', {
        BENCH_SMTP_URL: `smtp://127.0.0.1:${relay.port}`,
        ...(process.env.BENCH_JOB_WORKERS ? { BENCH_JOB_WORKERS: process.env.BENCH_JOB_WORKERS } : {}),
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
        const take = (n) => s.ready.ids.slice(s.used, (s.used += n));
        await approve(s.ready.port, s.ready.token, take(WARMUP), 1);
        for (const sc of SCENARIOS) {
          latencies[`${mode}|${sc.key}`].push(
            ...(await approve(s.ready.port, s.ready.token, take(APPROVALS), sc.connections, sc.pauseMs)),
          );
        }
      }
    }
    const { counts, enqueue } = await servers.outbox.server.ask({ type: 'outbox' }, 'outbox');
    console.log(`outbox after the runs: ${counts.map((c) => `${c.n} ${c.status}`).join(', ')}`);
    console.log(
      `writing the mail inside the approval's transaction: p50 ${ms(enqueue.p50)}, p95 ${ms(enqueue.p95)} (${enqueue.count} approvals)`,
    );
  } finally {
    for (const s of Object.values(servers)) await s.server.stop();
    postgres.stop();
    await relay.close();
  }

  const stats = Object.fromEntries(Object.entries(latencies).map(([key, values]) => [key, latencyStats(values, 1)]));
  console.log(
    '\n' +
      table([
        ['server', 'approving', 'approvals', 'p50', 'p95', 'p99', 'max'],
        ...Object.entries(stats).map(([key, s]) => {
          const [mode, scenario] = key.split('|');
          return [mode, scenario, s.count, ms(s.p50), ms(s.p95), ms(s.p99), ms(s.max)];
        }),
      ]),
  );
  const rows = SCENARIOS.map((sc) => {
    const without = stats[`none|${sc.key}`].p95;
    const added = stats[`outbox|${sc.key}`].p95 - without;
    return {
      budget: `PostgreSQL: approval p95 added by the outbox, ${sc.key} (${ms(without)} → ${ms(without + added)})`,
      limit: sc.budget ? `≤ ${BUDGET_MS} ms` : '(info)',
      measured: ms(added),
      verdict: sc.budget ? verdict(added, BUDGET_MS) : 'info',
    };
  });
  reportBudgets('approval-outbox', rows);
}

await main();
