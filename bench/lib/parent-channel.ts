// The server side of bench/lib/child-server.mjs: what a benchmark's server process sends to the
// benchmark over IPC, and how it answers the benchmark's requests. One place for the protocol:
// every request gets at most one reply, a failure becomes { type: 'error', message }, and
// { type: 'stop' } closes the app (and with it the database) before { type: 'stopped' }.
import type { FastifyInstance } from 'fastify';

export function sendToParent(message: unknown): void {
  process.send?.(message);
}

export function sendErrorToParent(err: unknown): void {
  sendToParent({ type: 'error', message: err instanceof Error ? err.stack : String(err) });
}

/**
 * Answers every request from the benchmark with what `handle` resolves to (nothing is sent for
 * undefined). 'stop' is handled here and never reaches `handle`.
 */
export function answerParent<R extends { type: string }>(
  app: FastifyInstance,
  handle: (request: Exclude<R, { type: 'stop' }>) => Promise<unknown>,
): void {
  process.on('message', (request: R) => {
    const reply = async () => {
      if (request.type !== 'stop') return handle(request as Exclude<R, { type: 'stop' }>);
      await app.close();
      sendToParent({ type: 'stopped' });
      process.disconnect?.();
      return undefined;
    };
    reply().then((message) => message && sendToParent(message), sendErrorToParent);
  });
}

/** For the server script's `main().catch(…)`: report, then end the process. */
export function failStartup(err: unknown): never {
  sendErrorToParent(err);
  console.error(err);
  process.exit(1);
}
