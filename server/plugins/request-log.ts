import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { isCall, routeForLog } from '../lib/request-route';

/**
 * One line per request, once it is answered, instead of Fastify's two (disableRequestLogging):
 * traceId (the logger's binding), method, route template, status, duration, and the error code of
 * a refusal. API and identity-provider calls at info; static files, /config/config.json, /dev
 * pages and health probes at debug. No URL, query string, header or address: the route template
 * names what was called without the token a path may carry (server/lib/request-route.ts).
 */
export const requestLogPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook('onResponse', async (request, reply) => {
      const line = {
        method: request.method,
        route: routeForLog(request),
        status: reply.statusCode,
        durationMs: Math.round(reply.elapsedTime),
        ...(reply.errorCode ? { errorCode: reply.errorCode } : {}),
      };
      if (isCall(request)) request.log.info(line, 'request completed');
      else request.log.debug(line, 'request completed');
    });
  },
  { name: 'request-log', dependencies: ['errors'] },
);
