import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ApiError, TRANSPORT_MESSAGES } from '../errors';

/**
 * Where an instance is in its stop (server/lib/graceful-stop.ts runs the stop):
 * - running: serves, ready;
 * - draining: still serves, but readiness is 503 so load balancers move new work elsewhere, and
 *   every answer closes its connection (no kept-alive connection outlives the stop);
 * - closing: the listening socket is closed; a request that still arrives on an open connection
 *   gets 503 before any handler runs, so a proxy or device may safely send it again elsewhere.
 */
export type LifecyclePhase = 'running' | 'draining' | 'closing';

export interface Lifecycle {
  readonly phase: LifecyclePhase;
  /** Requests received and not answered yet. */
  readonly inFlight: number;
  /** Readiness turns 503 at once; `deadline` (epoch ms) bounds what follows, jobs included. */
  beginStop(deadline: number): void;
  /** Requests arriving from now on are refused with 503. */
  stopAccepting(): void;
  /** Milliseconds left until the stop's deadline; undefined while no stop runs (tests' app.close()). */
  remainingMs(): number | undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    lifecycle: Lifecycle;
  }
}

export const lifecyclePlugin = fp(
  async (app: FastifyInstance) => {
    let phase: LifecyclePhase = 'running';
    let inFlight = 0;
    let deadline: number | undefined;
    const lifecycle: Lifecycle = {
      get phase() {
        return phase;
      },
      get inFlight() {
        return inFlight;
      },
      beginStop(until) {
        if (phase === 'running') phase = 'draining';
        deadline = until;
      },
      stopAccepting() {
        phase = 'closing';
      },
      remainingMs: () => (deadline === undefined ? undefined : deadline - Date.now()),
    };
    app.decorate('lifecycle', lifecycle);

    app.addHook('onRequest', async (_request, reply) => {
      inFlight += 1;
      // 'close' comes once per answer, also for one whose client went away first.
      reply.raw.once('close', () => (inFlight -= 1));
      if (phase === 'closing') {
        reply.header('connection', 'close').header('retry-after', '1');
        throw new ApiError(503, TRANSPORT_MESSAGES.serviceUnavailable, 'SERVICE_UNAVAILABLE');
      }
    });
    app.addHook('onSend', async (_request, reply) => {
      // Node closes the connection after this answer; a client's next request opens a new one,
      // which the load balancer sends to an instance that is not stopping.
      if (phase !== 'running') reply.header('connection', 'close');
    });
  },
  { name: 'lifecycle', dependencies: ['errors'] },
);
