// `npm run cluster` (issue 23, part 8): Lumio as in production, on this machine. PostgreSQL from
// Debian (its own data directory and port), Keycloak (npm run keycloak), the mail catcher, N API
// instances and M workers from the production build, nginx in front with deploy/nginx/lumio.conf.
// It seeds the demo accounts and licences, prints every address, and stops everything on Ctrl-C.
// `npm run cluster -- --help` lists the options; docs/production.md describes the topology.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { CLUSTER_USAGE, ClusterUsageError, parseClusterArgs, type ClusterArgs } from './lib/cluster/args';
import { mainConfig, NGINX_FAIL_TIMEOUT_SECONDS, siteForCluster, upstreamLines } from './lib/cluster/nginx';
import { CLUSTER_PORTS, planCluster, portalVariablesOf, type AppProcess } from './lib/cluster/plan';
import { CONFIG_VARIABLES } from '../server/config';
import { postgresBin, startPostgres, stopPostgres } from './lib/cluster/postgres';
import { httpStatus, isAlive, portInUse, sleep, startDetached, stopPid, waitForStatus } from './lib/cluster/processes';
import { readState, removeState, writeState, type ClusterState } from './lib/cluster/state';
import { freshPostgresDatabase } from './lib/fresh-database';
import { isStale } from './lib/freshness.mjs';

const root = new URL('..', import.meta.url).pathname;
const dir = process.env.LUMIO_CLUSTER_DIR ?? join(root, '.cluster');
const node = process.execPath;
const NGINX_CANDIDATES = ['/usr/sbin/nginx', '/usr/bin/nginx'];
const WEB_SOURCES = ['src', 'public', 'index.html', 'vite.config.ts', 'package-lock.json'].map((p) => join(root, p));
const SERVER_SOURCES = ['server', 'src/domain', 'package-lock.json'].map((p) => join(root, p));

class ClusterError extends Error {}

const log = (line: string) => console.log(line);

/**
 * The URL that tells whether a process of the cluster is ready: an API instance's readiness, a
 * worker's metrics endpoint (it opens once the worker has its database and job queue).
 */
function readyUrl(app: AppProcess): string {
  return app.kind === 'api'
    ? `http://127.0.0.1:${app.port}/health/ready`
    : `http://127.0.0.1:${app.metricsPort}/metrics`;
}

function nginxBinary(): string | undefined {
  return NGINX_CANDIDATES.find((path) => existsSync(path));
}

function preflight(): { nginx: string; pgBin: string } {
  const nginx = nginxBinary();
  const pgBin = postgresBin();
  const missing = [...(nginx ? [] : ['nginx']), ...(pgBin ? [] : ['postgresql'])];
  if (missing.length) {
    throw new ClusterError(
      `${missing.join(' und ')} ${missing.length > 1 ? 'fehlen' : 'fehlt'}: npm run cluster braucht nginx und PostgreSQL aus Debian.\n` +
        `Einmal installieren: sudo apt-get install ${missing.join(' ')}`,
    );
  }
  return { nginx: nginx!, pgBin: pgBin! };
}

function buildIfStale() {
  const stale =
    isStale(join(root, 'dist', 'index.html'), WEB_SOURCES) ||
    isStale(join(root, 'dist-server', 'server.mjs'), SERVER_SOURCES) ||
    isStale(join(root, 'dist-server', 'worker.mjs'), SERVER_SOURCES);
  if (!stale) return;
  log('Produktions-Build wird erstellt (npm run build) …');
  const result = spawnSync(node, [join(root, 'scripts', 'build.mjs')], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) throw new ClusterError('npm run build ist fehlgeschlagen.');
}

/** The document key of this cluster, made once: the seeded eID pseudonyms are derived from it. */
function documentKey(): string {
  const file = join(dir, 'secrets.json');
  if (existsSync(file)) return (JSON.parse(readFileSync(file, 'utf8')) as { documentKey: string }).documentKey;
  const key = randomBytes(32).toString('base64');
  writeFileSync(file, JSON.stringify({ documentKey: key }), { mode: 0o600 });
  return key;
}

/** An API instance or worker with exactly its planned environment (nothing leaks in from this shell). */
function startApp(app: AppProcess): number {
  return startDetached(
    app.command,
    app.args,
    { PATH: process.env.PATH, HOME: process.env.HOME, ...app.env },
    app.log,
    root,
  );
}

