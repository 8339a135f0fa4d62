// Budget (issue 28, "Speed"): the audit log (GET /api/audit) answers a filtered page over
// 1,000,000 audit rows within 2× the same query run directly in PostgreSQL.
//
// bench/audit-log-server.ts is the real app with the demo data on PostgreSQL (scripts/ci-postgres.sh's
// cluster, bench/lib/postgres.mjs) and the audit rows written straight into audit_events, spread
// over the last 1,000 days, round-robin over the 41 actions, 500 companies (the demo company one
// of them) and 2,000 people (the demo LumioAdmin one of them). For each case the benchmark asks
// the API `--repeat` times in a row (one keep-alive connection, after a warm-up) and runs the
// same two statements the repository runs (the page with the actors' names and the companies'
// names, and the count; side by side on two connections, as the API's pool does) as often on
// its own connection, and compares the medians. The direct figure includes its round trips to
// the server, as the API's does; the API's adds HTTP, the token check, validation and JSON.
//
// Both run the very statements: drizzle's for the API (PostgreSQL's statement log of a run showed
// them) and the hand-written ones below, parameter for parameter. The API runs them as named
// statements (planned once per pooled connection); the verdict compares with the query run
// directly as it is, parsed and planned each time, and the table shows the same statements run
// directly as named ones too ("direct, prepared"), so the API's own part can be read off as well.
//
// "floor" is the API's own part of a request that returns nothing (a person without rows): its
// median less the same empty statements' direct median. It is shown, not judged, next to the
// verdict, so that a reader sees how much of a millisecond page is the request rather than the query
// (bench/README.md, "What the budget measures on millisecond pages").
//
// The client is a browser's: it asks with Chromium's Accept-Encoding and decodes the answer in one
// call, as a browser's network stack does natively (fetch's decoding streams in JavaScript and
// added 0.5–0.9 ms to every compressed answer, the client's cost, not the server's).
//
// Usage: node bench/audit-log.mjs [--rows 1000000] [--repeat 30]
//   --quick (CI): 20,000 rows, 10 repeats (under 30 s).
//   BENCH_PG_URL=postgres://… uses a running server instead of starting scripts/ci-postgres.sh's;
//   BENCH_FRESH=0 with it keeps the last run's database and rows (no 35 s of seeding).
import { loadavg } from 'node:os';
import zlib from 'node:zlib';
import pg from 'pg';
import { Agent, request } from 'undici';
import { startChildServer } from './lib/child-server.mjs';
import { databaseUrl, startPostgres } from './lib/postgres.mjs';
import { median, reportBudgets, table, verdict } from './lib/report.mjs';

const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : fallback;
};
const QUICK = process.argv.includes('--quick');
const ROWS = Number(arg('rows', QUICK ? 20_000 : 1_000_000));
const REPEAT = Number(arg('repeat', QUICK ? 10 : 30));
const RATIO_BUDGET = 2;
const DATABASE = 'lumio_bench_audit_log';
const PAGE_SIZE = 20;

const load = () => loadavg()[0].toFixed(1);

/** A day in Germany as 'yyyy-MM-dd', `daysAgo` days before today. */
function germanDay(daysAgo) {
  const day = new Date(Date.now() - daysAgo * 86_400_000);
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin' }).format(day);
}

