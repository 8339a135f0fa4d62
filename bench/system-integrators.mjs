// Budget 3 (issue 2): GET /api/system-integrator, 20 rows with search, over 100,000 rows:
// p95 ≤ 20 ms on PostgreSQL and ≤ 60 ms on PGlite, measured with autocannon.
//
// For each database the server runs in its own process (bench/si-server.ts: the real build(),
// demo data, a real login as admin@lumio.example) on 127.0.0.1; autocannon runs here. Latency is
// recorded per request (autocannon's 'response' event), so p95 is exact rather than read from
// autocannon's fixed percentiles (which have p90 and p97.5, no p95).
//
// Runs per database: warm-up, each search scenario alone (10 connections), the mix of all
// scenarios (10 connections; the headline figure), and the mix over 1 connection (service time
// without queueing). The server reports how long each SQL statement took, which shows where the
// time goes; EXPLAIN ANALYZE of every scenario's statements is printed in short and written in
// full to bench/data/explain-<db>.txt.
//
// PGlite keeps its dataDir in bench/data/ (seeded once, reused). PostgreSQL: a throwaway cluster
// from scripts/ci-postgres.sh on its own port (BENCH_PG_PORT, default 54339, so a CI cluster on
// 54329 is left alone), stopped afterwards; or BENCH_PG_URL=postgres://… to use a running server.
// The database is lumio_bench.
//
// Usage: node bench/system-integrators.mjs [--only pglite|postgres] [--seconds 10]
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { runLoad } from './lib/load.mjs';
import { startChildServer } from './lib/child-server.mjs';
import { databaseUrl, startPostgres } from './lib/postgres.mjs';
import { reportBudgets, table, verdict } from './lib/report.mjs';

const root = new URL('..', import.meta.url).pathname;
const dataDir = join(root, 'bench', 'data');
const BUDGET_MS = { postgres: 20, pglite: 60 };
const CONNECTIONS = 10;

const arg = (name) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : undefined;
};
const only = arg('--only');
const MIX_SECONDS = Number(arg('--seconds') ?? 10);
const SCENARIO_SECONDS = Math.max(2, Math.round(MIX_SECONDS * 0.4));
const SINGLE_SECONDS = Math.max(2, Math.round(MIX_SECONDS * 0.5));
const WARMUP_SECONDS = Math.max(2, Math.round(MIX_SECONDS * 0.3));

/** The search scenarios come from the TypeScript data module, through the server process. */
const pathOf = (filter) =>
  filter === undefined ? '/api/system-integrator' : `/api/system-integrator?${new URLSearchParams({ filter })}`;

/** Starts bench/si-server.ts and resolves once it listens, with a way to ask it things. */
function startServer(env) {
  return startChildServer('bench/si-server.ts', env);
}

/** One autocannon run over the scenario paths; every answer must be a 200. */
function load({ port, token, paths, connections, seconds }) {
  return runLoad(
    {
      url: `http://127.0.0.1:${port}`,
      connections,
      duration: seconds,
      headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
      // Each connection walks through the list, so the scenarios rotate across requests.
      requests: paths.map((path) => ({ method: 'GET', path })),
    },
    200,
  );
}

const ms = (v) => `${v.toFixed(1)} ms`;

