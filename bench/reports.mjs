// Budgets (issue 14, identification-process reports):
// - 1,000,000 processes on PostgreSQL into a ZIP in ≤ 10 s, with the worker's peak RSS ≤ 256 MB,
//   constant in the number of rows (100,000 and 1,000,000 side by side);
// - 100,000 processes on PGlite (the embedded database of `npm start`) in ≤ 10 s;
// - the report list (GET /api/identification-process/reports) answers in ≤ 20 ms p95 while a
//   report is being built.
//
// PostgreSQL: bench/report-server.ts is the API (no workers) on a fresh database with 1,000,000
// processes over 1,000 days; a real `npm run worker` builds the reports, a fresh one per size, so its peak RSS (VmHWM) is that build's.
// The 100,000 are the last 100 days. Time is from the request (the API queues the job) to the
// report's row saying Completed (polled every 20 ms), and the build alone as the worker logs it.
// The worker is the bundle `npm run worker` runs (dist-server/worker.mjs, built when stale).
// The biggest report is then downloaded through the API process (its chunks read from the
// database), timed, with the API's peak RSS before and after.
// The list: one client asks GET …/reports back to back (autocannon, one connection) first with
// nothing running, then while the API process itself builds the 1,000,000 (JOB_WORKERS on, as
// `npm start` runs it). PGlite: the same in one process, with 100,000 processes.
//
// Usage: node bench/reports.mjs [--only postgres|pglite] [--sizes 100000,1000000] [--reuse] [--list-only]
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';

import {
  buildServer,
  SERVER_BUNDLE,
  SERVER_SOURCES,
  WORKER_BUNDLE,
  WORKER_NODE_FLAGS,
} from '../scripts/build-server.mjs';
import { isStale } from '../scripts/lib/freshness.mjs';
import { startChildServer } from './lib/child-server.mjs';
import { runLoad } from './lib/load.mjs';
import { databaseUrl, startPostgres } from './lib/postgres.mjs';
import { reportBudgets, table, verdict } from './lib/report.mjs';

const root = new URL('..', import.meta.url).pathname;
const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : fallback;
};
const ONLY = arg('only', undefined);
/** Keep the PostgreSQL database of an earlier run when it holds the processes (seeding takes a minute). */
const REUSE = process.argv.includes('--reuse');
const LIST_ONLY = process.argv.includes('--list-only');
const SIZES = arg('sizes', '100000,1000000').split(',').map(Number);
const BIGGEST = Math.max(...SIZES);
const TOTAL_DAYS = 1000;
const BUILD_BUDGET_S = 10;
const RSS_BUDGET_MB = 256;
const LIST_P95_BUDGET_MS = 20;
const DATABASE = 'lumio_bench_reports';

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const load = () => loadavg()[0].toFixed(1);
const isoDay = (date) => date.toISOString().slice(0, 10);
/** The last `days` days up to today (Germany's day is near enough for a period of whole days). */
const lastDays = (days) => ({
  startDate: isoDay(new Date(Date.now() - (days - 1) * 86_400_000)),
  endDate: isoDay(new Date(Date.now() + 86_400_000)),
});
/** The period holding about `size` of the seeded processes (spread evenly over TOTAL_DAYS). */
const periodFor = (size, total) => lastDays(size >= total ? TOTAL_DAYS + 1 : Math.round((TOTAL_DAYS * size) / total));

/** Peak and current resident memory of a process in MiB (Linux /proc). */
function memoryOf(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field) => Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)?.[1] ?? NaN);
  return { peakMb: kb('VmHWM') / 1024, rssMb: kb('VmRSS') / 1024 };
}

