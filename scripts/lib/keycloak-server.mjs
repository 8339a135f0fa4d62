// Starting, waiting for and stopping the development Keycloak (kc.sh start-dev, in-memory H2).
// The distribution and the Java come from keycloak.mjs.
import { spawn } from 'node:child_process';
import { closeSync, copyFileSync, existsSync, mkdirSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { KEYCLOAK_DEV, KeycloakError, REALM_FILE } from './keycloak.mjs';

/** Where the realm's discovery document answers once the server is up and the realm imported. */
export const discoveryUrl = (port, realm = KEYCLOAK_DEV.realm) =>
  `http://localhost:${port}/realms/${realm}/.well-known/openid-configuration`;

/**
 * The environment Keycloak starts with: the realm file's placeholders (deploy/keycloak) and the
 * bootstrap admin, each from the caller's environment when set, else the development value.
 */
export function keycloakEnv(env, java) {
  const pick = (name, fallback) => env[name] || String(fallback);
  return {
    ...env,
    JAVA: java.java,
    ...(java.javaHome ? { JAVA_HOME: java.javaHome } : {}),
    KC_BOOTSTRAP_ADMIN_USERNAME: pick('KC_BOOTSTRAP_ADMIN_USERNAME', KEYCLOAK_DEV.adminUser),
    KC_BOOTSTRAP_ADMIN_PASSWORD: pick('KC_BOOTSTRAP_ADMIN_PASSWORD', KEYCLOAK_DEV.adminPassword),
    LUMIO_PUBLIC_URL: pick('LUMIO_PUBLIC_URL', KEYCLOAK_DEV.publicUrl),
    LUMIO_SMTP_HOST: pick('LUMIO_SMTP_HOST', KEYCLOAK_DEV.smtpHost),
    LUMIO_SMTP_PORT: pick('LUMIO_SMTP_PORT', KEYCLOAK_DEV.smtpPort),
    LUMIO_KC_SERVER_SECRET: pick('LUMIO_KC_SERVER_SECRET', KEYCLOAK_DEV.serverSecret),
  };
}

/** Resolves when nothing listens on 127.0.0.1:port, else throws a message naming the way out. */
export async function assertPortFree(port) {
  const probe = createServer();
  const error = await new Promise((resolvePromise) => {
    probe.once('error', resolvePromise);
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolvePromise(undefined)));
  });
  if (error) {
    throw new KeycloakError(
      `Port ${port} ist belegt (${error.code}). Läuft schon ein Keycloak? Beenden mit \`npm run keycloak -- --stop\`, ` +
        `oder den Prozess finden mit \`ss -ltnp 'sport = :${port}'\`.`,
    );
  }
}

/** Whether a process with this id exists (signal 0 only checks). */
export function isAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM';
  }
}

/**
 * The pid in the pid file when that process is still this checkout's Keycloak. A stale file (the
 * machine rebooted, the pid was reused) yields undefined, so --stop never signals a stranger.
 */
export function runningPid(paths) {
  if (!existsSync(paths.pidFile)) return undefined;
  const pid = Number(readFileSync(paths.pidFile, 'utf8').trim());
  if (!Number.isInteger(pid) || pid <= 0 || !isAlive(pid)) return undefined;
  try {
    const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
    return cmdline.includes(paths.home) ? pid : undefined;
  } catch {
    return undefined;
  }
}

/** Resident memory of a process and its descendants in bytes (kc.sh is a shell around the JVM). */
export function treeRss(pid) {
  let total = 0;
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    total += Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024;
    for (const task of readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').split(/\s+/).filter(Boolean)) {
      total += treeRss(Number(task));
    }
  } catch {
    // The process ended while being read: it holds no memory any more.
  }
  return total;
}

function lastLines(file, count = 25) {
  if (!existsSync(file)) return '';
  return readFileSync(file, 'utf8').trimEnd().split('\n').slice(-count).join('\n');
}

/** Polls the discovery document until it answers 200, the process dies, or the time is up. */
export async function waitForDiscovery(url, { isRunning = () => true, timeoutMs = 180_000 } = {}) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (!isRunning()) return 'exited';
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(5000) });
      await response.body?.cancel();
      if (response.ok) return 'ready';
    } catch {
      // Not listening yet, or the realm is still being imported.
    }
    await sleep(250);
  }
  return 'timeout';
}

/**
 * Starts kc.sh start-dev on 127.0.0.1:port with the realm imported into an in-memory database, in a
 * process group of its own (so a Ctrl-C in the terminal reaches this script, which then stops
 * Keycloak in order), logging into paths.logFile. Resolves once the realm's discovery document
 * answers; on failure the server is stopped and the log's tail is in the error.
 * @returns {Promise<{ pid: number, child: import('node:child_process').ChildProcess, url: string, startMs: number }>}
 */
