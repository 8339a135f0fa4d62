// `npm run test:install` (issue 23, part 1): installs the production build as docs/production.md
// says and starts it. A clean copy of the repository's files with dist/ and dist-server/ from
// `npm run build`, `npm ci --omit=dev` in it (no development dependency may be there afterwards),
// then `npm run start:prod` and `npm run worker:prod` on Node 24 against PostgreSQL and Keycloak
// in production mode: readiness 200, the web app, a pre-compressed asset, the API's document; both
// stop on SIGTERM with exit code 0. Before that, a start without a required variable and one with
// a wrong value must stop with a German message naming the variable.
//
//   INSTALL_DATABASE_URL=postgres://postgres@127.0.0.1:54329/lumio_install npm run test:install
//   … -- --no-build      dist/ and dist-server/ are current already (CI)
//
// Keycloak (KEYCLOAK_URL, default http://localhost:8180, started by `npm run keycloak`) must answer;
// SMTP_URL may point to nothing (the check sends no mail).
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { freshPostgresDatabase } from './lib/fresh-database';
import { stepTimings } from './lib/timings';

const root = new URL('..', import.meta.url).pathname;
const node24 = process.execPath;
const port = Number(process.env.INSTALL_PORT ?? 8112);
const databaseUrl = process.env.INSTALL_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:54329/lumio_install';
const keycloakUrl = process.env.KEYCLOAK_URL ?? 'http://localhost:8180';
const keycloakSecret = process.env.KEYCLOAK_ADMIN_CLIENT_SECRET ?? 'lumio-dev-secret';
const DEV_ONLY_PACKAGES = ['vite', 'vitest', 'typescript', 'eslint', '@playwright/test', 'drizzle-kit', 'node'];

const failures: string[] = [];
const { timed, print: printTimings } = stepTimings();
function check(ok: boolean, what: string) {
  console.log(`${ok ? 'ok  ' : 'FEHLER'} ${what}`);
  if (!ok) failures.push(what);
}

function mustRun(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv = process.env) {
  const result = spawnSync(command, args, { cwd, stdio: 'inherit', env });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} endete mit ${result.status}`);
}

/** The repository's files as git knows them (with uncommitted changes), nothing ignored. */
function copyRepository(to: string) {
  const listed = spawnSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: root,
    encoding: 'utf8',
  });
  if (listed.status !== 0) throw new Error(`git ls-files: ${listed.stderr}`);
  for (const file of listed.stdout.split('\0').filter(Boolean)) {
    if (!existsSync(join(root, file))) continue;
    cpSync(join(root, file), join(to, file), { recursive: false });
  }
  for (const built of ['dist', 'dist-server']) cpSync(join(root, built), join(to, built), { recursive: true });
}

/** The production environment of docs/production.md; PATH leads to Node 24, as on the server. */
function productionEnv(extra: Record<string, string | undefined> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    PATH: `${dirname(node24)}:${process.env.PATH}`,
    HOME: process.env.HOME,
    NODE_ENV: 'production',
    PORT: String(port),
    PUBLIC_URL: `http://localhost:${port}`,
    DATABASE_URL: databaseUrl,
    KEYCLOAK_URL: keycloakUrl,
    KEYCLOAK_ADMIN_CLIENT_SECRET: keycloakSecret,
    SMTP_URL: 'smtp://127.0.0.1:2525',
    DOCUMENT_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
    JOB_WORKERS: 'false',
    LOG_LEVEL: 'warn',
    ...extra,
  };
  for (const [key, value] of Object.entries(env)) if (value === undefined) delete env[key];
  return env;
}

/**
 * What `npm run start:prod` / `worker:prod` run, started as systemd's units do (deploy/systemd/): node
 * itself, so that SIGTERM reaches the process (npm does not wait for its script after a signal).
 */
