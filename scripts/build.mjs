// `npm run build`: the production build. The web app into dist/ (Vite, with its pre-compressed
// copies), the server and the worker into dist-server/ (scripts/build-server.mjs). Needs the
// development dependencies; what it builds runs with `npm ci --omit=dev` (docs/production.md).
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { buildServer } from './build-server.mjs';

const root = new URL('..', import.meta.url).pathname;

const started = performance.now();
const web = spawnSync(process.execPath, [join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'], {
  cwd: root,
  stdio: 'inherit',
});
if (web.status !== 0) process.exit(web.status ?? 1);
await buildServer();
console.log(
  `Gebaut in ${((performance.now() - started) / 1000).toFixed(1)} s: Web-App in dist/, Server und Worker in dist-server/ ` +
    '(starten mit npm run start:prod und npm run worker:prod, siehe docs/production.md).',
);