/** Index names and execution time from an EXPLAIN ANALYZE text. */
function planSummary(plan) {
  const indexes = [
    ...plan.matchAll(/(?:Index Scan|Index Only Scan|Bitmap Index Scan)(?: Backward)? (?:using|on) (\S+)/g),
  ].map((m) => m[1]);
  const top = plan.split('\n')[0].replace(/\s+\(cost=.*$/, '');
  const time = /Execution Time: ([\d.]+) ms/.exec(plan)?.[1];
  return `${top}; ${indexes.length ? `indexes: ${[...new Set(indexes)].join(', ')}` : 'no index (seq scan)'}; ${time} ms`;
}

async function benchDatabase(kind, env, scenarios) {
  console.log(`\n=== ${kind} (load average ${loadavg()[0].toFixed(2)} on ${cpus().length} cores) ===`);
  const server = startServer(env);
  try {
    const ready = await server.ready;
    console.log(
      `server ready on 127.0.0.1:${ready.port}; ${ready.rows.toLocaleString('en')} system integrators; ` +
        `open ${ms(ready.openMs)}; ${ready.seeded ? `seeded 100,000 rows in ${(ready.seedMs / 1000).toFixed(1)} s` : 'data reused'}`,
    );
    if (ready.rows < 100_000) throw new Error(`only ${ready.rows} rows`);

    const paths = scenarios.map((s) => pathOf(s.filter));
    const { results: explained } = await server.ask({ type: 'explain', urls: paths }, 'explained');
    const full = [];
    console.log('\nEXPLAIN ANALYZE (short; full plans in bench/data/explain-' + kind + '.txt):');
    explained.forEach((r, i) => {
      console.log(`  ${scenarios[i].label}: totalItemCount ${r.totalItemCount}, ${r.items} items`);
      if (r.items !== Math.min(20, r.totalItemCount)) throw new Error(`${r.url}: ${r.items} items`);
      for (const p of r.plans) {
        console.log(`    ${p.kind.padEnd(17)} ${planSummary(p.plan)}`);
        full.push(`-- ${kind} ${scenarios[i].label} (${r.url}) ${p.kind}\n${p.plan}\n`);
      }
    });
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(join(dataDir, `explain-${kind}.txt`), full.join('\n'));
    // The search the budget is about, in full: the trigram indexes at work.
    const searchIndex = scenarios.findIndex((s) => s.filter && /^rare/.test(s.label));
    for (const p of explained[searchIndex].plans)
      console.log(`\n${p.kind}, ${scenarios[searchIndex].label}:\n${p.plan}`);

    const base = { port: ready.port, token: ready.token, connections: CONNECTIONS };
    await load({ ...base, paths, seconds: WARMUP_SECONDS });

    const rows = [];
    for (let i = 0; i < scenarios.length; i++) {
      const r = await load({ ...base, paths: [paths[i]], seconds: SCENARIO_SECONDS });
      rows.push({ label: scenarios[i].label, connections: CONNECTIONS, seconds: SCENARIO_SECONDS, ...r });
    }
    await server.ask({ type: 'stats-reset' }, 'stats-reset');
    const mixed = await load({ ...base, paths, seconds: MIX_SECONDS });
    const { stats: mixedStats, cpuMs: mixedCpu } = await server.ask({ type: 'stats' }, 'stats');
    rows.push({ label: 'mix of all scenarios', connections: CONNECTIONS, seconds: MIX_SECONDS, ...mixed });
    await server.ask({ type: 'stats-reset' }, 'stats-reset');
    const single = await load({ ...base, connections: 1, paths, seconds: SINGLE_SECONDS });
    const { stats: singleStats, cpuMs: singleCpu } = await server.ask({ type: 'stats' }, 'stats');
    rows.push({ label: 'mix of all scenarios', connections: 1, seconds: SINGLE_SECONDS, ...single });

    console.log(`\nLatency, ${kind} (budget p95 ≤ ${BUDGET_MS[kind]} ms):`);
    console.log(
      table([
        ['scenario', 'conn', 's', 'requests', 'req/s', 'p50', 'p95', 'p99', 'max', 'p95 verdict'],
        ...rows.map((r) => [
          r.label,
          r.connections,
          r.seconds,
          r.count,
          r.rps.toFixed(0),
          ms(r.p50),
          ms(r.p95),
          ms(r.p99),
          ms(r.max),
          verdict(r.p95, BUDGET_MS[kind]),
        ]),
      ]),
    );

    const breakdown = (stats, requests) =>
      Object.entries(stats).map(([statement, s]) => [
        statement,
        (s.count / requests).toFixed(2),
        ms(s.mean),
        ms(s.p50),
        ms(s.p95),
      ]);
    console.log(
      `\nWhere the time goes, ${kind}: database time per statement, measured in the server (includes the wait` +
        ` for ${kind === 'pglite' ? "PGlite's single session" : 'a pooled connection'}):`,
    );
    console.log(
      table([
        ['run', 'statement', 'per request', 'mean', 'p50', 'p95'],
        ...breakdown(mixedStats, mixed.count).map((r) => [`mix, ${CONNECTIONS} conn`, ...r]),
        ...breakdown(singleStats, single.count).map((r) => ['mix, 1 conn', ...r]),
      ]),
    );
    console.log(
      `CPU of the server process per request (${kind === 'pglite' ? 'includes the PGlite engine' : 'without PostgreSQL'}): ` +
        `${ms(mixedCpu / mixed.count)} (mix, ${CONNECTIONS} conn), ${ms(singleCpu / single.count)} (mix, 1 conn)`,
    );
    return rows.map((r) => ({
      budget: `${kind}: ${r.label}, ${r.connections} conn, p95`,
      limit: `≤ ${BUDGET_MS[kind]} ms`,
      measured: ms(r.p95),
      verdict: verdict(r.p95, BUDGET_MS[kind]),
    }));
  } finally {
    await server.stop();
  }
}

/** Asks the TypeScript data module for the scenarios (labels and filters) without a build step. */
function loadScenarios() {
  const script =
    "import('./bench/lib/system-integrator-data.ts').then((m) => process.stdout.write(JSON.stringify(m.searchScenarios())))";
  const out = spawnSync(process.execPath, ['--import', 'tsx', '-e', script], { cwd: root, encoding: 'utf8' });
  if (out.status !== 0) throw new Error(`scenarios: ${out.stderr}`);
  return JSON.parse(out.stdout);
}

async function main() {
  const scenarios = loadScenarios();
  const rows = [];
  if (!only || only === 'pglite') {
    rows.push(
      ...(await benchDatabase('pglite', { BENCH_PGLITE_DIR: join(dataDir, 'pglite-system-integrators') }, scenarios)),
    );
  }
  if (!only || only === 'postgres') {
    const postgres = startPostgres();
    try {
      rows.push(
        ...(await benchDatabase(
          'postgres',
          { BENCH_DATABASE_URL: databaseUrl(postgres.url, 'lumio_bench') },
          scenarios,
        )),
      );
    } finally {
      postgres.stop();
    }
  }
  reportBudgets('system-integrator-list', rows);
}

await main();