function startProcess(dir: string, which: 'server' | 'worker', env: NodeJS.ProcessEnv) {
  const child = spawn(node24, ['scripts/start-prod.mjs', which], { cwd: dir, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, exited, output: () => output };
}

async function stopWithin(process: { child: ChildProcess; exited: Promise<number | null> }, seconds: number) {
  process.child.kill('SIGTERM');
  const timer = setTimeout(() => process.child.kill('SIGKILL'), seconds * 1000);
  const code = await process.exited;
  clearTimeout(timer);
  return code;
}

async function waitReady(url: string, seconds: number, exited: () => boolean): Promise<boolean> {
  const deadline = Date.now() + seconds * 1000;
  while (Date.now() < deadline && !exited()) {
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
      if (res.status === 200) return true;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return false;
}

async function main(): Promise<number> {
  if (!process.argv.includes('--no-build')) {
    await timed('npm run build', () => mustRun(node24, [join(root, 'scripts/build.mjs')], root));
  }
  const dir = mkdtempSync(join(tmpdir(), 'lumio-install-'));
  const started: ChildProcess[] = [];
  try {
    await timed('Kopie des Repositorys mit dist/ und dist-server/', () => copyRepository(dir));
    await timed('npm ci --omit=dev', () =>
      mustRun('npm', ['ci', '--omit=dev', '--no-audit', '--no-fund', '--loglevel=error'], dir),
    );
    const installed = new Set(readdirSync(join(dir, 'node_modules')));
    for (const name of DEV_ONLY_PACKAGES) {
      const [scope, pkg] = name.split('/');
      const present = pkg ? existsSync(join(dir, 'node_modules', scope, pkg)) : installed.has(name);
      check(!present, `keine Entwicklungsabhängigkeit installiert: ${name}`);
    }

    // A missing and a wrong variable: the start stops at once, naming it in German.
    for (const [label, extra, expected] of [
      ['fehlendes DATABASE_URL', { DATABASE_URL: undefined }, 'DATABASE_URL: ist ohne eingebettete Dienste'],
      ['falsches DATABASE_URL', { DATABASE_URL: 'mysql://db/lumio' }, 'DATABASE_URL: muss mit postgres://'],
      [
        'falsches DOCUMENT_ENCRYPTION_KEY',
        { DOCUMENT_ENCRYPTION_KEY: 'kurz' },
        'DOCUMENT_ENCRYPTION_KEY: muss 32 Bytes',
      ],
    ] as const) {
      const result = spawnSync('npm', ['run', '--silent', 'start:prod'], {
        cwd: dir,
        env: productionEnv(extra),
        encoding: 'utf8',
        timeout: 30_000,
      });
      check(
        result.status === 2 && result.stderr.includes(expected),
        `${label}: Start bricht mit Code 2 und „${expected} …“ ab (Code ${result.status})`,
      );
    }

    // Something else on the port would answer the readiness check in the installation's place.
    if ((await fetch(`http://127.0.0.1:${port}/`).catch(() => undefined)) !== undefined) {
      throw new Error(`Port ${port} ist belegt (INSTALL_PORT wählt einen anderen).`);
    }
    await freshPostgresDatabase(databaseUrl);
    const env = productionEnv();
    const server = startProcess(dir, 'server', env);
    started.push(server.child);
    const ready = await timed('start:prod bis /health/ready 200', () =>
      waitReady(`http://127.0.0.1:${port}/health/ready`, 60, () => server.child.exitCode !== null),
    );
    check(ready, 'start:prod: /health/ready antwortet 200');
    if (ready) {
      const page = await fetch(`http://127.0.0.1:${port}/`);
      const html = await page.text();
      check(page.status === 200 && html.includes('<div id="root">'), 'die Web-App (index.html) wird ausgeliefert');
      const script = /src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
      const asset = script
        ? await fetch(`http://127.0.0.1:${port}${script}`, { headers: { 'accept-encoding': 'br' } })
        : undefined;
      check(asset?.headers.get('content-encoding') === 'br', `vorkomprimiertes Asset (br): ${script}`);
      const docs = await fetch(`http://127.0.0.1:${port}/api/docs/json`);
      check(docs.status === 200, 'das OpenAPI-Dokument antwortet 200');
    }
    const worker = startProcess(dir, 'worker', { ...env, LOG_LEVEL: 'info', METRICS_PORT: 'off' });
    started.push(worker.child);
    const workerUp = await timed('worker:prod bis zur Meldung „Lumio-Worker läuft“', async () => {
      const deadline = Date.now() + 60_000;
      while (Date.now() < deadline && worker.child.exitCode === null) {
        if (worker.output().includes('Lumio-Worker läuft')) return true;
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      return false;
    });
    check(workerUp, 'worker:prod läuft');
    check((await stopWithin(worker, 40)) === 0, 'der Worker endet auf SIGTERM mit Code 0');
    check((await stopWithin(server, 40)) === 0, 'der Server endet auf SIGTERM mit Code 0');
    if (failures.length)
      console.log(`Server:\n${server.output().slice(-3000)}\nWorker:\n${worker.output().slice(-3000)}`);
  } finally {
    // Whatever a failed check left running must not hold the port for the next run.
    for (const child of started) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
    printTimings();
  }
  console.log(failures.length ? `${failures.length} Prüfungen fehlgeschlagen.` : 'Produktionsinstallation in Ordnung.');
  return failures.length ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  },
);
