import type { FastifyInstance, HTTPMethods } from 'fastify';
import fp from 'fastify-plugin';
import { TRANSPORT_MESSAGES } from '../errors';
import { errorBody } from './errors';

/** The methods a route of this server can have; Allow lists those of a path in this order. */
const ROUTE_METHODS: HTTPMethods[] = ['DELETE', 'GET', 'HEAD', 'OPTIONS', 'PATCH', 'POST', 'PUT'];

/**
 * A request that matched no route but whose path a route has with another method (TRACE, QUERY,
 * PROPFIND, or DELETE on a read-only path) is answered 405 with `Allow` naming the path's methods
 * and the error body (RFC 9110, 15.5.6), before login or anti-forgery checks: the path is no secret,
 * its GET answers 401 anyway. A path no route has stays a 404 (server/plugins/spa.ts), and so do
 * paths that middleware answers (the embedded IdP's realm), which no route has.
 */
export const methodNotAllowedPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook('onRequest', async (request, reply) => {
      if (!request.is404) return;
      // A CORS preflight is the CORS handler's to answer (the embedded IdP's realm middleware).
      if (request.method === 'OPTIONS' && request.headers['access-control-request-method']) return;
      const url = request.url.split('?')[0];
      const allowed = ROUTE_METHODS.filter(
        (method) => method !== request.method && app.findRoute({ method, url }) !== null,
      );
      if (allowed.length === 0) return;
      reply.errorCode = 'METHOD_NOT_ALLOWED';
      return reply
        .code(405)
        .header('allow', allowed.join(', '))
        .send(errorBody(request, 405, 'METHOD_NOT_ALLOWED', [TRANSPORT_MESSAGES.methodNotAllowed]));
    });
  },
  { name: 'method-not-allowed', dependencies: ['errors'] },
);