/** The calendar day after 'yyyy-MM-dd' (the repository compares `to` as "before the day after"). */
function dayAfter(isoDate) {
  const day = new Date(`${isoDate}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + 1);
  return day.toISOString().slice(0, 10);
}

/**
 * The repository's statements (server/modules/audit/audit.repository.ts: rowsOf and list) for a
 * filter: the page, newest first, with the actor's current name and the company's, and the count.
 */
function statements(filter, pageIndex) {
  const where = [];
  const params = [];
  const param = (value) => {
    params.push(value);
    return `$${params.length}`;
  };
  // A day's start in Germany, as the repository's dayStartInGermany; `to` includes its whole day.
  if (filter.from) where.push(`a.at >= (${param(filter.from)}::date::timestamp AT TIME ZONE 'Europe/Berlin')`);
  if (filter.to) where.push(`a.at < (${param(dayAfter(filter.to))}::date::timestamp AT TIME ZONE 'Europe/Berlin')`);
  if (filter.actorId) where.push(`a.actor_id = ${param(filter.actorId)}`);
  if (filter.companyId) where.push(`a.company_id = ${param(filter.companyId)}`);
  if (filter.action) where.push(`a.action = ${param(filter.action)}`);
  const whereSql = where.length ? `WHERE ${where.join(' AND ')}` : '';
  const countParams = [...params];
  const page = {
    text: `SELECT a.id, a.at, a.actor_id, a.actor_email, a.actor_role, u.first_name, u.last_name, a.action,
        a.entity_type, a.entity_id, a.before, a.after, a.company_id, c.name
      FROM audit_events a
      LEFT JOIN users u ON u.id = a.actor_id
      LEFT JOIN companies c ON c.id = a.company_id
      ${whereSql}
      ORDER BY a.at DESC, a.id DESC
      LIMIT ${param(PAGE_SIZE)} OFFSET ${param(pageIndex * PAGE_SIZE)}`,
    values: params,
  };
  const count = { text: `SELECT count(*)::int AS total FROM audit_events a ${whereSql}`, values: countParams };
  return { page, count };
}

/** Chromium's Accept-Encoding. */
const ACCEPT_ENCODING = 'gzip, deflate, br, zstd';
const DECODE = {
  br: zlib.brotliDecompressSync,
  gzip: zlib.gunzipSync,
  deflate: zlib.inflateSync,
  zstd: zlib.zstdDecompressSync,
};
const keepAlive = new Agent({ keepAliveTimeout: 60_000 });

/** GET `url` as a browser would: its answer's status and JSON body, decoded in one call. */
async function getJson(url, token) {
  const response = await request(url, {
    headers: { authorization: `Bearer ${token}`, 'accept-encoding': ACCEPT_ENCODING },
    dispatcher: keepAlive,
  });
  const bytes = Buffer.from(await response.body.arrayBuffer());
  const encoding = response.headers['content-encoding'];
  const body = (encoding ? DECODE[encoding](bytes) : bytes).toString();
  return { status: response.statusCode, body: JSON.parse(body) };
}

async function timed(fn) {
  const started = performance.now();
  await fn();
  return performance.now() - started;
}

async function measure(ready, pgUrl) {
  const direct = [new pg.Client({ connectionString: pgUrl }), new pg.Client({ connectionString: pgUrl })];
  await Promise.all(direct.map((client) => client.connect()));
  const from = germanDay(30);
  const to = germanDay(0);
  const action = 'store.updated';
  const base = `http://127.0.0.1:${ready.port}/api/audit`;
  try {
    const total = async (token, filter) => {
      const query = new URLSearchParams({ ...filter, pageSize: '1' });
      return (await getJson(`${base}?${query}`, token)).body.totalItemCount;
    };
    const admin = ready.tokens.LumioAdmin;
    /** @type {{ name: string, token: string, filter: Record<string,string>, deep?: boolean, sqlFilter?: Record<string,string> }[]} */
    const cases = [
      { name: 'no filter, page 1', token: admin, filter: {} },
      { name: 'action + 30 days, page 1', token: admin, filter: { action, from, to } },
      { name: 'action + 30 days, last page', token: admin, filter: { action, from, to }, deep: true },
      { name: 'actor, page 1', token: admin, filter: { actorId: ready.actorId } },
      { name: 'actor, last page', token: admin, filter: { actorId: ready.actorId }, deep: true },
      { name: 'company, page 1', token: admin, filter: { companyId: ready.companyId } },
      { name: 'company + action, page 1', token: admin, filter: { companyId: ready.companyId, action } },
      { name: 'company, last page', token: admin, filter: { companyId: ready.companyId }, deep: true },
      // The Owner names no company: the server reads the own one's rows.
      {
        name: 'Owner (own company), page 1',
        token: ready.tokens.Owner,
        filter: {},
        sqlFilter: { companyId: ready.companyId },
      },
      { name: 'no filter, page 1,000', token: admin, filter: {}, pageIndex: 999 },
    ];
    // The request floor: what the API costs beyond its statements when they find nothing (a filter
    // for a person without rows: HTTP, token and account check, validation, both statements on an
    // index that holds no entry, an empty JSON page), less the same statements run directly.
    const nobody = { actorId: '00000000-0000-4000-8000-000000000000' };
    const emptyUrl = `${base}?${new URLSearchParams({ ...nobody, pageIndex: '0', pageSize: String(PAGE_SIZE) })}`;
    const empty = statements(nobody, 0);
    const apiEmpty = async () => {
      const { status, body } = await getJson(emptyUrl, admin);
      if (status !== 200 || body.totalItemCount !== 0)
        throw new Error(`GET ${emptyUrl}: ${status} ${JSON.stringify(body)}`);
    };
    const sqlEmpty = () => Promise.all([direct[0].query(empty.page), direct[1].query(empty.count)]);
    const lines = [
      [
        'case',
        'rows',
        'page',
        'API median',
        'direct median',
        'ratio',
        'floor',
        'API − floor',
        'ratio over floor',
        'direct, prepared',
        'load',
      ],
    ];
    const rows = [];
    for (const c of cases) {
      const matching = await total(c.token, c.filter);
      const pageIndex = c.pageIndex ?? (c.deep ? Math.max(0, Math.ceil(matching / PAGE_SIZE) - 1) : 0);
      const query = new URLSearchParams({ ...c.filter, pageIndex: String(pageIndex), pageSize: String(PAGE_SIZE) });
      const url = `${base}?${query}`;
      const { page, count } = statements(c.sqlFilter ?? c.filter, pageIndex);
      const api = async () => {
        const { status, body } = await getJson(url, c.token);
        if (status !== 200) throw new Error(`GET ${url}: ${status} ${JSON.stringify(body)}`);
      };
      const sqlRun = () => Promise.all([direct[0].query(page), direct[1].query(count)]);
      const name = `bench_${cases.indexOf(c)}`;
      const preparedRun = () =>
        Promise.all([
          direct[0].query({ ...page, name: `${name}_page` }),
          direct[1].query({ ...count, name: `${name}_count` }),
        ]);
      // Warm-up: plans, the tables' pages, the JIT.
      for (let i = 0; i < 3; i++) {
        await api();
        await sqlRun();
        await preparedRun();
        await apiEmpty();
        await sqlEmpty();
      }
      const loadBefore = load();
      const times = { api: [], sql: [], prepared: [], apiEmpty: [], sqlEmpty: [] };
      // Alternating, so that all see the same state of the machine.
      for (let i = 0; i < REPEAT; i++) {
        times.api.push(await timed(api));
        times.sql.push(await timed(sqlRun));
        times.prepared.push(await timed(preparedRun));
        times.apiEmpty.push(await timed(apiEmpty));
        times.sqlEmpty.push(await timed(sqlEmpty));
      }
      const apiMs = median(times.api);
      const sqlMs = median(times.sql);
      const preparedMs = median(times.prepared);
      const floorMs = Math.max(0, median(times.apiEmpty) - median(times.sqlEmpty));
      const ratio = apiMs / sqlMs;
      const overFloor = (apiMs - floorMs) / sqlMs;
      lines.push([
        c.name,
        matching.toLocaleString('en'),
        String(pageIndex + 1),
        `${apiMs.toFixed(2)} ms`,
        `${sqlMs.toFixed(2)} ms`,
        `${ratio.toFixed(2)}×`,
        `${floorMs.toFixed(2)} ms`,
        `${(apiMs - floorMs).toFixed(2)} ms`,
        `${overFloor.toFixed(2)}×`,
        `${preparedMs.toFixed(2)} ms`,
        `${loadBefore} → ${load()}`,
      ]);
      rows.push({
        budget: `GET /api/audit vs direct SQL, ${c.name}, ${ready.seeded.toLocaleString('en')} rows`,
        limit: `≤ ${RATIO_BUDGET}×`,
        measured: `${ratio.toFixed(2)}× (${apiMs.toFixed(1)} / ${sqlMs.toFixed(1)} ms)`,
        verdict: verdict(ratio, RATIO_BUDGET),
      });
    }
    console.log(table(lines));
    return rows;
  } finally {
    await Promise.all(direct.map((client) => client.end()));
  }
}

console.log(`audit log benchmark, ${ROWS.toLocaleString('en')} rows, load average ${load()}`);
const postgres = startPostgres();
const url = databaseUrl(postgres.url, DATABASE);
const server = startChildServer('bench/audit-log-server.ts', {
  BENCH_DATABASE_URL: url,
  BENCH_AUDIT_ROWS: String(ROWS),
  ...(process.env.BENCH_PORT ? { BENCH_PORT: process.env.BENCH_PORT } : {}),
});
try {
  const ready = await server.ready;
  console.log(`  ${ready.seeded.toLocaleString('en')} audit rows, seeded in ${(ready.seedMs / 1000).toFixed(1)} s`);
  reportBudgets('audit log (issue 28)', await measure(ready, url));
} finally {
  await server.stop();
  postgres.stop();
}
