import { spawn } from 'node:child_process';
import { closeSync, mkdirSync, openSync, readFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { createConnection } from 'node:net';

/** Process helpers of `npm run cluster`: start in the background with a log, stop, wait for readiness. */

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Alive and not a zombie: an exited child whose parent has not reaped it yet counts as gone. */
export function isAlive(pid: number | undefined): boolean {
  if (!pid) return false;
  try {
    process.kill(pid, 0);
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
  try {
    // /proc/<pid>/stat: "pid (name) state …"; the name may hold spaces and parentheses.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return true;
  }
}

/**
 * Starts a process in its own process group (a Ctrl-C in the terminal reaches the cluster script,
 * which then stops everything in order) with stdout and stderr appended to `log`. It outlives the
 * script in --detach mode.
 */
export function startDetached(command: string, args: string[], env: NodeJS.ProcessEnv, log: string, cwd: string) {
  mkdirSync(dirname(log), { recursive: true });
  const out = openSync(log, 'a');
  try {
    const child = spawn(command, args, { cwd, env, detached: true, stdio: ['ignore', out, out] });
    child.unref();
    if (!child.pid) throw new Error(`${command} konnte nicht gestartet werden`);
    return child.pid;
  } finally {
    closeSync(out);
  }
}

/** Sends `signal` and waits until the process is gone; SIGKILL after `timeoutMs`. */
export async function stopPid(pid: number | undefined, signal: NodeJS.Signals = 'SIGTERM', timeoutMs = 40_000) {
  if (!isAlive(pid)) return;
  process.kill(pid!, signal);
  const deadline = Date.now() + timeoutMs;
  let killed = false;
  while (isAlive(pid)) {
    if (!killed && Date.now() > deadline) {
      process.kill(pid!, 'SIGKILL');
      killed = true;
    }
    await sleep(100);
  }
}

export async function httpStatus(url: string, timeoutMs = 2000): Promise<number | undefined> {
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) });
    await res.arrayBuffer();
    return res.status;
  } catch {
    return undefined;
  }
}

export async function waitForStatus(
  url: string,
  { seconds = 60, alive = () => true, what }: { seconds?: number; alive?: () => boolean; what: string },
): Promise<void> {
  const deadline = Date.now() + seconds * 1000;
  while (Date.now() < deadline) {
    if ((await httpStatus(url)) === 200) return;
    if (!alive()) throw new Error(`${what} hat sich beim Start beendet.`);
    await sleep(200);
  }
  throw new Error(`${what} ist nach ${seconds} s nicht bereit (${url}).`);
}

/** Whether something accepts connections on 127.0.0.1:port. */
export function portInUse(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}
