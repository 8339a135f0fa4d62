// A real Keycloak for development, CI and the benchmark (issue 15): which distribution, where it is
// cached, which Java runs it, and how it is fetched and unpacked. Starting and stopping are in
// keycloak-server.mjs. Everything here is plain Node so that `npm run keycloak`, the CI script and
// bench/keycloak.mjs share one way of doing it; tests/unit/keycloakScript.test.ts checks the rules.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

export const KEYCLOAK_VERSION = '26.7.3';
const ARTIFACT = `org.keycloak:keycloak-quarkus-dist:${KEYCLOAK_VERSION}:tar.gz`;
const ARCHIVE_NAME = `keycloak-quarkus-dist-${KEYCLOAK_VERSION}.tar.gz`;
// A fixed plugin version: without it mvn resolves "latest" from Central's metadata on every run.
const DEPENDENCY_PLUGIN = 'org.apache.maven.plugins:maven-dependency-plugin:3.8.1';
/** Keycloak 26.7 runs on Java 17, 21 and 25; 17 is deprecated, 25 the newest supported. */
const MIN_JAVA = 17;

/** The names every part of the project uses for the development Keycloak (issue 15). */
export const KEYCLOAK_DEV = {
  port: 8180,
  realm: 'lumio',
  adminUser: 'admin',
  adminPassword: 'admin',
  serverClientId: 'lumio-server',
  serverSecret: 'lumio-dev-secret',
  smtpHost: '127.0.0.1',
  smtpPort: 2525,
  publicUrl: 'http://localhost:8080',
};

/** A failure the user can fix (missing tool, busy port): the CLI prints the message, no stack. */
export class KeycloakError extends Error {}

const root = resolve(new URL('../..', import.meta.url).pathname);
export const REALM_FILE = join(root, 'deploy', 'keycloak', 'lumio-realm.json');

/**
 * Where things live. The download (archive and Maven repository) is in LUMIO_CACHE_DIR, which CI and
 * several checkouts may share. The unpacked server stays in this checkout's own .cache: start-dev
 * rewrites files below lib/ and data/ on every start, so two checkouts must not run one copy.
 * LUMIO_MAVEN_REPO points mvn at an existing local repository (e.g. ~/.m2/repository) to skip
 * downloading its plugins; without it the cache holds its own, so a fresh machine needs nothing else.
 * @param {Record<string, string | undefined>} env
 * @param {{ checkoutDir?: string, port?: number }} [options]
 */
export function keycloakPaths(env = process.env, { checkoutDir = root, port = KEYCLOAK_DEV.port } = {}) {
  const cacheDir = env.LUMIO_CACHE_DIR ? resolve(env.LUMIO_CACHE_DIR) : join(checkoutDir, '.cache');
  const runDir = join(checkoutDir, '.cache', 'keycloak');
  return {
    cacheDir,
    archive: join(cacheDir, 'keycloak', ARCHIVE_NAME),
    mavenRepo: env.LUMIO_MAVEN_REPO ? resolve(env.LUMIO_MAVEN_REPO) : join(cacheDir, 'm2'),
    home: join(runDir, `keycloak-${KEYCLOAK_VERSION}`),
    pidFile: join(runDir, `keycloak-${port}.pid`),
    logFile: join(runDir, `keycloak-${port}.log`),
  };
}

/** Debian's name of the architecture in JDK folder names. */
const DEBIAN_ARCH = { x64: 'amd64', arm64: 'arm64' };

/**
 * The Java that runs Keycloak: LUMIO_KEYCLOAK_JAVA_HOME when set, else Temurin 25 where the
 * machine image installs it, else JAVA_HOME, else `java` on the PATH (Debian's OpenJDK 17).
 * @param {{ env?: Record<string, string | undefined>, exists?: (path: string) => boolean, arch?: string }} [options]
 * @returns {{ java: string, javaHome?: string, source: string }}
 */
