// `npm start`: builds the web app and the server when their sources are newer than the builds,
// then runs the one server process (web app, API and, in embedded mode, the stand-in services).
import { spawn, spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { buildServer, SERVER_BUNDLE, SERVER_SOURCES } from './build-server.mjs';
import { isStale } from './lib/freshness.mjs';

const root = new URL('..', import.meta.url).pathname;
const webSources = ['src', 'public', 'index.html', 'vite.config.ts', 'package-lock.json'].map((p) => join(root, p));

if (isStale(join(root, 'dist', 'index.html'), webSources)) {
  console.log('Web-App wird gebaut …');
  const result = spawnSync(
    process.execPath,
    [join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'],
    {
      cwd: root,
      stdio: 'inherit',
    },
  );
  if (result.status !== 0) process.exit(result.status ?? 1);
}
if (isStale(SERVER_BUNDLE, SERVER_SOURCES)) {
  console.log('Server wird gebaut …');
  await buildServer();
}

const server = spawn(process.execPath, ['--enable-source-maps', SERVER_BUNDLE], { cwd: root, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
