// `vite build` as `npm start` runs it (dist/), for the page benchmarks.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { isStale } from '../../scripts/lib/freshness.mjs';

const root = new URL('../..', import.meta.url).pathname;
/** What `npm start` (scripts/start.mjs) rebuilds the web app for. */
const WEB_SOURCES = ['src', 'public', 'index.html', 'vite.config.ts', 'package-lock.json'].map((p) => join(root, p));

export function buildWebApp() {
  const started = performance.now();
  const result = spawnSync(
    process.execPath,
    [join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'],
    { cwd: root, stdio: 'inherit' },
  );
  if (result.status !== 0) throw new Error(`vite build failed (exit ${result.status})`);
  console.log(`vite build: ${((performance.now() - started) / 1000).toFixed(1)} s → dist/`);
}

/** Builds only when a source is newer than dist/index.html, as `npm start` does. */
export function buildWebAppIfStale() {
  if (isStale(join(root, 'dist', 'index.html'), WEB_SOURCES)) buildWebApp();
}