export function chooseJava({ env = process.env, exists = existsSync, arch = process.arch } = {}) {
  const hasJava = (home) => Boolean(home) && exists(join(home, 'bin', 'java'));
  const explicit = env.LUMIO_KEYCLOAK_JAVA_HOME;
  if (explicit && !hasJava(explicit)) {
    throw new KeycloakError(`LUMIO_KEYCLOAK_JAVA_HOME=${explicit} enthält kein bin/java.`);
  }
  const candidates = [
    ['LUMIO_KEYCLOAK_JAVA_HOME', explicit],
    ['Temurin 25', `/usr/lib/jvm/temurin-25-jdk-${DEBIAN_ARCH[arch] ?? arch}`],
    ['JAVA_HOME', env.JAVA_HOME],
  ];
  for (const [source, home] of candidates) {
    if (hasJava(home)) return { java: join(home, 'bin', 'java'), javaHome: home, source };
  }
  return { java: 'java', source: 'PATH' };
}

/** The major version in `java -version`'s output ("17.0.15" → 17, "1.8.0_392" → 8). */
export function parseJavaMajor(output) {
  const match = /version "(\d+)(?:\.(\d+))?/.exec(output);
  if (!match) return undefined;
  const first = Number(match[1]);
  return first === 1 && match[2] !== undefined ? Number(match[2]) : first;
}

/** Checks that the chosen Java runs and is new enough; returns its major version. */
export function checkJava({ java, source }) {
  const result = spawnSync(java, ['-version'], { encoding: 'utf8' });
  if (result.error) {
    throw new KeycloakError(
      `Java wurde nicht gefunden (${java}, aus ${source}). Keycloak ${KEYCLOAK_VERSION} braucht ein JDK ${MIN_JAVA}, 21 oder 25, ` +
        'z. B. `apt-get install openjdk-17-jdk-headless`, oder LUMIO_KEYCLOAK_JAVA_HOME setzen.',
    );
  }
  const major = parseJavaMajor(`${result.stderr}${result.stdout}`);
  if (major === undefined || major < MIN_JAVA) {
    throw new KeycloakError(
      `${java} ist Java ${major ?? '?'}; Keycloak ${KEYCLOAK_VERSION} braucht mindestens Java ${MIN_JAVA}.`,
    );
  }
  return major;
}

/** Total size of a file or folder in bytes (the benchmark reports what a download left behind). */
export function sizeOf(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.size;
  return readdirSync(path).reduce((sum, name) => sum + sizeOf(join(path, name)), 0);
}

// eslint-disable-next-line no-control-regex -- the escape character is what is being removed
const ANSI_COLOUR = /\x1b\[[0-9;]*m/g;

/** Runs a command; resolves with its exit status and its output (ANSI colours removed). */
function run(command, args) {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    const collect = (chunk) => (output += chunk);
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    child.on('error', reject);
    child.on('close', (code, signal) =>
      resolvePromise({ status: signal ?? code, output: output.replace(ANSI_COLOUR, '') }),
    );
  });
}

/**
 * Fetches the distribution with mvn (it honours the machine's Maven mirrors and proxies) into the
 * cache. It lands in a folder of its own first and is renamed into place, so an interrupted or
 * concurrent download never leaves a half file under the final name.
 */
