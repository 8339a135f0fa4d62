// `npm start`'s server process (dist-server/server.mjs, what scripts/start.mjs spawns once the
// builds are current; built here when stale) on a free loopback port and a PGlite data directory,
// for the benchmarks that time its start or kill it.
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { buildServer, SERVER_BUNDLE, SERVER_SOURCES } from '../../scripts/build-server.mjs';
import { isStale } from '../../scripts/lib/freshness.mjs';

const root = new URL('../..', import.meta.url).pathname;
const GIVE_UP_MS = 60_000;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/**
 * Spawns the server on `dataDir` (and `port`, default a free one). `serving()` resolves with the ms
 * from the spawn to the first 200 of /config/config.json (polled every 10 ms); `stop()` ends it
 * with SIGTERM (SIGKILL after 15 s), `kill()` with SIGKILL at once, as a crash would.
 * @param {{ dataDir: string, port?: number, env?: Record<string, string> }} options
 */
export async function spawnServer({ dataDir, port, env = {} }) {
  if (isStale(SERVER_BUNDLE, SERVER_SOURCES)) await buildServer();
  port ??= await freePort();
  let output = '';
  const started = performance.now();
  const child = spawn(process.execPath, ['--enable-source-maps', SERVER_BUNDLE], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://localhost:${port}`,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'info',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  let exitStatus;
  const exited = new Promise((resolve) =>
    child.once('exit', (code, signal) => {
      exitStatus = signal ? `signal ${signal}` : `code ${code}`;
      resolve();
    }),
  );

  async function serving() {
    for (;;) {
      if (exitStatus) throw new Error(`server exited (${exitStatus}) before answering:\n${output.slice(-2000)}`);
      if (performance.now() - started > GIVE_UP_MS)
        throw new Error(`no 200 within ${GIVE_UP_MS} ms:\n${output.slice(-2000)}`);
      try {
        const res = await fetch(`http://127.0.0.1:${port}/config/config.json`);
        await res.arrayBuffer();
        if (res.status === 200) return performance.now() - started;
      } catch {
        // Not listening yet.
      }
      await sleep(10);
    }
  }

  async function stop() {
    if (!exitStatus) child.kill('SIGTERM');
    const killer = setTimeout(() => child.kill('SIGKILL'), 15_000);
    await exited;
    clearTimeout(killer);
  }

  async function kill() {
    if (!exitStatus) child.kill('SIGKILL');
    await exited;
  }

  return { port, base: `http://127.0.0.1:${port}`, serving, stop, kill, output: () => output };
}