async function startKeycloak(port: number): Promise<{ url: string; startedByCluster: boolean }> {
  const url = `http://localhost:${CLUSTER_PORTS.keycloak}`;
  if ((await httpStatus(`${url}/realms/lumio/.well-known/openid-configuration`)) === 200) {
    log(
      `Keycloak läuft bereits auf ${url} und wird mitbenutzt (seine Weiterleitungen müssen zu http://localhost:${port} passen).`,
    );
    return { url, startedByCluster: false };
  }
  log('Keycloak startet (beim ersten Mal wird es mit mvn geladen) …');
  const result = spawnSync(node, [join(root, 'scripts', 'keycloak.mjs'), '--detach'], {
    cwd: root,
    encoding: 'utf8',
    env: {
      ...process.env,
      LUMIO_PUBLIC_URL: `http://localhost:${port}`,
      LUMIO_SMTP_HOST: '127.0.0.1',
      LUMIO_SMTP_PORT: String(CLUSTER_PORTS.smtp),
    },
  });
  writeFileSync(join(dir, 'logs', 'keycloak-start.log'), `${result.stdout}${result.stderr}`);
  if (result.status !== 0) throw new ClusterError(`Keycloak startete nicht:\n${result.stdout}${result.stderr}`);
  return { url, startedByCluster: true };
}

async function startMailCatcher(): Promise<{ url: string; pid?: number }> {
  const url = `http://localhost:${CLUSTER_PORTS.mailWeb}`;
  if ((await httpStatus(`${url}/dev/mail.json`)) === 200) {
    log(`Der Mail-Fänger läuft bereits (${url}/dev/mail) und wird mitbenutzt.`);
    return { url };
  }
  const pid = startDetached(
    node,
    ['--import', 'tsx', join(root, 'scripts', 'mail-catcher.ts')],
    process.env,
    join(dir, 'logs', 'mail-catcher.log'),
    root,
  );
  await waitForStatus(`${url}/dev/mail.json`, { what: 'Der Mail-Fänger', alive: () => isAlive(pid) });
  return { url, pid };
}

function seed(env: Record<string, string>) {
  log('Frische Datenbank: Demo-Konten in Keycloak und Demodaten (Firmen, Studios, Lizenzen) werden angelegt …');
  const result = spawnSync(node, ['--import', 'tsx', join(root, 'scripts', 'seed-keycloak.ts')], {
    cwd: root,
    encoding: 'utf8',
    env: {
      ...process.env,
      ...env,
      NODE_ENV: 'development',
      EMBEDDED: 'false',
      LOG_LEVEL: 'warn',
      DATA_DIR: join(dir, 'seed'),
    },
  });
  writeFileSync(join(dir, 'logs', 'seed.log'), `${result.stdout}${result.stderr}`);
  if (result.status !== 0)
    throw new ClusterError(`Die Demodaten konnten nicht angelegt werden:\n${result.stdout}${result.stderr}`);
}

async function startNginx(nginx: string, port: number, apiPorts: number[]): Promise<{ pid: number; conf: string }> {
  const nginxDir = join(dir, 'nginx');
  mkdirSync(join(nginxDir, 'temp'), { recursive: true });
  writeFileSync(
    join(nginxDir, 'lumio.conf'),
    siteForCluster(readFileSync(join(root, 'deploy', 'nginx', 'lumio.conf'), 'utf8'), port, join(dir, 'logs')),
  );
  writeFileSync(join(nginxDir, 'lumio-upstreams.conf'), upstreamLines(apiPorts));
  const conf = join(nginxDir, 'nginx.conf');
  writeFileSync(conf, mainConfig(nginxDir));
  const test = spawnSync(nginx, ['-t', '-q', '-p', nginxDir, '-c', conf], { encoding: 'utf8' });
  if (test.status !== 0) throw new ClusterError(`nginx lehnt die Konfiguration ab:\n${test.stderr}`);
  const pid = startDetached(nginx, ['-p', nginxDir, '-c', conf], process.env, join(dir, 'logs', 'nginx.log'), root);
  await waitForStatus(`http://127.0.0.1:${port}/health/ready`, { what: 'nginx', alive: () => isAlive(pid) });
  return { pid, conf };
}

