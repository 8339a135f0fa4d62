// Budget (issue 25, part 1): GET /api/dashboard answers in ≤ 50 ms p95 with 1,000,000
// identification processes in the database, for every kind of answer (src/domain/dashboard.ts):
// Owner and AccountAdministrator (the company's months, packages, people), Employee (the own
// account), LumioAdmin (the provider's queue and every process per day over 30 days),
// SystemIntegratorAdmin (its customers' licences and packages, its processes per day) and
// SystemAdmin (accounts, outbox, failed jobs).
//
// bench/dashboard-server.ts is the real app with the demo data and the processes written straight
// into the database (bench/lib/seed-processes.ts, spread over the last 1,000 days: about 1,000 a
// day, so 30,000 in a chart's 30 days and 60,000 in this and last month). Each role's token asks
// back to back on one connection (autocannon) for `--seconds`, after a two-second warm-up.
//
// Usage: node bench/dashboard.mjs [--processes 1000000] [--seconds 5] [--only pglite|postgres|both]
//   --quick (CI): 10,000 processes, 1 second per role, PGlite only.
//   PostgreSQL: scripts/ci-postgres.sh's cluster (bench/lib/postgres.mjs; BENCH_PG_URL to use a running one).
import { loadavg } from 'node:os';
import { startChildServer } from './lib/child-server.mjs';
import { runLoad } from './lib/load.mjs';
import { databaseUrl, startPostgres } from './lib/postgres.mjs';
import { reportBudgets, table, verdict } from './lib/report.mjs';

const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : fallback;
};
const QUICK = process.argv.includes('--quick');
const PROCESSES = Number(arg('processes', QUICK ? 10_000 : 1_000_000));
const SECONDS = Number(arg('seconds', QUICK ? 1 : 5));
const ONLY = arg('only', 'pglite');
const P95_BUDGET_MS = 50;
const DATABASE = 'lumio_bench_dashboard';

const load = () => loadavg()[0].toFixed(1);

function dashboardLoad(port, token, seconds) {
  return runLoad(
    {
      url: `http://127.0.0.1:${port}/api/dashboard`,
      connections: 1,
      duration: seconds,
      headers: { authorization: `Bearer ${token}` },
    },
    200,
  );
}

async function measure(name, env, rows) {
  console.log(`${name}: seeding ${PROCESSES.toLocaleString('en')} processes … (load ${load()})`);
  const server = startChildServer('bench/dashboard-server.ts', { BENCH_PROCESSES: String(PROCESSES), ...env });
  try {
    const ready = await server.ready;
    console.log(`  ${ready.seeded.toLocaleString('en')} processes, seeded in ${(ready.seedMs / 1000).toFixed(1)} s`);
    const lines = [['role', 'requests', 'p50', 'p95', 'p99', 'max', 'load']];
    for (const [role, token] of Object.entries(ready.tokens)) {
      await dashboardLoad(ready.port, token, 2); // warm-up: JIT, plans, the tables' pages
      const loadBefore = load();
      const stats = await dashboardLoad(ready.port, token, SECONDS);
      lines.push([
        role,
        String(stats.count),
        `${stats.p50.toFixed(1)} ms`,
        `${stats.p95.toFixed(1)} ms`,
        `${stats.p99.toFixed(1)} ms`,
        `${stats.max.toFixed(1)} ms`,
        `${loadBefore} → ${load()}`,
      ]);
      rows.push({
        budget: `${name}: GET /api/dashboard p95, ${role}, ${ready.seeded.toLocaleString('en')} processes`,
        limit: `≤ ${P95_BUDGET_MS} ms`,
        measured: `${stats.p95.toFixed(1)} ms`,
        verdict: verdict(stats.p95, P95_BUDGET_MS),
      });
    }
    console.log(table(lines));
  } finally {
    await server.stop();
  }
}

const rows = [];
console.log(
  `dashboard benchmark, load average ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
);
if (ONLY !== 'postgres') await measure('PGlite', {}, rows);
if (ONLY === 'postgres' || ONLY === 'both') {
  const pg = startPostgres();
  try {
    await measure('PostgreSQL', { BENCH_DATABASE_URL: databaseUrl(pg.url, DATABASE) }, rows);
  } finally {
    pg.stop();
  }
}
reportBudgets('dashboard (issue 25)', rows);
