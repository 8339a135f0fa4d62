// `npm run test:e2e:keycloak` (issue 15, part 6): the browser suite of playwright.keycloak.config.ts
// against the portal in production mode on a real Keycloak, the standalone mail catcher and
// PostgreSQL. It starts what is not running yet (Keycloak through scripts/keycloak.mjs, the mail
// catcher), gives the portal a fresh database, seeds the demo accounts into Keycloak and the
// database, runs Playwright and stops again what it started. It prints how long each part took.
//
//   E2E_DATABASE_URL=postgres://postgres@127.0.0.1:54329/lumio_e2e_keycloak npm run test:e2e:keycloak
//   … -- --no-build            CI: dist/ and dist-server/ are already built by `npm run test:e2e`
//
// A Keycloak already answering on E2E_KEYCLOAK_URL is used as it is: it must have been started
// with LUMIO_PUBLIC_URL set to this suite's portal (http://localhost:8093), or its redirect URIs
// refuse the logins.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { CHROMIUM_PATH } from './lib/chromium.mjs';
import { freshPostgresDatabase } from './lib/fresh-database';
import { stepTimings } from './lib/timings';

const root = new URL('..', import.meta.url).pathname;
const node = process.execPath;
const port = Number(process.env.E2E_PORT ?? 8093);
const portalUrl = `http://localhost:${port}`;
const keycloakUrl = (process.env.E2E_KEYCLOAK_URL ?? 'http://localhost:8180').replace(/\/$/, '');
const mailUrl = (process.env.E2E_MAIL_URL ?? 'http://localhost:8025').replace(/\/$/, '');
const smtpUrl = process.env.E2E_SMTP_URL ?? 'smtp://127.0.0.1:2525';
const keycloakSecret = process.env.E2E_KEYCLOAK_SECRET ?? 'lumio-dev-secret';
const build = !process.argv.includes('--no-build');
const playwrightArgs = process.argv.slice(2).filter((arg) => arg !== '--no-build');

const { timed, print: printTimings } = stepTimings();

function run(command: string, args: string[], env: NodeJS.ProcessEnv = process.env): number {
  return spawnSync(command, args, { cwd: root, stdio: 'inherit', env }).status ?? 1;
}

function mustRun(command: string, args: string[], env?: NodeJS.ProcessEnv): void {
  const status = run(command, args, env);
  if (status !== 0) throw new Error(`${command} ${args.join(' ')} endete mit ${status}`);
}

async function answers(url: string): Promise<boolean> {
  try {
    return (await fetch(url, { signal: AbortSignal.timeout(2_000) })).ok;
  } catch {
    return false;
  }
}

async function waitUntilAnswers(url: string, what: string, child: ChildProcess, seconds = 60): Promise<void> {
  const deadline = Date.now() + seconds * 1000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${what} endete beim Start (Code ${child.exitCode})`);
    if (await answers(url)) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${what} antwortet nach ${seconds} s nicht unter ${url}`);
}

const discovery = `${keycloakUrl}/realms/lumio/.well-known/openid-configuration`;

async function main(): Promise<number> {
  const databaseUrl = process.env.E2E_DATABASE_URL;
  if (!databaseUrl) {
    console.error(
      'E2E_DATABASE_URL fehlt: die Adresse einer PostgreSQL-Datenbank, die dieser Lauf neu anlegt, z. B.\n' +
        '  source scripts/ci-postgres.sh && start_postgres\n' +
        '  E2E_DATABASE_URL=postgres://postgres@127.0.0.1:54329/lumio_e2e_keycloak npm run test:e2e:keycloak',
    );
    return 2;
  }
  if (!existsSync(CHROMIUM_PATH)) {
    console.log('Chromium fehlt und wird aus Debian installiert …');
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    mustRun('apt-get', ['update', '-qq'], env);
    mustRun('apt-get', ['install', '-y', '-qq', 'chromium'], env);
  }
  if (build) {
    await timed('Web-App und Server bauen', () => {
      mustRun(node, [join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn']);
      mustRun(node, [join(root, 'scripts/build-server.mjs')]);
    });
  }

  let startedKeycloak = false;
  let catcher: ChildProcess | undefined;
  try {
    if (!(await answers(discovery))) {
      await timed('Keycloak starten (bis der Realm antwortet)', () =>
        mustRun(node, [join(root, 'scripts/keycloak.mjs'), '--detach'], {
          ...process.env,
          LUMIO_PUBLIC_URL: portalUrl,
          LUMIO_KC_SERVER_SECRET: keycloakSecret,
        }),
      );
      startedKeycloak = true;
    }
    if (!(await answers(`${mailUrl}/dev/mail.json`))) {
      catcher = spawn(join(root, 'node_modules/.bin/tsx'), [join(root, 'scripts/mail-catcher.ts')], {
        cwd: root,
        stdio: ['ignore', 'inherit', 'inherit'],
      });
      await timed('Mail-Fänger starten', () =>
        waitUntilAnswers(`${mailUrl}/dev/mail.json`, 'Der Mail-Fänger', catcher!),
      );
    }

    // One key per run: the seed derives the eID pseudonyms from it, the portal decrypts with it.
    const documentKey = randomBytes(32).toString('base64');
    await timed('Datenbank anlegen und Demo-Konten in Keycloak anlegen', async () => {
      await freshPostgresDatabase(databaseUrl);
      mustRun(join(root, 'node_modules/.bin/tsx'), [join(root, 'scripts/seed-keycloak.ts')], {
        ...process.env,
        NODE_ENV: 'development',
        EMBEDDED: 'false',
        LOG_LEVEL: 'warn',
        DATA_DIR: '.tmp/e2e-keycloak-data',
        DATABASE_URL: databaseUrl,
        PUBLIC_URL: portalUrl,
        KEYCLOAK_URL: keycloakUrl,
        KEYCLOAK_ADMIN_CLIENT_SECRET: keycloakSecret,
        SMTP_URL: smtpUrl,
        DOCUMENT_ENCRYPTION_KEY: documentKey,
      });
    });

    return await timed('Browser-Tests gegen Keycloak', () =>
      run(
        node,
        [
          join(root, 'node_modules/@playwright/test/cli.js'),
          'test',
          '-c',
          'playwright.keycloak.config.ts',
          ...playwrightArgs,
        ],
        {
          ...process.env,
          CHROMIUM_PATH,
          E2E_PORT: String(port),
          E2E_KEYCLOAK_URL: keycloakUrl,
          E2E_KEYCLOAK_SECRET: keycloakSecret,
          E2E_MAIL_URL: mailUrl,
          E2E_SMTP_URL: smtpUrl,
          E2E_DATABASE_URL: databaseUrl,
          E2E_DOCUMENT_KEY: documentKey,
        },
      ),
    );
  } finally {
    catcher?.kill('SIGTERM');
    if (startedKeycloak) run(node, [join(root, 'scripts/keycloak.mjs'), '--stop']);
    printTimings();
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  },
);
