import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { jwtVerify, type JWTVerifyGetKey } from 'jose';
import type Provider from 'oidc-provider';
import type { Db } from '../db/client';
import type { UserRow } from '../db/schema';
import { findUserById, profileClaims } from './accounts';

/** Paths below the realm that Fastify answers itself (login form, helper pages, userinfo, account). */
export function isOwnRoute(path: string): boolean {
  return (
    path.startsWith('/login-actions/') ||
    path.startsWith('/protocol/openid-connect/3p-cookies/') ||
    path.startsWith('/protocol/openid-connect/login-status-iframe.html') ||
    path === '/protocol/openid-connect/userinfo' ||
    path === '/account'
  );
}

type Next = (err?: unknown) => void;

/**
 * The middleware mounted at the realm path. It answers CORS for the web app's origins itself, and
 * only for them (a preflight from anywhere else is answered without any allowance):
 * keycloak-js fetches the token endpoint with credentials, which needs
 * Access-Control-Allow-Credentials, and oidc-provider stays out of CORS once any
 * access-control-* header is set. Then it hands the request to oidc-provider, or back to
 * Fastify for the realm's own routes.
 */
export function realmMiddleware(provider: Provider, origins: string[], publicUrl: string) {
  const handle = provider.callback();
  const { host, protocol } = new URL(publicUrl);
  return (req: IncomingMessage, res: ServerResponse, next: Next) => {
    const origin = req.headers.origin;
    if (origin && origins.includes(origin)) {
      res.setHeader('Access-Control-Allow-Origin', origin);
      res.setHeader('Access-Control-Allow-Credentials', 'true');
      res.setHeader('Vary', 'Origin');
      if (req.method === 'OPTIONS' && req.headers['access-control-request-method']) {
        res.setHeader('Access-Control-Allow-Methods', 'GET, POST, OPTIONS');
        res.setHeader('Access-Control-Allow-Headers', 'Authorization, Content-Type, DPoP');
        res.setHeader('Access-Control-Max-Age', '3600');
        res.statusCode = 204;
        res.end();
        return;
      }
      res.setHeader('Access-Control-Expose-Headers', 'WWW-Authenticate, DPoP-Nonce');
    } else if (req.method === 'OPTIONS' && origin && req.headers['access-control-request-method']) {
      // oidc-provider allows every origin's preflight (the client is not known before the actual
      // request); another origin gets an answer that allows nothing, so its browser never sends
      // the request (issue 24).
      res.setHeader('Vary', 'Origin');
      res.statusCode = 204;
      res.end();
      return;
    }
    const path = (req.url ?? '/').split('?')[0];
    if (isOwnRoute(path)) {
      next();
      return;
    }
    // Endpoint URLs and the cookies' secure flag follow the browser-visible PUBLIC_URL, whatever
    // host or proxy headers the request came with (provider.proxy is on, so it reads these).
    req.headers.host = host;
    req.headers['x-forwarded-host'] = host;
    req.headers['x-forwarded-proto'] = protocol.slice(0, -1);
    res.setHeader('X-Content-Type-Options', 'nosniff');
    void handle(req, res);
  };
}

export interface TokenRouteOptions {
  db: Db;
  issuer: string;
  keys: JWTVerifyGetKey;
  basePath: string;
}

/**
 * The two realm endpoints keycloak-js calls with the access token: userinfo (loadUserInfo) and
 * the account API (loadUserProfile). oidc-provider's own userinfo refuses tokens bound to a
 * resource server (ours are), so both are answered here from the verified token and the user row.
 */
export function registerTokenRoutes(app: FastifyInstance, { db, issuer, keys, basePath }: TokenRouteOptions): void {
  async function userOf(request: FastifyRequest): Promise<UserRow | undefined> {
    // keycloak-js sends the scheme in lower case; it is case-insensitive anyway (RFC 9110).
    const match = /^bearer ([\w-]+\.[\w-]+\.[\w-]+)$/i.exec(request.headers.authorization ?? '');
    if (!match) return undefined;
    let sub: string | undefined;
    try {
      const verified = await jwtVerify(match[1], keys, {
        issuer,
        algorithms: ['RS256'],
        typ: 'at+jwt',
        requiredClaims: ['sub', 'exp'],
      });
      sub = verified.payload.sub;
    } catch {
      return undefined;
    }
    return sub ? findUserById(db, sub) : undefined;
  }

  function refuse(reply: FastifyReply, realm: string) {
    return reply
      .code(401)
      .header('cache-control', 'no-store')
      .header('www-authenticate', `Bearer realm="${realm}", error="invalid_token"`)
      .send({ error: 'invalid_token', error_description: 'Token verification failed' });
  }

  app.route({
    method: ['GET', 'POST'],
    url: `${basePath}/protocol/openid-connect/userinfo`,
    schema: { hide: true },
    handler: async (request, reply) => {
      const user = await userOf(request);
      if (!user) return refuse(reply, 'userinfo');
      return reply.header('cache-control', 'no-store').send({ sub: user.id, ...profileClaims(user) });
    },
  });

  app.get(`${basePath}/account`, { schema: { hide: true } }, async (request, reply) => {
    const user = await userOf(request);
    if (!user) return refuse(reply, 'account');
    return reply.header('cache-control', 'no-store').send({
      id: user.id,
      username: user.email,
      email: user.email,
      firstName: user.firstName,
      lastName: user.lastName,
      emailVerified: true,
      enabled: true,
      createdTimestamp: user.createdAt.getTime(),
      attributes: {},
    });
  });
}
