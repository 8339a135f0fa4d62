import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { isCall, routeForLog } from '../lib/request-route';

/**
 * One line per request, once it is answered, instead of Fastify's two (server/app.ts): traceId
 * (the logger's binding), method, route template, status, duration, the error code of a
 * refusal, and the name of the API client that called. API and identity-provider calls at info; static files, /config/config.json, /dev pages
 * and health probes at debug. No URL, query string, header or address: the route template names
 * what was called without the token a path may carry (server/lib/request-route.ts).
 *
 * Written when the answer is out ('finish' of the raw response) rather than in onResponse: the
 * embedded IdP's middleware (login, token) answers from within onRequest, and Fastify runs no
 * later hook for those. The route is taken before that middleware runs: middie rewrites the URL.
 */
export const requestLogPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook('onRequest', async (request, reply) => {
      const started = performance.now();
      // Taken now: middie rewrites the raw URL for the middleware it mounts (/realms/lumio/…).
      const route = routeForLog(request);
      const call = isCall(request);
      reply.raw.once('finish', () => {
        const line = {
          method: request.method,
          route,
          status: reply.raw.statusCode,
          durationMs: Math.round(performance.now() - started),
          ...(reply.errorCode ? { errorCode: reply.errorCode } : {}),
          // Which back office called (issue 26, part 3): the API client's name, never its token.
          ...(request.currentUser?.apiClient ? { apiClient: request.currentUser.apiClient.name } : {}),
        };
        if (call) request.log.info(line, 'request completed');
        else request.log.debug(line, 'request completed');
      });
    });
  },
  { name: 'request-log', dependencies: ['errors'] },
);
