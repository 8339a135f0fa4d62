import type { EventEmitter } from 'node:events';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import middie from '@fastify/middie';
import { createLocalJWKSet, type JSONWebKeySet } from 'jose';
import type Provider from 'oidc-provider';
import type { AppConfig } from '../config';
import type { Db } from '../db/client';
import { describeError } from './adapter';
import { createEmbeddedIdpAdminPort, setPasswordUrl } from './admin-port';
import { embeddedPasswordStore } from './password-store';
import { registerInteractionRoutes } from './interactions';
import { realmMiddleware, registerTokenRoutes } from './keycloak-compat';
import { registerKeycloakPages } from './keycloak-pages';
import { loadIdpSecrets, publicKeySet } from './keys';
import { createProvider, pageFooter } from './provider';
import { registerForgotPasswordRoutes } from './forgot-password';
import { registerSetPasswordRoutes } from './set-password';

export interface EmbeddedIdp {
  issuer: string;
  /** Public keys only: what /certs serves and what the API verifies access tokens with. */
  jwks(): Promise<JSONWebKeySet>;
}

/** oidc-provider's error events; logged without tokens, codes or request bodies. */
const ERROR_EVENTS = [
  'authorization.error',
  'grant.error',
  'end_session.error',
  'end_session_confirm.error',
  'revocation.error',
  'introspection.error',
  'userinfo.error',
  'jwks.error',
  'discovery.error',
  'backchannel.error',
];

/** The request's own logger (middie hands it to the raw request), so lines carry the traceId. */
function loggerFor(ctx: unknown, fallback: FastifyBaseLogger): FastifyBaseLogger {
  const requestLog = (ctx as { req?: { log?: FastifyBaseLogger } } | undefined)?.req?.log;
  return requestLog ? requestLog.child({ module: 'idp' }) : fallback;
}

function logProviderEvents(provider: Provider, log: FastifyBaseLogger) {
  provider.on('server_error', (ctx: unknown, err: unknown) =>
    loggerFor(ctx, log).error(describeError(err), 'IdP server error'),
  );
  // One listener for all of them; the typed overloads of `on` take one literal event name each.
  const emitter = provider as unknown as EventEmitter;
  for (const event of ERROR_EVENTS) {
    emitter.on(event, (ctx: unknown, err: { error?: string; error_description?: string }) =>
      loggerFor(ctx, log).info({ event, error: err.error, description: err.error_description }, 'IdP request refused'),
    );
  }
}

/**
 * Per-address limit on the token endpoint (code exchange, refresh) and below it (introspection).
 * oidc-provider answers it as middleware (middie's onRequest hook), where no route config reaches,
 * so the limit is an onRequest hook of its own that must be added before middie.
 *
 * The refusal is the portal's error body (429, through the one error handler), not OAuth's
 * `{error, error_description}`: RFC 6749 has no error code for it, and keycloak-js reads only the
 * status of a failed token call (a 400 drops the tokens, anything else keeps them for the next try).
 */
function limitTokenRequests(app: FastifyInstance, tokenPath: string, max: number) {
  const limit = app.rateLimit({ groupId: 'idp-token', max, timeWindow: '1 minute' });
  app.addHook('onRequest', async (request, reply) => {
    if (request.method !== 'POST') return;
    const path = request.url.split('?')[0];
    let decoded: string;
    try {
      decoded = decodeURIComponent(path);
    } catch {
      return; // not a path oidc-provider answers either
    }
    if (decoded.startsWith(tokenPath)) await limit.call(app, request, reply);
  });
}

/**
 * The embedded identity provider: oidc-provider posing as Keycloak realm `config.keycloak.realm`
 * under `${publicUrl}/realms/<realm>`, so keycloak-js and ra-keycloak run against it unchanged.
 * Call on the root instance, after @fastify/cookie and @fastify/formbody.
 */
export async function registerEmbeddedIdp(
  app: FastifyInstance,
  deps: { config: AppConfig; db: Db; secondFactorKey: Buffer },
): Promise<EmbeddedIdp> {
  const { config, db, secondFactorKey } = deps;
  const issuer = config.keycloak.issuer;
  const basePath = new URL(issuer).pathname;
  const origins = [new URL(config.publicUrl).origin];
  const log = app.log.child({ module: 'idp' });

  const secrets = await loadIdpSecrets(db, config);
  const jwks = publicKeySet(secrets.signingKey);
  const provider = createProvider({ config, db, secrets, log, origins });
  logProviderEvents(provider, log);

  limitTokenRequests(app, `${basePath}/protocol/openid-connect/token`, config.rateLimitTokenPerMinute);
  if (!app.hasDecorator('use')) await app.register(middie);
  // Two scopes: the login form has its own error handler (rate limit answered as HTML).
  await app.register(async (login) => {
    registerInteractionRoutes(login, {
      provider,
      config,
      db,
      secondFactorKey,
      basePath,
      origins,
      footer: () => pageFooter(config),
    });
  });
  // Account activation: the set-password page of the IdP-admin port's links, with its own error handler too.
  await app.register(async (activation) => {
    registerSetPasswordRoutes(activation, {
      config,
      db,
      path: setPasswordUrl(basePath),
      passwords: embeddedPasswordStore,
      footer: () => pageFooter(config),
    });
  });
  // 'Passwort vergessen?': its own scope too (rate limit answered as HTML).
  await app.register(async (reset) => {
    registerForgotPasswordRoutes(reset, {
      config,
      jobs: app.jobs,
      basePath,
      footer: () => pageFooter(config),
    });
  });
  await app.register(async (realm) => {
    registerKeycloakPages(realm, { provider, clientId: config.keycloak.clientId, basePath, origins });
    registerTokenRoutes(realm, { db, issuer, keys: createLocalJWKSet(jwks), basePath });
  });
  app.use(basePath, realmMiddleware(provider, origins, config.publicUrl));
  app.decorate('idpAdmin', createEmbeddedIdpAdminPort(config));

  return { issuer, jwks: async () => structuredClone(jwks) };
}
