// `npm run test:e2e`: browser tests in Debian's Chromium (installed here when missing; Playwright
// never downloads a browser), against a freshly built web app and server (as `npm start` runs
// them) on its own data dir.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { buildServer } from './build-server.mjs';
import { CHROMIUM_PATH } from './lib/chromium.mjs';

const root = new URL('..', import.meta.url).pathname;
const chromium = CHROMIUM_PATH;

function run(cmd, args, options = {}) {
  const result = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', ...options });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

if (!existsSync(chromium)) {
  console.log('Chromium fehlt und wird aus Debian installiert …');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  run('apt-get', ['update', '-qq'], { env });
  run('apt-get', ['install', '-y', '-qq', 'chromium'], { env });
}

run(process.execPath, [join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn']);
// The browser tests run the server as `npm start` does: the built bundle.
await buildServer();
run(process.execPath, [join(root, 'node_modules/@playwright/test/cli.js'), 'test', ...process.argv.slice(2)], {
  env: { ...process.env, CHROMIUM_PATH: chromium },
});
