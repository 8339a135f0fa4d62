// The PostgreSQL server of the benchmarks: scripts/ci-postgres.sh's cluster on the benchmarks' own
// port (BENCH_PG_PORT, default 54339, so a CI cluster on 54329 is left alone), stopped afterwards
// unless it was running already; or BENCH_PG_URL=postgres://… to use a running server.
import { spawnSync } from 'node:child_process';

const root = new URL('../..', import.meta.url).pathname;

/** @returns {{ url: string, stop: () => void }} */
export function startPostgres() {
  if (process.env.BENCH_PG_URL) return { url: process.env.BENCH_PG_URL, stop: () => {} };
  const env = {
    ...process.env,
    PG_PORT: process.env.BENCH_PG_PORT ?? '54339',
    PG_DIR: process.env.BENCH_PG_DIR ?? '/tmp/lumio-pg-bench',
  };
  const wasRunning = spawnSync('pg_isready', ['-h', '127.0.0.1', '-p', env.PG_PORT], { stdio: 'ignore' }).status === 0;
  const started = spawnSync('bash', ['-c', 'source scripts/ci-postgres.sh && start_postgres >&2 && echo "$PG_URL"'], {
    cwd: root,
    env,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  if (started.status !== 0) throw new Error('could not start PostgreSQL (scripts/ci-postgres.sh)');
  const url = new URL(started.stdout.trim().split('\n').pop());
  return {
    url: url.toString(),
    stop: () => {
      if (wasRunning) return;
      spawnSync('bash', ['-c', 'source scripts/ci-postgres.sh && stop_postgres'], { cwd: root, env, stdio: 'inherit' });
    },
  };
}

/** The URL of database `name` on the same server. @param {string} url @param {string} name */
export function databaseUrl(url, name) {
  const target = new URL(url);
  target.pathname = `/${name}`;
  return target.toString();
}