/** Stops what the state names, front to back: nginx, API instances, workers, the services. */
async function stopAll(state: Partial<ClusterState>) {
  if (state.nginx) await stopPid(state.nginx.pid, 'SIGQUIT', 15_000);
  await Promise.all((state.apis ?? []).map((api) => stopPid(api.pid)));
  await Promise.all((state.workers ?? []).map((worker) => stopPid(worker.pid)));
  if (state.mailCatcher?.pid) await stopPid(state.mailCatcher.pid);
  if (state.keycloak?.startedByCluster) {
    spawnSync(node, [join(root, 'scripts', 'keycloak.mjs'), '--stop'], { cwd: root, stdio: 'ignore' });
  }
  if (state.postgres) stopPostgres(state.postgres.bin, state.postgres.dir);
  removeState(dir);
}

async function start(args: ClusterArgs) {
  const { nginx, pgBin } = preflight();
  const running = readState(dir);
  if (running && [...running.apis, ...running.workers].some((p) => isAlive(p.pid))) {
    throw new ClusterError(
      `Der Cluster läuft bereits (${running.publicUrl}): npm run cluster -- --status zeigt ihn, --stop beendet ihn.`,
    );
  }
  mkdirSync(join(dir, 'logs'), { recursive: true });
  const plan = planCluster({
    root,
    dir,
    node,
    apiCount: args.apiCount,
    workerCount: args.workerCount,
    port: args.port,
    documentKey: documentKey(),
    passedOn: portalVariablesOf(process.env, CONFIG_VARIABLES),
  });
  const ports: [number, string][] = [
    [args.port, 'nginx'],
    [CLUSTER_PORTS.postgres, 'PostgreSQL'],
    ...plan.apis.flatMap((api): [number, string][] => [
      [api.port!, api.name],
      [api.metricsPort, `${api.name} (Metriken)`],
    ]),
    ...plan.workers.map((worker): [number, string] => [worker.metricsPort, `${worker.name} (Metriken)`]),
  ];
  for (const [port, what] of ports) {
    if (await portInUse(port)) throw new ClusterError(`Port ${port} für ${what} ist belegt.`);
  }
  buildIfStale();

  const started = performance.now();
  const state: Partial<ClusterState> = {
    port: args.port,
    publicUrl: plan.publicUrl,
    startedAt: new Date().toISOString(),
  };
  const stopOnFailure = async (err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    log('Start abgebrochen; was schon lief, wird beendet …');
    await stopAll(state);
    process.exit(1);
  };
  try {
    const pgDir = join(dir, 'postgres');
    log(`PostgreSQL startet auf 127.0.0.1:${CLUSTER_PORTS.postgres} …`);
    state.postgres = {
      pid: startPostgres(pgBin, pgDir, CLUSTER_PORTS.postgres),
      port: CLUSTER_PORTS.postgres,
      dir: pgDir,
      bin: pgBin,
    };
    await freshPostgresDatabase(plan.databaseUrl);
    state.keycloak = await startKeycloak(args.port);
    state.mailCatcher = await startMailCatcher();
    seed(plan.portalEnv);

    log(`${plan.apis.length} API-Instanzen und ${plan.workers.length} Worker starten …`);
    state.apis = plan.apis.map((api) => ({ ...api, pid: startApp(api) }));
    state.workers = plan.workers.map((worker) => ({ ...worker, pid: startApp(worker) }));
    await Promise.all(
      [...state.apis, ...state.workers].map((p) =>
        waitForStatus(readyUrl(p), { what: `${p.name} (Log: ${p.log})`, alive: () => isAlive(p.pid) }),
      ),
    );
    state.nginx = await startNginx(
      nginx,
      args.port,
      plan.apis.map((api) => api.port!),
    );
    writeState(dir, state as ClusterState);
  } catch (err) {
    await stopOnFailure(err);
  }

  const full = state as ClusterState;
  log(`
Lumio-Cluster läuft (bereit nach ${((performance.now() - started) / 1000).toFixed(1)} s):
  Portal           ${full.publicUrl}   (nginx, deploy/nginx/lumio.conf)
  Demo-Konten      inhaber@studio-sonnenschein.example, admin@lumio.example, … Passwort lumio-demo (README)
  API-Instanzen    ${full.apis.map((a) => `${a.name} :${a.port} (Metriken :${a.metricsPort})`).join(', ')}
  Worker           ${full.workers.map((w) => `${w.name} (Metriken :${w.metricsPort})`).join(', ')}
  Keycloak         ${full.keycloak.url}/admin/ (admin / admin)
  Mails            ${full.mailCatcher.url}/dev/mail
  PostgreSQL       ${plan.databaseUrl}
  Logs             ${join(dir, 'logs')}
Zustand:           npm run cluster -- --status
Rollender Neustart: npm run cluster -- --restart-api
${args.detach ? 'Beenden:          npm run cluster -- --stop' : 'Beenden:          Strg+C (oder npm run cluster -- --stop)'}`);
  if (args.detach) return;

  // In the foreground: report processes that end, stop everything on Ctrl-C.
  const reported = new Set<string>();
  const monitor = setInterval(() => {
    const current = readState(dir);
    for (const p of [...(current?.apis ?? []), ...(current?.workers ?? [])]) {
      const key = `${p.name}:${p.pid}`;
      if (!isAlive(p.pid) && !reported.has(key)) {
        reported.add(key);
        log(
          `${p.name} (PID ${p.pid}) ist beendet; npm run cluster -- --restart-api startet API-Instanzen wieder (Log: ${p.log}).`,
        );
      }
    }
  }, 2000);
  let stopping = false;
  const shutdown = async () => {
    if (stopping) return;
    stopping = true;
    clearInterval(monitor);
    log('\nCluster wird beendet …');
    await stopAll(readState(dir) ?? full);
    log('Beendet.');
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown());
  process.on('SIGTERM', () => void shutdown());
}

