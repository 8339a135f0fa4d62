// `npm run worker`: builds the server bundle when its sources are newer (as `npm start` does), then
// runs the worker process (dist-server/worker.mjs, from server/worker.ts): background jobs only,
// beside API processes started with JOB_WORKERS=false.
import { spawn } from 'node:child_process';
import { buildServer, SERVER_BUNDLE, SERVER_SOURCES, WORKER_BUNDLE } from './build-server.mjs';
import { WORKER_NODE_FLAGS } from './lib/process-flags.mjs';
import { isStale } from './lib/freshness.mjs';

const root = new URL('..', import.meta.url).pathname;

if (isStale(SERVER_BUNDLE, SERVER_SOURCES) || isStale(WORKER_BUNDLE, SERVER_SOURCES)) {
  console.log('Server wird gebaut …');
  await buildServer();
}

const worker = spawn(process.execPath, [...WORKER_NODE_FLAGS, WORKER_BUNDLE], { cwd: root, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => worker.kill(signal));
worker.on('exit', (code) => process.exit(code ?? 0));
