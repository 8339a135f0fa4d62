// Issue 15: what the real Keycloak costs a fresh machine and every start. Everything goes through
// scripts/lib/keycloak*.mjs, the code `npm run keycloak` and CI use:
//   download  mvn fetches keycloak-quarkus-dist into an EMPTY cache (its own Maven repository, so
//             the maven-dependency-plugin and its dependencies are downloaded too, as on a new machine)
//   unpack    tar -xzf into the server folder
//   cold boot the first start-dev on the fresh folder (Quarkus re-augments for dev mode first) until
//             the realm's discovery document answers
//   warm boot each further start on the same folder (budget: ≤ 60 s), median of --runs
//   RSS       kc.sh and its JVM together, right when the discovery document first answers
// The cache and server live in a temporary folder, removed at the end; Keycloak listens on --port
// (default 8181, so a developer's Keycloak on 8180 is left alone).
//
// Usage: node bench/keycloak.mjs [--runs 3] [--port 8181] [--keep]
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { median, reportBudgets, verdict } from './lib/report.mjs';
import {
  checkJava,
  chooseJava,
  downloadDistribution,
  keycloakPaths,
  KEYCLOAK_VERSION,
  sizeOf,
  unpackDistribution,
} from '../scripts/lib/keycloak.mjs';
import { startKeycloak, stopKeycloak, treeRss } from '../scripts/lib/keycloak-server.mjs';

const WARM_BUDGET_S = 60;
const flag = (name, fallback) => {
  const at = process.argv.indexOf(name);
  return at > 0 ? Number(process.argv[at + 1]) : fallback;
};
const RUNS = flag('--runs', 3);
const PORT = flag('--port', 8181);
const KEEP = process.argv.includes('--keep');

const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
const megabytes = (bytes) => `${(bytes / 1e6).toFixed(0)} MB`;

async function timed(action) {
  const started = performance.now();
  await action();
  return performance.now() - started;
}

/** One start to the discovery document, the RSS at that moment, and the time the stop took. */
async function boot(paths, java) {
  const server = await startKeycloak({ paths, java, port: PORT, timeoutMs: 300_000 });
  const rss = treeRss(server.pid);
  const stopMs = await timed(() => stopKeycloak(paths, { pid: server.pid }));
  console.log(`  ready after ${seconds(server.startMs)}, RSS ${megabytes(rss)}, stopped in ${seconds(stopMs)}`);
  return { ms: server.startMs, rss, stopMs };
}

async function main() {
  const java = chooseJava();
  const javaMajor = checkJava(java);
  const base = mkdtempSync(join(tmpdir(), 'lumio-bench-keycloak-'));
  const paths = keycloakPaths({ LUMIO_CACHE_DIR: join(base, 'cache') }, { checkoutDir: base, port: PORT });
  console.log(
    `Keycloak ${KEYCLOAK_VERSION}, Java ${javaMajor} (${java.source}), port ${PORT}, ${base}\n` +
      `load average ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')} on ${cpus().length} cores`,
  );
  try {
    mkdirSync(dirname(paths.archive), { recursive: true });
    mkdirSync(dirname(paths.home), { recursive: true });
    console.log('download (empty cache, own Maven repository) …');
    const downloadMs = await timed(() => downloadDistribution(paths));
    const archiveBytes = sizeOf(paths.archive);
    // The repository keeps its own copy of the archive; the rest is what mvn needed to run the plugin.
    const pluginBytes = sizeOf(paths.mavenRepo) - archiveBytes;
    console.log(
      `  ${seconds(downloadMs)}: archive ${megabytes(archiveBytes)}, Maven plugins ${megabytes(pluginBytes)} ` +
        `(on disk ${megabytes(2 * archiveBytes + pluginBytes)} with the repository's copy)`,
    );
    const unpackMs = await timed(() => unpackDistribution(paths));
    console.log(`unpack: ${seconds(unpackMs)}, ${megabytes(sizeOf(paths.home))}`);

    console.log('cold boot (first start of the fresh folder) …');
    const cold = await boot(paths, java);
    const warm = [];
    for (let run = 1; run <= RUNS; run++) {
      console.log(`warm boot ${run}/${RUNS} …`);
      warm.push(await boot(paths, java));
    }
    const warmMs = median(warm.map((w) => w.ms));
    console.log(`load average after: ${loadavg()[0].toFixed(2)}`);

    reportBudgets('Keycloak', [
      {
        budget: 'download, empty cache (archive + Maven plugins)',
        limit: '–',
        measured: `${seconds(downloadMs)} (${megabytes(archiveBytes)} + ${megabytes(pluginBytes)})`,
        verdict: 'info',
      },
      { budget: 'unpack', limit: '–', measured: seconds(unpackMs), verdict: 'info' },
      { budget: 'cold boot to discovery', limit: '–', measured: seconds(cold.ms), verdict: 'info' },
      {
        budget: `warm boot to discovery (median of ${warm.length})`,
        limit: `≤ ${WARM_BUDGET_S} s`,
        measured: `${seconds(warmMs)} (${warm.map((w) => seconds(w.ms)).join(', ')})`,
        verdict: verdict(warmMs / 1000, WARM_BUDGET_S),
      },
      {
        budget: 'RSS at discovery, cold / warm (kc.sh + JVM)',
        limit: '–',
        measured: `${megabytes(cold.rss)} / ${megabytes(median(warm.map((w) => w.rss)))}`,
        verdict: 'info',
      },
      {
        budget: 'stop (SIGTERM to exit)',
        limit: '–',
        measured: seconds(median([cold, ...warm].map((b) => b.stopMs))),
        verdict: 'info',
      },
    ]);
  } finally {
    await stopKeycloak(paths);
    if (KEEP) console.log(`kept ${base}`);
    else rmSync(base, { recursive: true, force: true });
  }
}

await main();
