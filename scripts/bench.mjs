// `npm run bench`: runs the benchmarks of bench/ one after the other and prints every measured
// figure next to its budget (issues 2 and 3, "Budgets"). Budgets are reported, not enforced: a figure
// over budget prints OVER, and only a benchmark that crashes (or, for the cluster, whose checks
// fail) makes the exit code non-zero.
//
// Usage: npm run bench [-- <names>] [-- --quick] [-- --seconds 10]
//   names pick benchmarks (default: all), in the order of BENCHMARKS;
//   --quick runs each at its smallest setting (QUICK below): CI does, so that none breaks unnoticed
//     (figures from such a run are not comparable with bench/README.md);
//   further flags go to bench/system-integrators.mjs (run the others directly for their own flags).
import { spawn } from 'node:child_process';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { RESULT_MARKER, table } from '../bench/lib/report.mjs';

const root = new URL('..', import.meta.url).pathname;
const BENCHMARKS = {
  bundle: ['bench/bundle-size.mjs'],
  'wire-bytes': ['bench/wire-bytes.mjs'],
  lighthouse: ['bench/lighthouse.mjs'],
  startup: ['bench/startup.mjs'],
  'system-integrators': ['bench/system-integrators.mjs'],
  'document-upload': ['bench/document-upload.mjs'],
  approval: ['bench/approval.mjs'],
  recovery: ['bench/recovery.mjs'],
  'device-api': ['bench/device-api.mjs'],
  reports: ['bench/reports.mjs'],
  dashboard: ['bench/dashboard.mjs'],
  statements: ['bench/statements.mjs'],
  retention: ['bench/retention.mjs'],
  'audit-log': ['bench/audit-log.mjs'],
  keycloak: ['bench/keycloak.mjs'],
  'rate-limit': ['bench/rate-limit.mjs'],
  cluster: ['bench/cluster.mjs'],
};

/** Each benchmark's smallest setting: it still runs every step, on the least data and time. */
const QUICK = {
  bundle: ['--runs', '1'],
  'wire-bytes': [],
  lighthouse: ['--quick'],
  startup: ['--runs', '1'],
  'system-integrators': ['--seconds', '1'],
  'document-upload': ['--count', '20', '--seconds', '1'],
  approval: ['--approvals', '20', '--rounds', '1'],
  recovery: ['--runs', '1', '--load', '1', '--settle', '5'],
  'device-api': ['--seconds', '1', '--rounds', '1', '--exhaust-units', '20'],
  reports: ['--sizes', '10000'],
  dashboard: ['--quick'],
  statements: ['--quick'],
  retention: ['--quick'],
  'audit-log': ['--quick'],
  keycloak: ['--runs', '1'],
  'rate-limit': ['--seconds', '1', '--rounds', '1'],
  cluster: ['--quick'],
};

const args = process.argv.slice(2);
const quick = args.includes('--quick');
const names = [];
const extra = [];
for (let i = 0; i < args.length; i++) {
  if (args[i] === '--quick') continue;
  if (args[i] in BENCHMARKS) names.push(args[i]);
  else if (args[i].startsWith('--'))
    extra.push(args[i], ...(args[i + 1] && !args[i + 1].startsWith('--') ? [args[++i]] : []));
  else {
    console.error(`Unknown benchmark ${args[i]}. Known: ${Object.keys(BENCHMARKS).join(', ')}`);
    process.exit(2);
  }
}

/** Runs one benchmark, passing its output through and collecting its result lines. */
function run(name) {
  return new Promise((resolve) => {
    const [script, ...rest] = BENCHMARKS[name];
    const child = spawn(
      process.execPath,
      [join(root, script), ...rest, ...(quick ? QUICK[name] : []), ...(name === 'system-integrators' ? extra : [])],
      { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] },
    );
    const results = [];
    let buffered = '';
    child.stdout.on('data', (chunk) => {
      buffered += chunk;
      const lines = buffered.split('\n');
      buffered = lines.pop();
      for (const line of lines) {
        if (line.startsWith(RESULT_MARKER)) results.push(JSON.parse(line.slice(RESULT_MARKER.length)));
        else console.log(line);
      }
    });
    // 'close': the result lines are all read only then ('exit' may come before the last chunk).
    child.on('close', (code, signal) => {
      if (buffered) console.log(buffered);
      resolve({ name, ok: code === 0, status: signal ?? code, results });
    });
  });
}

const load = () => loadavg()[0].toFixed(2);
const cores = cpus().length;
const started = performance.now();
const loadBefore = load();
const outcomes = [];
for (const name of names.length ? names : Object.keys(BENCHMARKS)) {
  console.log(`\n##### ${name}`);
  const benchStarted = performance.now();
  const outcome = await run(name);
  outcome.seconds = (performance.now() - benchStarted) / 1000;
  console.log(`##### ${name}: ${outcome.seconds.toFixed(0)} s`);
  outcomes.push(outcome);
}

console.log(
  `\n##### Summary (${((performance.now() - started) / 1000).toFixed(0)} s; Node ${process.version}, ${cores} cores)`,
);
const rows = outcomes.flatMap((o) =>
  o.results.flatMap((r) => r.rows.map((row) => [row.budget, row.limit, row.measured, row.verdict])),
);
if (rows.length) console.log(table([['budget', 'limit', 'measured', 'verdict'], ...rows]));
console.log(`time per benchmark: ${outcomes.map((o) => `${o.name} ${o.seconds.toFixed(0)} s`).join(', ')}`);
// The load before the run is other processes' only; during and after, it includes the
// benchmark's own server, database and load generator.
console.log(`load average (1 min) before the run: ${loadBefore} on ${cores} cores`);
if (Number(loadBefore) > 1) {
  console.log('Note: other processes were busy when the run started; latencies and start-up times may be inflated.');
}
const crashed = outcomes.filter((o) => !o.ok);
for (const o of crashed) console.error(`${o.name} crashed or failed its checks (exit ${o.status}).`);
process.exit(crashed.length ? 1 : 0);
