// `npm run bench`: runs the benchmarks of bench/ one after the other and prints every measured
// figure next to its budget (issues 2 and 3, "Budgets"). Budgets are reported, not enforced: a figure
// over budget prints OVER, and only a benchmark that crashes makes the exit code non-zero.
//
// Usage: npm run bench [-- bundle startup system-integrators document-upload approval recovery device-api reports keycloak rate-limit] [-- --seconds 10]
//   names pick benchmarks (default: all); further flags go to bench/system-integrators.mjs
//   (run bench/document-upload.mjs directly for its --count and --seconds).
import { spawn } from 'node:child_process';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { RESULT_MARKER, table } from '../bench/lib/report.mjs';

const root = new URL('..', import.meta.url).pathname;
const BENCHMARKS = {
  bundle: ['bench/bundle-size.mjs'],
  startup: ['bench/startup.mjs'],
  'system-integrators': ['bench/system-integrators.mjs'],
  'document-upload': ['bench/document-upload.mjs'],
  approval: ['bench/approval.mjs'],
  recovery: ['bench/recovery.mjs'],
  'device-api': ['bench/device-api.mjs'],
  reports: ['bench/reports.mjs'],
  keycloak: ['bench/keycloak.mjs'],
  'rate-limit': ['bench/rate-limit.mjs'],
};

const args = process.argv.slice(2);
const names = [];
const extra = [];
for (let i = 0; i < args.length; i++) {
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
      [join(root, script), ...rest, ...(name === 'system-integrators' ? extra : [])],
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
    child.on('exit', (code, signal) => {
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
  outcomes.push(await run(name));
}

console.log(
  `\n##### Summary (${((performance.now() - started) / 1000).toFixed(0)} s; Node ${process.version}, ${cores} cores)`,
);
const rows = outcomes.flatMap((o) =>
  o.results.flatMap((r) => r.rows.map((row) => [row.budget, row.limit, row.measured, row.verdict])),
);
if (rows.length) console.log(table([['budget', 'limit', 'measured', 'verdict'], ...rows]));
// The load before the run is other processes' only; during and after, it includes the
// benchmark's own server, database and load generator.
console.log(`load average (1 min) before the run: ${loadBefore} on ${cores} cores`);
if (Number(loadBefore) > 1) {
  console.log('Note: other processes were busy when the run started; latencies and start-up times may be inflated.');
}
const crashed = outcomes.filter((o) => !o.ok);
for (const o of crashed) console.error(`${o.name} crashed (exit ${o.status}).`);
process.exit(crashed.length ? 1 : 0);
