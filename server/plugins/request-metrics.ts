import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { routeLabel } from '../lib/request-route';
import { metrics } from '../metrics/registry';

/**
 * Counts every answered request and its duration per method, route template and status, and the
 * requests in flight (server/metrics/registry.ts). Two hooks rather than fastify-metrics: the
 * route label must be the bounded one of request-route.ts, and the counters live in the registry
 * the rest of the process counts into.
 */
export const requestMetricsPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook('onRequest', async (_request, reply) => {
      metrics.httpRequestStarted();
      // 'close' comes once per request, also for one whose client went away before the answer.
      reply.raw.once('close', metrics.httpRequestEnded);
    });
    app.addHook('onResponse', async (request, reply) => {
      metrics.httpRequestAnswered(request.method, routeLabel(request), reply.statusCode, reply.elapsedTime / 1000);
    });
  },
  { name: 'request-metrics' },
);
