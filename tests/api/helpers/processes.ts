import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import { join } from 'node:path';

export const root = new URL('../../..', import.meta.url).pathname;

/** Builds dist-server/ (server.mjs, worker.mjs) as `npm start` and `npm run worker` run them. */
export function buildServerBundle(): void {
  const result = spawnSync(process.execPath, [join(root, 'scripts/build-server.mjs')], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`scripts/build-server.mjs failed (${result.status})`);
}

export async function freePort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  server.close();
  await once(server, 'close');
  return port;
}

export interface BundleProcess {
  child: ChildProcess;
  /** Everything it printed so far (stdout and stderr). */
  output(): string;
  /** Its exit code, once it exited. */
  exited(): Promise<number | null>;
}

/** Runs dist-server/<bundle>.mjs with `env` added to this process's environment. */
export function startBundle(
  bundle: 'server' | 'worker',
  env: Record<string, string>,
  nodeFlags: string[] = [],
): BundleProcess {
  const child = spawn(process.execPath, [...nodeFlags, join(root, 'dist-server', `${bundle}.mjs`)], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let text = '';
  child.stdout!.on('data', (chunk) => (text += chunk));
  child.stderr!.on('data', (chunk) => (text += chunk));
  const exit = once(child, 'exit').then(([code]) => code as number | null);
  return { child, output: () => text, exited: () => exit };
}
