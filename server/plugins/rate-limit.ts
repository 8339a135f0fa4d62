import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { namedStatementRunner } from '../db/named-statements';
import { sharedRateLimitStore } from '../lib/rate-limit-store';

/**
 * @fastify/rate-limit with its counters in the app database (server/lib/rate-limit-store.ts): every
 * per-address and per-licence limit holds across all API instances. Nothing is limited unless a
 * route asks (route config `rateLimit`, or a hook made with `app.rateLimit({ groupId, … })`).
 *
 * When the store fails, every limit lets the request through (skipOnError), for one reason that
 * holds for each of them: the store is the same database the limited routes need. The public
 * forms, the IdP's login, token and set-password endpoints and the device API cannot do anything
 * without it, so refusing as well would only turn their error into another one; config.json and
 * the API docs need no database and keep answering. Guessing is held by what the database itself
 * keeps (login throttles, secret tokens of 256 bits), not by these limits.
 */
export const rateLimitPlugin = fp(
  async (app: FastifyInstance) => {
    await app.register(rateLimit, {
      global: false,
      store: sharedRateLimitStore(namedStatementRunner(app.db), app.log.child({ module: 'rate-limit' })),
      skipOnError: true,
    });
  },
  { name: 'rate-limit' },
);
