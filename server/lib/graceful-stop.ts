import type { Server } from 'node:http';
import { setTimeout as delay } from 'node:timers/promises';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';

/**
 * Beyond the configured bound, the stop's own steps (closing pools and files) get this long before
 * the process is ended with exit code 1, so a stop can never hang.
 */
const WATCHDOG_MARGIN_MS = 5_000;

/**
 * SIGTERM and SIGINT start `stop` once (a second signal, such as the one `npm start` forwards after
 * the terminal's Ctrl-C, changes nothing); the process exits 0 when it finished, 1 when it failed
 * or outlived `limitMs` plus a margin.
 */
export function onStopSignal(log: FastifyBaseLogger, limitMs: number, stop: () => Promise<void>): void {
  let stopping = false;
  const begin = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'stopping');
    const watchdog = setTimeout(() => {
      log.error({ limitMs }, 'the stop took longer than its bound; exiting');
      process.exit(1);
    }, limitMs + WATCHDOG_MARGIN_MS);
    watchdog.unref();
    stop().then(
      () => {
        log.info('stopped');
        process.exit(0);
      },
      (err: unknown) => {
        log.error({ err }, 'the stop failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', begin);
  process.on('SIGINT', begin);
}

/** Stops accepting connections; true once every open one has ended, false when `ms` ran out first. */
function closeListener(server: Server, ms: number): Promise<boolean> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), Math.max(0, ms));
    server.close(() => {
      clearTimeout(timer);
      resolve(true);
    });
    // Kept-alive connections without a request in flight must not hold the stop up.
    server.closeIdleConnections();
  });
}

/**
 * The API process's stop (docs/production.md, "Stopping"):
 * 1. readiness answers 503 at once; every answer closes its connection;
 * 2. for `drainMs` (SHUTDOWN_DRAIN_SECONDS, default 0) it still serves, for load balancers that
 *    poll readiness before they send elsewhere;
 * 3. the listening socket closes, idle kept-alive connections close, a request still arriving on an
 *    open connection gets 503 (server/plugins/lifecycle.ts), requests in flight finish within
 *    `timeoutMs` (SHUTDOWN_TIMEOUT_SECONDS), those still running then are cut;
 * 4. app.close(): the job workers finish or release their jobs within what is left of the bound
 *    (server/jobs/plugin.ts), then mail transport and database close.
 */
export async function stopServer(
  app: FastifyInstance,
  { drainMs, timeoutMs }: { drainMs: number; timeoutMs: number },
): Promise<void> {
  const deadline = Date.now() + drainMs + timeoutMs;
  app.lifecycle.beginStop(deadline);
  if (drainMs > 0) {
    app.log.info({ drainMs }, 'unready; still serving until the drain ends');
    await delay(drainMs);
  }
  app.lifecycle.stopAccepting();
  const finished = await closeListener(app.server, deadline - Date.now());
  if (!finished) {
    app.log.warn({ inFlight: app.lifecycle.inFlight }, 'requests still running at the stop deadline are cut');
    app.server.closeAllConnections();
  }
  await app.close();
}
