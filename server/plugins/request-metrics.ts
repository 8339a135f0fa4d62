import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { routeLabel } from '../lib/request-route';
import { metrics } from '../metrics/registry';

/**
 * Counts every answered request and its duration per method, route template and status, and the
 * requests in flight (server/metrics/registry.ts). Two listeners rather than fastify-metrics: the
 * route label must be the bounded one of request-route.ts, the counters share the registry the rest
 * of the process counts into, and the embedded IdP's middleware answers from within onRequest,
 * where Fastify runs no onResponse hook (request-log.ts).
 */
export const requestMetricsPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook('onRequest', async (request, reply) => {
      const started = performance.now();
      // Taken now: middie rewrites the raw URL for the middleware it mounts (/realms/lumio/…).
      const route = routeLabel(request);
      metrics.httpRequestStarted();
      // 'close' comes once per request, also for one whose client went away before the answer.
      reply.raw.once('close', metrics.httpRequestEnded);
      reply.raw.once('finish', () => {
        const seconds = (performance.now() - started) / 1000;
        metrics.httpRequestAnswered(request.method, route, reply.raw.statusCode, seconds);
      });
    });
  },
  { name: 'request-metrics' },
);
