// `npm run start:prod` (API server) and `npm run worker:prod` (job worker): the production build of
// `npm run build`, on an installation made with `npm ci --omit=dev`. Nothing here builds or needs a
// development dependency; it checks what the bundles cannot check themselves (the Node version,
// that a build is there). The server bundle then runs in this very process, so that signals from
// systemd or a terminal reach it directly; the worker needs V8 flags that only a process's command
// line sets, so it runs as a child that gets every SIGTERM/SIGINT passed on.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { WORKER_NODE_FLAGS } from './lib/process-flags.mjs';

const root = new URL('..', import.meta.url).pathname;
const REQUIRED_NODE_MAJOR = 24;
const which = process.argv[2] ?? 'server';
const bundles = { server: 'server.mjs', worker: 'worker.mjs' };

function fail(message) {
  console.error(message);
  process.exit(2);
}

if (!(which in bundles)) fail(`Unbekannter Prozess „${which}“: server oder worker.`);
const major = Number(process.versions.node.split('.')[0]);
if (major < REQUIRED_NODE_MAJOR) {
  fail(
    `Lumio braucht Node.js ${REQUIRED_NODE_MAJOR} oder neuer; dieses Node.js ist ${process.versions.node} (${process.execPath}).`,
  );
}
const bundle = join(root, 'dist-server', bundles[which]);
if (!existsSync(bundle)) {
  fail(
    `Kein Produktions-Build: ${bundle} fehlt. Zuerst mit allen Abhängigkeiten npm ci && npm run build ausführen (docs/production.md).`,
  );
}
if (which === 'server' && !existsSync(join(root, 'dist', 'index.html'))) {
  fail(
    `Kein Produktions-Build der Web-App: ${join(root, 'dist', 'index.html')} fehlt. Zuerst npm run build ausführen (docs/production.md).`,
  );
}
if (which === 'worker') {
  const worker = spawn(process.execPath, [...WORKER_NODE_FLAGS, bundle], { cwd: root, stdio: 'inherit' });
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => worker.kill(signal));
  worker.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
} else {
  // Stack traces of the log point into server/…, not into the bundle.
  process.setSourceMapsEnabled(true);
  await import(pathToFileURL(bundle).href);
}
