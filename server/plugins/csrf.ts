import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { SERVER_MESSAGES } from '../../src/domain/errorCatalogue';
import { ApiError } from '../errors';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A health endpoint (server/health): no token, no rate limit, no anti-forgery cookie, not logged at info. */
    probe?: boolean;
  }
}

export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'x-xsrf-token';
/** Methods that change nothing: they need no anti-forgery header (the OpenAPI document states the same). */
export const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function sameToken(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * Double-submit anti-forgery: every response hands out an `XSRF-TOKEN` cookie (readable by the
 * web app's script), and every state-changing /api request must echo it in `X-XSRF-TOKEN`.
 * A forged cross-site form cannot read the cookie, so it cannot send the header. The check runs
 * in preParsing, after the auth hook: a request with no route's token is refused 401 before it.
 */
export const csrfPlugin = fp(
  async (app: FastifyInstance, opts: { secureCookie: boolean }) => {
    app.addHook('onRequest', async (request, reply) => {
      // The device API is called by studio software, not a browser: no cookie to forge with, none
      // handed out. Nor to load balancers' health probes (server/health).
      if (request.routeOptions.config?.device || request.routeOptions.config?.probe) return;
      if (!request.cookies[XSRF_COOKIE]) {
        reply.setCookie(XSRF_COOKIE, randomBytes(24).toString('base64url'), {
          path: '/',
          sameSite: 'strict',
          secure: opts.secureCookie,
          httpOnly: false,
        });
      }
    });
    // The check waits for the token (server/plugins/auth.ts verifies it in onRequest): only a
    // verified API client's call goes without the pair, and before the body is read.
    app.addHook('preParsing', async (request, _reply, payload) => {
      const config = request.routeOptions.config;
      if (config?.device || config?.probe) return payload;
      if (SAFE_METHODS.has(request.method) || !request.url.startsWith('/api/')) return payload;
      // An API client's back office (issue 26, part 3) sends a bearer token it got with its own
      // secret, no cookie: a browser cannot be tricked into sending that token.
      if (request.currentUser?.apiClient) return payload;
      const cookie = request.cookies[XSRF_COOKIE];
      const header = request.headers[XSRF_HEADER];
      if (!cookie || typeof header !== 'string' || !sameToken(cookie, header)) {
        throw new ApiError(403, SERVER_MESSAGES.forbidden, 'CSRF_TOKEN_INVALID');
      }
      return payload;
    });
  },
  { name: 'csrf', dependencies: ['@fastify/cookie'] },
);