/** Waits until the report is Completed; answers its row and the seconds since `since`. */
async function waitCompleted(server, id, since, timeoutMs = 300_000) {
  for (;;) {
    const { report } = await server.ask({ type: 'report', id }, 'report');
    if (report.state === 'Completed') return { report, seconds: (performance.now() - since) / 1000 };
    if (report.state === 'Failed') throw new Error(`report ${id} failed`);
    if (performance.now() - since > timeoutMs) throw new Error(`report ${id} still ${report.state}`);
    await sleep(20);
  }
}

/** A real `npm run worker` against the database; resolves once it runs, with its pid and its log lines. */
async function startWorker(env) {
  // What `npm run worker` starts (scripts/worker.mjs), without the npm and script processes around it.
  const child = spawn(process.execPath, [...WORKER_NODE_FLAGS, WORKER_BUNDLE], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines = [];
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr += chunk));
  await new Promise((resolve, reject) => {
    child.stdout.on('data', (chunk) => {
      for (const line of String(chunk).split('\n')) {
        if (!line) continue;
        lines.push(line);
        if (line.includes('Lumio-Worker läuft')) resolve();
      }
    });
    child.on('exit', (code) => reject(new Error(`worker exited (${code}): ${stderr.slice(-2000)}`)));
  });
  return {
    pid: child.pid,
    /** The worker's own figure for the build: its 'report built' log line. */
    builtMs: (id) => {
      for (const line of lines) {
        try {
          const entry = JSON.parse(line);
          if (entry.msg === 'report built' && entry.reportId === id) return entry.ms;
        } catch {
          // Not a JSON line.
        }
      }
      return NaN;
    },
    stop: async () => {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/**
 * Downloads a built report through the API process as a browser would; the API's peak RSS
 * (VmHWM) before and after shows whether the file passed through its memory whole.
 */
async function download(ready, build) {
  const before = memoryOf(ready.pid);
  const since = performance.now();
  const res = await fetch(`http://127.0.0.1:${ready.port}/api/identification-process/reports/${build.id}`, {
    headers: { authorization: `Bearer ${ready.token}` },
  });
  if (res.status !== 200) throw new Error(`download: ${res.status} ${await res.text()}`);
  let bytes = 0;
  for await (const chunk of res.body) bytes += chunk.length;
  const seconds = (performance.now() - since) / 1000;
  if (bytes !== build.bytes) throw new Error(`download: ${bytes} bytes, the report has ${build.bytes}`);
  const after = memoryOf(ready.pid);
  return { mb: bytes / 1e6, seconds, rssBefore: before.rssMb, peakBefore: before.peakMb, peakAfter: after.peakMb };
}

async function listLoad(port, token, seconds) {
  return runLoad(
    {
      url: `http://127.0.0.1:${port}/api/identification-process/reports?pageSize=20`,
      connections: 1,
      duration: seconds,
      headers: { authorization: `Bearer ${token}` },
    },
    200,
  );
}

/** The list with nothing running, then while the server's own worker builds `body`'s report. */
async function listWhileBuilding(server, ready, body) {
  const idle = await listLoad(ready.port, ready.token, 3);
  const since = performance.now();
  const { id } = await server.ask({ type: 'request', body }, 'requested');
  const loadRun = listLoad(ready.port, ready.token, 4);
  const built = await waitCompleted(server, id, since);
  const busy = await loadRun;
  return { idle, busy, built };
}

async function postgres(rows, info) {
  if (isStale(SERVER_BUNDLE, SERVER_SOURCES) || isStale(WORKER_BUNDLE, SERVER_SOURCES)) await buildServer();
  const pgServer = startPostgres();
  try {
    const url = databaseUrl(pgServer.url, DATABASE);
    console.log(`PostgreSQL: seeding ${BIGGEST.toLocaleString('en')} processes … (load ${load()})`);
    const api = startChildServer('bench/report-server.ts', {
      BENCH_DATABASE_URL: url,
      BENCH_PROCESSES: String(BIGGEST),
      BENCH_FRESH: REUSE ? '0' : '1',
      JOB_WORKERS: 'false',
    });
    const ready = await api.ready;
    console.log(`  seeded in ${(ready.seedMs / 1000).toFixed(1)} s`);
    const builds = [];
    const downloads = [];
    try {
      for (const size of LIST_ONLY ? [] : SIZES) {
        const worker = await startWorker({
          NODE_ENV: 'development',
          LOG_LEVEL: 'info',
          // builtMs reads the worker's JSON lines; development would print pino-pretty's.
          LOG_FORMAT: 'json',
          EMBEDDED: 'false',
          PUBLIC_URL: 'http://localhost:8080',
          KEYCLOAK_URL: 'http://127.0.0.1:1',
          // Required without the embedded services; building a report never calls Keycloak.
          KEYCLOAK_ADMIN_CLIENT_SECRET: 'bench-unused',
          DATABASE_URL: url,
          SMTP_URL: `smtp://127.0.0.1:${ready.smtpPort}`,
          DOCUMENT_ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64'),
        });
        try {
          const before = memoryOf(worker.pid);
          const loadBefore = load();
          const since = performance.now();
          const { id } = await api.ask({ type: 'request', body: periodFor(size, BIGGEST) }, 'requested');
          const { report, seconds } = await waitCompleted(api, id, since);
          const after = memoryOf(worker.pid);
          builds.push({
            id,
            size,
            processes: report.process_count,
            seconds,
            buildMs: worker.builtMs(id),
            bytes: Number(report.file_size),
            mb: Number(report.file_size) / 1e6,
            startRss: before.rssMb,
            peak: after.peakMb,
            load: `${loadBefore} → ${load()}`,
          });
        } finally {
          await worker.stop();
        }
      }
      if (builds.length) downloads.push(await download(ready, builds[builds.length - 1]));
    } finally {
      await api.stop();
    }
    console.log(
      table([
        [
          'processes',
          'request → Completed',
          'build (worker log)',
          'ZIP',
          'worker RSS at start',
          'worker peak RSS',
          'load',
        ],
        ...builds.map((b) => [
          b.processes.toLocaleString('en'),
          `${b.seconds.toFixed(2)} s`,
          `${(b.buildMs / 1000).toFixed(2)} s`,
          `${b.mb.toFixed(1)} MB`,
          `${b.startRss.toFixed(0)} MB`,
          `${b.peak.toFixed(0)} MB`,
          b.load,
        ]),
      ]),
    );
    for (const d of downloads) {
      info.push(
        `PostgreSQL download of ${d.mb.toFixed(1)} MB through the API (chunks read from the database): ${d.seconds.toFixed(2)} s; ` +
          `API process RSS ${d.rssBefore.toFixed(0)} MB before, peak ${d.peakBefore.toFixed(0)} → ${d.peakAfter.toFixed(0)} MB`,
      );
      rows.push({
        budget: `PostgreSQL: download of the ${d.mb.toFixed(1)} MB report through the API`,
        limit: '(info)',
        measured: `${d.seconds.toFixed(2)} s, API peak RSS +${(d.peakAfter - d.peakBefore).toFixed(0)} MB`,
        verdict: 'info',
      });
    }
    for (const b of builds) {
      rows.push({
        budget: `PostgreSQL: ${b.processes.toLocaleString('en')} processes into a ZIP`,
        limit: `≤ ${BUILD_BUDGET_S} s`,
        measured: `${b.seconds.toFixed(2)} s`,
        verdict: b.size >= 1_000_000 ? verdict(b.seconds, BUILD_BUDGET_S) : 'info',
      });
      rows.push({
        budget: `PostgreSQL: worker peak RSS, ${b.processes.toLocaleString('en')} processes`,
        limit: `≤ ${RSS_BUDGET_MB} MB`,
        measured: `${b.peak.toFixed(0)} MB`,
        verdict: verdict(b.peak, RSS_BUDGET_MB),
      });
    }

    // The list while the API process builds the biggest report itself (npm start's setup).
    const inProcess = startChildServer('bench/report-server.ts', {
      BENCH_DATABASE_URL: url,
      BENCH_PROCESSES: String(BIGGEST),
      BENCH_FRESH: '0',
      JOB_WORKERS: 'true',
    });
    try {
      const ready2 = await inProcess.ready;
      const loadBefore = load();
      const { idle, busy, built } = await listWhileBuilding(inProcess, ready2, periodFor(BIGGEST, BIGGEST));
      info.push(
        `PostgreSQL list: idle p50/p95 ${idle.p50.toFixed(1)}/${idle.p95.toFixed(1)} ms (${idle.count} requests); ` +
          `while building ${built.report.process_count.toLocaleString('en')} in the same process (${built.seconds.toFixed(1)} s) ` +
          `p50/p95/max ${busy.p50.toFixed(1)}/${busy.p95.toFixed(1)}/${busy.max.toFixed(1)} ms (${busy.count} requests); load ${loadBefore} → ${load()}`,
      );
      rows.push({
        budget: 'PostgreSQL: report list p95 while a report is built',
        limit: `≤ ${LIST_P95_BUDGET_MS} ms`,
        measured: `${busy.p95.toFixed(1)} ms`,
        verdict: verdict(busy.p95, LIST_P95_BUDGET_MS),
      });
    } finally {
      await inProcess.stop();
    }
  } finally {
    pgServer.stop();
  }
}

async function pglite(rows, info) {
  const size = Math.min(...SIZES);
  console.log(`PGlite: seeding ${size.toLocaleString('en')} processes … (load ${load()})`);
  const server = startChildServer('bench/report-server.ts', { BENCH_PROCESSES: String(size), JOB_WORKERS: 'true' });
  try {
    const ready = await server.ready;
    console.log(`  seeded in ${(ready.seedMs / 1000).toFixed(1)} s`);
    const loadBefore = load();
    const since = performance.now();
    const { id } = await server.ask({ type: 'request', body: periodFor(size, size) }, 'requested');
    const { report, seconds } = await waitCompleted(server, id, since);
    info.push(
      `PGlite build: ${report.process_count.toLocaleString('en')} processes, ${(Number(report.file_size) / 1e6).toFixed(1)} MB, load ${loadBefore} → ${load()}`,
    );
    rows.push({
      budget: `PGlite: ${report.process_count.toLocaleString('en')} processes into a ZIP`,
      limit: `≤ ${BUILD_BUDGET_S} s`,
      measured: `${seconds.toFixed(2)} s`,
      verdict: verdict(seconds, BUILD_BUDGET_S),
    });
    const { idle, busy, built } = await listWhileBuilding(server, ready, periodFor(size, size));
    info.push(
      `PGlite list: idle p50/p95 ${idle.p50.toFixed(1)}/${idle.p95.toFixed(1)} ms; while building ` +
        `${built.report.process_count.toLocaleString('en')} (${built.seconds.toFixed(1)} s) p50/p95/max ` +
        `${busy.p50.toFixed(1)}/${busy.p95.toFixed(1)}/${busy.max.toFixed(1)} ms (${busy.count} requests)`,
    );
    rows.push({
      budget: 'PGlite: report list p95 while a report is built',
      limit: `≤ ${LIST_P95_BUDGET_MS} ms`,
      measured: `${busy.p95.toFixed(1)} ms`,
      verdict: verdict(busy.p95, LIST_P95_BUDGET_MS),
    });
  } finally {
    await server.stop();
  }
}

const rows = [];
const info = [];
console.log(
  `reports benchmark, load average ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
);
if (ONLY !== 'pglite') await postgres(rows, info);
if (ONLY !== 'postgres') await pglite(rows, info);
for (const line of info) console.log(line);
console.log(
  `load average at the end ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
);
reportBudgets('reports (issue 14)', rows);
