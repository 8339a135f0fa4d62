// A benchmark's server in a process of its own (a TypeScript file run through tsx), so the load
// generator does not share the event loop, or PGlite's wasm thread, with the server it measures.
// The two talk over IPC: the server sends { type: 'ready', … } once it listens, answers each
// request with a message of an agreed type, and { type: 'error', message } when anything fails.
import { fork } from 'node:child_process';
import { join } from 'node:path';

const root = new URL('../..', import.meta.url).pathname;

/**
 * Forks `script` (a path relative to the repository root) with `env` added to this process's
 * environment. BENCH_SERVER_LOG=1 passes the server's stdout through. BENCH_SERVER_CPU_PROF=<dir>
 * writes a V8 CPU profile of the server process into <dir> when it stops (NODE_OPTIONS may not
 * carry --cpu-prof), sampled every BENCH_SERVER_CPU_PROF_INTERVAL µs (default 1000; 100 resolves
 * the parts of a one-millisecond request).
 * @param {string} script
 * @param {Record<string, string>} env
 */
export function startChildServer(script, env) {
  const child = fork(join(root, script), [], {
    cwd: root,
    execArgv: [
      '--import',
      'tsx',
      ...(process.env.BENCH_SERVER_CPU_PROF
        ? [
            '--cpu-prof',
            '--cpu-prof-interval',
            process.env.BENCH_SERVER_CPU_PROF_INTERVAL ?? '1000',
            `--cpu-prof-dir=${process.env.BENCH_SERVER_CPU_PROF}`,
          ]
        : []),
    ],
    env: { ...process.env, ...env },
    stdio: ['ignore', process.env.BENCH_SERVER_LOG === '1' ? 'inherit' : 'ignore', 'pipe', 'ipc'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr += chunk));
  const waiting = [];
  let exitError;
  const fail = (err) => {
    exitError = err;
    for (const w of waiting.splice(0)) w.reject(err);
  };
  child.on('message', (message) => {
    if (message.type === 'error') return fail(new Error(`bench server: ${message.message}`));
    const i = waiting.findIndex((w) => w.type === message.type);
    if (i >= 0) waiting.splice(i, 1)[0].resolve(message);
  });
  child.on('exit', (code, signal) => {
    if (code !== 0 || signal) fail(new Error(`bench server exited (${signal ?? code}):\n${stderr.slice(-3000)}`));
  });
  const expect = (type) =>
    new Promise((resolve, reject) => {
      if (exitError) return reject(exitError);
      waiting.push({ type, resolve, reject });
    });
  /** Sends `message` and resolves with the first reply of `replyType`. */
  const ask = (message, replyType) => {
    const reply = expect(replyType);
    child.send(message);
    return reply;
  };
  /** Asks the server to close (app.close() closes the database too); kills it after 20 s. */
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    const killer = setTimeout(() => child.kill('SIGKILL'), 20_000);
    try {
      await ask({ type: 'stop' }, 'stopped');
    } catch {
      child.kill('SIGTERM');
    }
    await exited;
    clearTimeout(killer);
  };
  return { ready: expect('ready'), ask, stop };
}
