// Issue 23, part 6: what a rate-limited request costs. GET /config/config.json is the lightest
// limited route (no database access of its own, loaded on every page view), so the limiter's share
// of its time is the largest of any route. Autocannon with 10 connections, on PGlite (in memory)
// and on PostgreSQL, from one client address (every request counts on one key) and from a new
// address per request (X-Forwarded-For through the trusted loopback proxy: a new key each time,
// as many clients would). The rounds alternate the two, so a change in the machine's load hits
// both alike. No answer may be a 429 (the limit is raised far out of reach).
//
// Usage: node bench/rate-limit.mjs [--only postgres|pglite] [--seconds 8] [--rounds 3]
import { loadavg } from 'node:os';
import { startChildServer } from './lib/child-server.mjs';
import { runLoad } from './lib/load.mjs';
import { databaseUrl, startPostgres } from './lib/postgres.mjs';
import { median, reportBudgets, table } from './lib/report.mjs';

const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : fallback;
};
const ONLY = arg('only', undefined);
const SECONDS = Number(arg('seconds', 8));
const ROUNDS = Number(arg('rounds', 3));
const CONNECTIONS = 10;
const DATABASE = 'lumio_bench_rate_limit';

const load = () => loadavg()[0].toFixed(1);
const randomAddress = () =>
  `198.${18 + Math.floor(Math.random() * 2)}.${Math.floor(Math.random() * 256)}.${1 + Math.floor(Math.random() * 254)}`;

function configLoad(port, manyAddresses) {
  return runLoad(
    {
      url: `http://127.0.0.1:${port}`,
      connections: CONNECTIONS,
      duration: SECONDS,
      requests: [
        {
          method: 'GET',
          path: '/config/config.json',
          ...(manyAddresses
            ? {
                setupRequest: (request) => ({
                  ...request,
                  headers: { ...request.headers, 'x-forwarded-for': randomAddress() },
                }),
              }
            : {}),
        },
      ],
    },
    200,
  );
}

async function measure(name, env, rows, lines) {
  const server = startChildServer('bench/rate-limit-server.ts', env);
  try {
    const { port } = await server.ready;
    // Warm-up: JIT, the pool's connections, the table's pages.
    await configLoad(port, true).catch(() => undefined);
    const runs = { one: [], many: [] };
    for (let round = 1; round <= ROUNDS; round++) {
      const order = round % 2 ? ['one', 'many'] : ['many', 'one'];
      for (const mode of order) {
        const loadBefore = load();
        const stats = await configLoad(port, mode === 'many');
        runs[mode].push(stats);
        lines.push([
          name,
          String(round),
          mode === 'one' ? 'one address' : 'new address each',
          `${Math.round(stats.rps).toLocaleString('en')}/s`,
          `${stats.p50.toFixed(1)} ms`,
          `${stats.p95.toFixed(1)} ms`,
          `${loadBefore} → ${load()}`,
        ]);
      }
    }
    for (const mode of ['one', 'many']) {
      rows.push({
        budget: `${name}: GET /config/config.json, ${CONNECTIONS} connections, ${mode === 'one' ? 'one client address' : 'a new address per request'} (median of ${ROUNDS})`,
        limit: '(info)',
        measured: `${Math.round(median(runs[mode].map((s) => s.rps))).toLocaleString('en')}/s, p95 ${median(runs[mode].map((s) => s.p95)).toFixed(1)} ms`,
        verdict: 'info',
      });
    }
  } finally {
    await server.stop();
  }
}

const rows = [];
const lines = [];
console.log(`rate-limit benchmark, load average ${load()}; ${ROUNDS} rounds of ${SECONDS} s`);
if (ONLY !== 'postgres') await measure('PGlite', {}, rows, lines);
if (ONLY !== 'pglite') {
  const pg = startPostgres();
  try {
    await measure('PostgreSQL', { BENCH_DATABASE_URL: databaseUrl(pg.url, DATABASE) }, rows, lines);
  } finally {
    pg.stop();
  }
}
console.log(table([['database', 'round', 'clients', 'req/s', 'p50', 'p95', 'load'], ...lines]));
reportBudgets('rate limit (issue 23)', rows);
