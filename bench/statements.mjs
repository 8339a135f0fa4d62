// Budgets (issue 27, "Speed"): a month with 100,000 processes across 500 studios builds its
// statements in under 30 s on this machine, and a single PDF in under 2 s.
//
// bench/statement-server.ts is the real app on an in-memory PGlite (the embedded database of
// `npm start`) with the demo data and, written straight into the database, --stores studios of
// --companies companies of their own and --processes processes in the month before the running one.
// Measured there: the monthly job's own function (issueMonthStatements: every company with a
// licence or processes, each built and issued in its transaction) for that month; then the
// largest statement (most devices) as PDF, the renderer alone and GET …/statement/{month}/pdf
// through the app (access check, reading the issued JSON, rendering), three times each, the worst
// counted; its pages and bytes, and its CSV.
//
// Usage: node bench/statements.mjs [--processes 100000] [--stores 500] [--companies 1] [--quick]
//   --quick: 10,000 processes across 50 studios (CI: that it runs, not the figures)
//   BENCH_STATEMENT_PDF=.tmp/statement.pdf keeps the largest statement's PDF to look at.
import { loadavg } from 'node:os';
import { startChildServer } from './lib/child-server.mjs';
import { reportBudgets, table, verdict } from './lib/report.mjs';

const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : fallback;
};
const QUICK = process.argv.includes('--quick');
const PROCESSES = Number(arg('processes', QUICK ? 10_000 : 100_000));
const STORES = Number(arg('stores', QUICK ? 50 : 500));
const COMPANIES = Number(arg('companies', 1));
const ISSUE_BUDGET_S = 30;
const PDF_BUDGET_S = 2;

const load = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');
const seconds = (ms) => `${(ms / 1000).toFixed(2)} s`;

console.log(`statements benchmark, load average ${load()}`);
console.log(
  `PGlite: seeding ${PROCESSES.toLocaleString('en')} processes across ${STORES} studios of ${COMPANIES} companies …`,
);
const server = startChildServer('bench/statement-server.ts', {
  BENCH_STATEMENT_PROCESSES: String(PROCESSES),
  BENCH_STORES: String(STORES),
  BENCH_COMPANIES: String(COMPANIES),
});
const rows = [];
try {
  const ready = await server.ready;
  console.log(`  seeded in ${seconds(ready.seedMs)} (month ${ready.month}, ${ready.kind})`);
  const loadBefore = load();
  const r = await server.ask({ type: 'run' }, 'result');
  const l = r.largest;
  const worstRender = Math.max(...l.renderMs);
  const worstRoute = Math.max(...l.routeMs);
  console.log(
    table([
      ['what', 'figure'],
      ['processes in the month (with the demo data)', r.processes.toLocaleString('en')],
      ['companies issued', `${r.issued} of ${r.companies} statements`],
      ['build + issue every statement', seconds(r.issueMs)],
      ['largest statement', `${l.stores} studios, ${l.devices} devices, ${l.billable.toLocaleString('en')} billable`],
      ['its PDF', `${l.pages} pages, ${(l.bytes / 1024).toFixed(0)} KiB`],
      ['PDF renderer (3 runs)', l.renderMs.map(seconds).join(', ')],
      ['PDF renderer, CPU time (3 runs)', l.renderCpuMs.map(seconds).join(', ')],
      ['GET …/pdf through the app (3 runs)', l.routeMs.map(seconds).join(', ')],
      ['its CSV', `${seconds(l.csvMs)}, ${(l.csvBytes / 1024).toFixed(0)} KiB`],
      ['load average', `${loadBefore} → ${load()}`],
    ]),
  );
  rows.push(
    {
      budget: `PGlite: statements of a month with ${r.processes.toLocaleString('en')} processes, ${STORES} studios, built and issued`,
      limit: `≤ ${ISSUE_BUDGET_S} s`,
      measured: seconds(r.issueMs),
      verdict: verdict(r.issueMs / 1000, ISSUE_BUDGET_S),
    },
    {
      budget: `PGlite: PDF of the largest statement (${l.stores} studios, ${l.pages} pages) through the app`,
      limit: `≤ ${PDF_BUDGET_S} s`,
      measured: seconds(worstRoute),
      verdict: verdict(worstRoute / 1000, PDF_BUDGET_S),
    },
    {
      budget: 'PGlite: the same PDF, renderer alone',
      limit: '(info)',
      measured: `${seconds(worstRender)} (CPU ${seconds(Math.max(...l.renderCpuMs))}), ${(l.bytes / 1024).toFixed(0)} KiB`,
      verdict: 'info',
    },
  );
} finally {
  await server.stop();
}
reportBudgets('statements (issue 27)', rows);
