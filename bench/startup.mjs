// Budget 2 (issue 2, tightened by issue 23): `npm start` on an already built app answers
// /config/config.json with 200 within 2 s (5 s before issue 23). Measured from spawning the server process (what scripts/start.mjs spawns once the
// build is current) to the first 200, polling every 10 ms.
//   cold = fresh DATA_DIR: PGlite creates its cluster, runs the migrations and seeds the demo data
//   warm = the DATA_DIR a previous start left behind (the budget applies to this one)
// Median of 3 each. Every server listens on a free loopback port and is stopped with SIGTERM.
//
// Usage: node bench/startup.mjs [--runs 3]
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { median, reportBudgets, verdict } from './lib/report.mjs';
import { spawnServer } from './lib/server-process.mjs';
import { buildServer } from '../scripts/build-server.mjs';

const root = new URL('..', import.meta.url).pathname;
// Issue 23: a warm start within 2 s (was 5 s since issue 2).
const BUDGET_MS = 2000;
const runsArg = process.argv.indexOf('--runs');
const RUNS = runsArg > 0 ? Number(process.argv[runsArg + 1]) : 3;

/** Starts the server on `dataDir`, returns ms until the first 200, then stops it. */
async function timeStart(dataDir) {
  const server = await spawnServer({ dataDir });
  try {
    return await server.serving();
  } finally {
    await server.stop();
  }
}

async function main() {
  console.log(`load average ${loadavg()[0].toFixed(2)} on ${cpus().length} cores`);
  if (!existsSync(join(root, 'dist', 'index.html'))) {
    console.log('Note: dist/ is not built; the server starts without the web app (run `npm run build` first).');
  }
  const base = mkdtempSync(join(tmpdir(), 'lumio-bench-startup-'));
  try {
    const cold = [];
    const warm = [];
    // Each cold start gets its own fresh directory; the warm starts reuse the first one.
    for (let i = 0; i < RUNS; i++) {
      const ms = await timeStart(join(base, `cold-${i}`));
      cold.push(ms);
      console.log(`cold start ${i + 1}: ${ms.toFixed(0)} ms`);
    }
    for (let i = 0; i < RUNS; i++) {
      const ms = await timeStart(join(base, 'cold-0'));
      warm.push(ms);
      console.log(`warm start ${i + 1}: ${ms.toFixed(0)} ms`);
    }
    // One more warm start, step by step, to show where the time goes (bundled like the server).
    await buildServer(['bench/startup-phases.ts']);
    const phases = spawnSync(process.execPath, [join(root, 'dist-server/startup-phases.mjs'), join(base, 'cold-0')], {
      cwd: root,
      encoding: 'utf8',
      env: { ...process.env, NODE_ENV: 'development', DATABASE_URL: '' },
    });
    if (phases.status !== 0) throw new Error(`startup-phases: ${phases.stderr}`);
    const marks = JSON.parse(phases.stdout.trim().split('\n').pop());
    console.log('\nWarm start step by step (ms since the process started):');
    let previous = 0;
    for (const [step, at] of Object.entries(marks)) {
      console.log(
        `  ${String(Math.round(at)).padStart(6)}  (+${String(Math.round(at - previous)).padStart(5)})  ${step}`,
      );
      previous = at;
    }
    const fmt = (ms) => `${(ms / 1000).toFixed(2)} s`;
    reportBudgets('startup', [
      {
        budget: `start → first 200 /config/config.json, warm (median of ${RUNS})`,
        limit: '≤ 2 s',
        measured: fmt(median(warm)),
        verdict: verdict(median(warm), BUDGET_MS),
      },
      {
        budget: `same, cold: new data dir, migrations + demo seed (median of ${RUNS})`,
        limit: '(info)',
        measured: fmt(median(cold)),
        verdict: 'info',
      },
    ]);
  } finally {
    rmSync(base, { recursive: true, force: true });
  }
}

await main();