async function status() {
  const state = readState(dir);
  if (!state) {
    console.log(JSON.stringify({ running: false, processes: [] }, null, 2));
    return;
  }
  const entry = async (name: string, pid: number | undefined, port: number | undefined, url: string | undefined) => ({
    name,
    pid: pid ?? null,
    port: port ?? null,
    alive: pid === undefined ? null : isAlive(pid),
    ready: url ? (await httpStatus(url)) === 200 : false,
  });
  const processes = await Promise.all([
    entry('postgres', state.postgres.pid, state.postgres.port, undefined).then(async (e) => ({
      ...e,
      ready: e.alive === true && (await portInUse(state.postgres.port)),
    })),
    entry(
      'keycloak',
      undefined,
      CLUSTER_PORTS.keycloak,
      `${state.keycloak.url}/realms/lumio/.well-known/openid-configuration`,
    ),
    entry('mail-catcher', state.mailCatcher.pid, CLUSTER_PORTS.mailWeb, `${state.mailCatcher.url}/dev/mail.json`),
    ...state.apis.map((api) => entry(api.name, api.pid, api.port, readyUrl(api))),
    ...state.workers.map((worker) => entry(worker.name, worker.pid, worker.metricsPort, readyUrl(worker))),
    entry('nginx', state.nginx.pid, state.port, `http://127.0.0.1:${state.port}/health/ready`),
  ]);
  console.log(JSON.stringify({ running: true, portal: state.publicUrl, processes }, null, 2));
}

/** One API instance after the other: stop (or find dead), start, wait until ready, let nginx take it back. */
async function restartApi() {
  const state = readState(dir);
  if (!state) throw new ClusterError('Kein Cluster läuft (npm run cluster startet einen).');
  for (const api of state.apis) {
    const was = isAlive(api.pid) ? `PID ${api.pid}` : 'war beendet';
    const stopped = performance.now();
    await stopPid(api.pid);
    api.pid = startApp(api);
    writeState(dir, state);
    await waitForStatus(readyUrl(api), { what: `${api.name} (Log: ${api.log})`, alive: () => isAlive(api.pid) });
    log(
      `${api.name} neu gestartet (${was} → PID ${api.pid}), bereit nach ${((performance.now() - stopped) / 1000).toFixed(1)} s`,
    );
    // nginx leaves an instance that refused a connection out for fail_timeout: wait it out, so
    // that the next instance stops only when this one takes requests through nginx again.
    await sleep(NGINX_FAIL_TIMEOUT_SECONDS * 1000);
  }
  log('Alle API-Instanzen laufen neu.');
}

async function stop() {
  const state = readState(dir);
  if (!state) return log('Kein Cluster läuft.');
  await stopAll(state);
  log('Cluster beendet.');
}

async function main() {
  let args: ClusterArgs;
  try {
    args = parseClusterArgs(process.argv.slice(2));
  } catch (err) {
    if (!(err instanceof ClusterUsageError)) throw err;
    console.error(`${err.message}\n\n${CLUSTER_USAGE}`);
    process.exit(2);
  }
  if (args.mode === 'help') return log(CLUSTER_USAGE);
  if (args.mode === 'status') return status();
  if (args.mode === 'stop') return stop();
  if (args.mode === 'restart-api') return restartApi();
  return start(args);
}

main().catch((err: unknown) => {
  console.error(err instanceof ClusterError ? err.message : err);
  process.exit(1);
});
