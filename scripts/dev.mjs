// `npm run dev`: Vite dev server (hot reload) on 5173 and the API server in watch mode on 8080.
// Vite proxies /api, /config, /realms and /dev to the server, so the browser sees one origin;
// PUBLIC_URL is therefore the Vite origin.
import { spawn } from 'node:child_process';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const env = { ...process.env, PUBLIC_URL: process.env.PUBLIC_URL ?? 'http://localhost:5173', PORT: '8080' };
const children = [
  spawn(process.execPath, ['--import', 'tsx', '--watch', join(root, 'server/server.ts')], {
    cwd: root,
    stdio: 'inherit',
    env,
  }),
  spawn(process.execPath, [join(root, 'node_modules/vite/bin/vite.js'), '--port', '5173', '--strictPort'], {
    cwd: root,
    stdio: 'inherit',
    env,
  }),
];
const stop = (signal) => children.forEach((c) => c.kill(signal));
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));
for (const child of children) child.on('exit', (code) => (stop('SIGTERM'), process.exit(code ?? 0)));