export async function startKeycloak({ paths, java, port = KEYCLOAK_DEV.port, env = process.env, timeoutMs }) {
  await assertPortFree(port);
  // Keycloak imports every *.json in data/import; this is the one realm, refreshed from the repository.
  const importDir = join(paths.home, 'data', 'import');
  mkdirSync(importDir, { recursive: true });
  copyFileSync(REALM_FILE, join(importDir, 'lumio-realm.json'));

  const started = performance.now();
  const log = openSync(paths.logFile, 'w');
  const child = spawn(
    join(paths.home, 'bin', 'kc.sh'),
    [
      'start-dev',
      '--http-host=127.0.0.1',
      `--http-port=${port}`,
      // A fixed issuer whatever host name a request uses (the browser says localhost, see keycloak.md).
      `--hostname=http://localhost:${port}`,
      '--db=dev-mem',
      '--import-realm',
    ],
    { env: keycloakEnv(env, java), detached: true, stdio: ['ignore', log, log] },
  );
  closeSync(log);
  let exited = false;
  child.on('exit', () => (exited = true));
  writeFileSync(paths.pidFile, `${child.pid}\n`);

  const outcome = await waitForDiscovery(discoveryUrl(port), { isRunning: () => !exited, timeoutMs });
  if (outcome !== 'ready') {
    await stopKeycloak(paths, { pid: child.pid });
    const why = outcome === 'exited' ? 'hat sich beendet' : `antwortete nicht binnen ${timeoutMs / 1000} s`;
    throw new KeycloakError(`Keycloak ${why}. Ende von ${paths.logFile}:\n${lastLines(paths.logFile)}`);
  }
  try {
    await setDevelopmentClientSecret(port, keycloakEnv(env, java));
  } catch (err) {
    await stopKeycloak(paths, { pid: child.pid });
    throw new KeycloakError(`Das Secret von ${KEYCLOAK_DEV.serverClientId} ließ sich nicht setzen: ${err.message}`);
  }
  child.unref();
  return { pid: child.pid, child, url: `http://localhost:${port}`, startMs: performance.now() - started };
}

/**
 * The realm file carries no secret for the API's service account: a missing placeholder would be
 * imported as its literal text, a secret known to everyone who read the file, on an account that
 * manages users. Keycloak generates a random one at import instead; for development and CI this
 * sets the known one (LUMIO_KC_SERVER_SECRET, default lumio-dev-secret) through the bootstrap admin.
 */
export async function setDevelopmentClientSecret(port, env) {
  const base = `http://localhost:${port}`;
  const call = async (path, init = {}) => {
    const response = await fetch(`${base}${path}`, { ...init, signal: AbortSignal.timeout(15_000) });
    if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${path}: HTTP ${response.status}`);
    return response.status === 204 ? undefined : response.json();
  };
  const { access_token: token } = await call('/realms/master/protocol/openid-connect/token', {
    method: 'POST',
    body: new URLSearchParams({
      grant_type: 'password',
      client_id: 'admin-cli',
      username: env.KC_BOOTSTRAP_ADMIN_USERNAME,
      password: env.KC_BOOTSTRAP_ADMIN_PASSWORD,
    }),
  });
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const clients = `/admin/realms/${KEYCLOAK_DEV.realm}/clients`;
  const [client] = await call(`${clients}?clientId=${KEYCLOAK_DEV.serverClientId}`, { headers });
  if (!client) throw new Error(`kein Client ${KEYCLOAK_DEV.serverClientId} im Realm`);
  // PUT replaces the client: the whole representation goes back with the secret changed.
  await call(`${clients}/${client.id}`, {
    method: 'PUT',
    headers,
    body: JSON.stringify({ ...client, secret: env.LUMIO_KC_SERVER_SECRET }),
  });
}

/**
 * SIGTERM (kc.sh passes it to the JVM, Quarkus shuts down in order), then waits for the exit; after
 * timeoutMs it kills the whole process group. Resolves with the pid stopped, or undefined.
 */
export async function stopKeycloak(paths, { pid = runningPid(paths), timeoutMs = 30_000 } = {}) {
  if (pid === undefined) {
    rmSync(paths.pidFile, { force: true });
    return undefined;
  }
  const signal = (name, target = pid) => {
    try {
      process.kill(target, name);
    } catch {
      // Already gone.
    }
  };
  signal('SIGTERM');
  const deadline = Date.now() + timeoutMs;
  while (isAlive(pid) && Date.now() < deadline) await sleep(100);
  if (isAlive(pid)) {
    signal('SIGKILL', -pid);
    while (isAlive(pid)) await sleep(100);
  }
  rmSync(paths.pidFile, { force: true });
  return pid;
}