export async function downloadDistribution(paths) {
  if (spawnSync('mvn', ['-v'], { stdio: 'ignore' }).error) {
    throw new KeycloakError(
      'Maven (mvn) wurde nicht gefunden. Es lädt Keycloak einmal von Maven Central: `apt-get install maven`.',
    );
  }
  const staging = `${paths.archive}.download-${process.pid}`;
  mkdirSync(staging, { recursive: true });
  try {
    // -q keeps a successful run silent; mvn 3.8 colours even in batch mode, so the output is
    // collected and shown, cleaned, only when it failed.
    const { status, output } = await run('mvn', [
      '-B',
      '-q',
      `${DEPENDENCY_PLUGIN}:copy`,
      `-Dartifact=${ARTIFACT}`,
      `-DoutputDirectory=${staging}`,
      `-Dmaven.repo.local=${paths.mavenRepo}`,
    ]);
    if (status !== 0) throw new KeycloakError(`mvn konnte ${ARTIFACT} nicht laden (Exit ${status}):\n${output.trim()}`);
    renameSync(join(staging, ARCHIVE_NAME), paths.archive);
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}

/** Unpacks the archive into the server folder, again through a folder of its own and a rename. */
export async function unpackDistribution(paths) {
  const staging = `${paths.home}.unpack-${process.pid}`;
  rmSync(staging, { recursive: true, force: true });
  mkdirSync(staging, { recursive: true });
  try {
    const { status, output } = await run('tar', ['-xzf', paths.archive, '-C', staging]);
    if (status !== 0)
      throw new KeycloakError(`tar konnte ${paths.archive} nicht entpacken (Exit ${status}): ${output.trim()}`);
    rmSync(paths.home, { recursive: true, force: true });
    renameSync(join(staging, `keycloak-${KEYCLOAK_VERSION}`), paths.home);
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}

/** Downloads and unpacks what is missing; says what it did, so the caller can tell the user. */
export async function ensureDistribution(paths, log = console.log) {
  const done = { downloaded: false, unpacked: false };
  if (existsSync(join(paths.home, 'bin', 'kc.sh'))) return done;
  if (!existsSync(paths.archive)) {
    mkdirSync(dirname(paths.archive), { recursive: true });
    log(`Keycloak ${KEYCLOAK_VERSION} wird mit mvn geladen (einmalig, 176 MB und 20 MB Maven-Plugins) …`);
    await downloadDistribution(paths);
    done.downloaded = true;
  }
  mkdirSync(dirname(paths.home), { recursive: true });
  await unpackDistribution(paths);
  done.unpacked = true;
  return done;
}

export const KEYCLOAK_USAGE = `npm run keycloak [-- Optionen]
  (ohne)            lädt Keycloak ${KEYCLOAK_VERSION} bei Bedarf, startet es auf http://localhost:8180 und
                    läuft, bis Strg+C es geordnet beendet
  --detach          startet im Hintergrund, schreibt die PID-Datei und kehrt zurück, sobald der Realm antwortet
  --stop            beendet den mit --detach gestarteten Keycloak (SIGTERM, wartet auf das Ende)
  --fetch           lädt und entpackt nur (z. B. als eigener CI-Schritt)
  --port <n>        anderer Port als 8180 (Issuer http://localhost:<n>/realms/lumio)
  --timeout <s>     so lange auf den Realm warten (Standard 180)
Umgebung: LUMIO_CACHE_DIR (Download-Cache, Standard .cache), LUMIO_MAVEN_REPO (vorhandenes lokales
Maven-Repository statt eines eigenen im Cache), LUMIO_KEYCLOAK_JAVA_HOME (Java statt Temurin 25/JAVA_HOME),
KC_BOOTSTRAP_ADMIN_USERNAME/_PASSWORD, LUMIO_PUBLIC_URL, LUMIO_SMTP_HOST/_PORT/_FROM, LUMIO_KC_SERVER_SECRET.`;

/** Thrown for a command line the script does not understand; the CLI prints it with the usage. */
export class KeycloakUsageError extends Error {}

/**
 * The command line of scripts/keycloak.mjs.
 * @param {string[]} argv
 * @returns {{ mode: 'run' | 'detach' | 'stop' | 'fetch' | 'help', port: number, timeoutMs: number }}
 */
export function parseKeycloakArgs(argv) {
  const parsed = { mode: 'run', port: KEYCLOAK_DEV.port, timeoutMs: 180_000 };
  const modes = { '--detach': 'detach', '--stop': 'stop', '--fetch': 'fetch', '--help': 'help', '-h': 'help' };
  const number = (flag, value, min, max) => {
    const n = Number(value);
    if (value === undefined || !Number.isInteger(n) || n < min || n > max) {
      throw new KeycloakUsageError(`${flag} braucht eine ganze Zahl von ${min} bis ${max}.`);
    }
    return n;
  };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg in modes) {
      if (parsed.mode !== 'run' && parsed.mode !== modes[arg]) {
        throw new KeycloakUsageError(`${arg} lässt sich nicht mit --${parsed.mode} verbinden.`);
      }
      parsed.mode = modes[arg];
    } else if (arg === '--port') parsed.port = number(arg, argv[++i], 1024, 65535);
    else if (arg === '--timeout') parsed.timeoutMs = number(arg, argv[++i], 1, 3600) * 1000;
    else throw new KeycloakUsageError(`Unbekannte Option ${arg}.`);
  }
  return parsed;
}
