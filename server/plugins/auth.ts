import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { createRemoteJWKSet, jwtVerify, type JWTVerifyGetKey } from 'jose';
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { isApiClientId } from '../../src/domain/apiClients';
import { isInitialRegistrationFinished, type Role, type UserStatus } from '../../src/domain/roles';
import { isLockedOut } from '../../src/domain/userStatus';
import type { AppConfig } from '../config';
import type { Db } from '../db/client';
import { apiClients, users } from '../db/schema';
import { forbidden, unauthorized } from '../errors';
import { createVerifiedTokenCache, type VerifiedToken } from '../lib/verified-token-cache';

export interface CurrentUser {
  id: string;
  email: string;
  role: Role;
  status: UserStatus;
  companyId: string | null;
  systemIntegratorId: string | null;
  registrationFinished: boolean;
  /**
   * Set when an API client of the system integrator calls (issue 26, part 3): it acts as the
   * integrator's SystemIntegratorAdmin, `id` is the API client's id (no `users` row: never write
   * it into a users foreign key), `email` is empty.
   */
  apiClient?: { id: string; name: string };
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set for every authenticated /api request; null on public routes. */
    currentUser: CurrentUser | null;
  }
  interface FastifyContextConfig {
    /** Reachable without a token (the public screens' calls; rate limited). */
    public?: boolean;
    /** Reachable while the user's initial registration (eID binding) is unfinished. */
    allowUnfinishedRegistration?: boolean;
    /**
     * The device API (server/modules/device): authenticated by `Authorization: License <key>`
     * instead of a bearer token, without cookies or the anti-forgery token; rate limited per licence.
     */
    device?: boolean;
    /**
     * Open to API clients (issue 26, part 3: the integrator's back office). API clients are
     * refused (403) on every route without it.
     */
    apiClient?: boolean;
  }
}

/** An API client's `last_used_at` is written at most this often, so that its calls stay reads. */
export const API_CLIENT_LAST_USED_RESOLUTION_MS = 60_000;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Whether an access token issued at `issuedAtSeconds` (its `iat`) predates the end of the user's
 * sessions (server/modules/users/sessions.ts). `iat` has whole seconds, so a token of the very
 * second the sessions ended counts as older: refusing a brand-new login of that second is safe
 * (the next one passes), accepting an old token would not be.
 */
export function issuedBeforeSessionsEnded(issuedAtSeconds: number | undefined, sessionsEndedAt: Date | null): boolean {
  if (!sessionsEndedAt) return false;
  return (issuedAtSeconds ?? 0) * 1000 <= sessionsEndedAt.getTime();
}

/** Seconds a token's `exp` may lie in the past (clocks of IdP and API differ slightly). */
const CLOCK_TOLERANCE_SECONDS = 5;

export interface AuthOptions {
  config: AppConfig;
  db: Db;
  /** The embedded IdP's key set; without it the keys come from the real Keycloak's JWKS URL. */
  keys?: JWTVerifyGetKey;
}

/**
 * Every /api route requires a valid access token unless its config says `public: true`
 * (deny by default). The token must be signed by the IdP, for our issuer and audience, and
 * unexpired; the role and status come from the app database, which is the source of truth.
 */
export const authPlugin = fp(
  async (app: FastifyInstance, opts: AuthOptions) => {
    const { config, db } = opts;
    const keys = opts.keys ?? createRemoteJWKSet(new URL(`${config.keycloak.issuer}/protocol/openid-connect/certs`));
    app.decorateRequest('currentUser', null);
    const verifiedTokens = createVerifiedTokenCache({ clockToleranceSeconds: CLOCK_TOLERANCE_SECONDS });
    // Every authenticated request runs this lookup: drizzle builds it once, and on PostgreSQL it is
    // a named statement, parsed and planned once per pooled connection, like the device API's hot
    // statements (server/db/named-statements.ts; behind PgBouncer in transaction mode this needs
    // `max_prepared_statements`, README). Planning it anew cost about 0.1 ms of every request's
    // 1.5–2 ms (bench/audit-log.mjs, issue 28).
    const userById = db
      .select({
        id: users.id,
        email: users.email,
        role: users.role,
        status: users.status,
        companyId: users.companyId,
        systemIntegratorId: users.systemIntegratorId,
        sessionsEndedAt: users.sessionsEndedAt,
        sessionKeptSid: users.sessionKeptSid,
      })
      .from(users)
      .where(eq(users.id, sql.placeholder('id')))
      .limit(1)
      .prepare('lumio_auth_user_by_id');
    // Looked up on every request of an API client: a deleted client's tokens stop at once.
    const apiClientByClientId = db
      .select({
        id: apiClients.id,
        name: apiClients.name,
        systemIntegratorId: apiClients.systemIntegratorId,
        lastUsedAt: apiClients.lastUsedAt,
      })
      .from(apiClients)
      .where(eq(apiClients.clientId, sql.placeholder('clientId')))
      .limit(1)
      .prepare('lumio_auth_api_client');

    /** The token's subject and issue time once its signature, issuer, audience and lifetime are checked. */
    async function verify(token: string): Promise<VerifiedToken> {
      const known = verifiedTokens.lookup(token);
      if (known) return known;
      const { payload } = await jwtVerify(token, keys, {
        issuer: config.keycloak.issuer,
        audience: config.keycloak.audience,
        algorithms: ['RS256'],
        clockTolerance: CLOCK_TOLERANCE_SECONDS,
        requiredClaims: ['sub', 'exp'],
      });
      if (payload.typ !== undefined && payload.typ !== 'Bearer') throw new Error('not an access token');
      // An API client's token (client-credentials grant): Keycloak names the client in `azp`,
      // RFC 9068 in `client_id`; its subject is the client (or Keycloak's service account).
      const client = payload.azp ?? payload.client_id;
      if (isApiClientId(client)) {
        const verified = { subject: payload.sub as string, issuedAt: payload.iat, apiClientId: client };
        verifiedTokens.remember(token, verified, payload.exp as number);
        return verified;
      }
      // Portal user ids are UUIDs (ours and Keycloak's); anything else cannot be a portal user and
      // would only make the database refuse the lookup.
      if (!UUID.test(payload.sub as string)) throw new Error('subject is not a portal user id');
      const verified = {
        subject: payload.sub as string,
        issuedAt: payload.iat,
        sessionId: typeof payload.sid === 'string' ? payload.sid : undefined,
      };
      verifiedTokens.remember(token, verified, payload.exp as number);
      return verified;
    }

    /** The API client of a verified token, from its row; 401 when the client was deleted. */
    async function authenticateApiClient(request: FastifyRequest, clientId: string): Promise<CurrentUser> {
      const [client] = await apiClientByClientId.execute({ clientId });
      if (!client) {
        request.log.info({ reason: 'unknown API client' }, 'access token refused');
        throw unauthorized();
      }
      const now = Date.now();
      if (!client.lastUsedAt || now - client.lastUsedAt.getTime() >= API_CLIENT_LAST_USED_RESOLUTION_MS) {
        // The condition again in SQL: of replicas that read the same old value, one writes.
        const due = new Date(now - API_CLIENT_LAST_USED_RESOLUTION_MS);
        await db
          .update(apiClients)
          .set({ lastUsedAt: new Date(now) })
          .where(and(eq(apiClients.id, client.id), or(isNull(apiClients.lastUsedAt), lt(apiClients.lastUsedAt, due))));
      }
      return {
        id: client.id,
        email: '',
        role: 'SystemIntegratorAdmin',
        status: 'VerifiedAndApproved',
        companyId: null,
        systemIntegratorId: client.systemIntegratorId,
        registrationFinished: true,
        apiClient: { id: client.id, name: client.name },
      };
    }

    async function authenticate(request: FastifyRequest): Promise<CurrentUser> {
      const header = request.headers.authorization;
      const match = typeof header === 'string' ? /^Bearer ([\w-]+\.[\w-]+\.[\w-]+)$/i.exec(header) : null;
      if (!match) throw unauthorized();
      let token: VerifiedToken;
      try {
        token = await verify(match[1]);
      } catch (err) {
        request.log.info({ reason: (err as Error).message }, 'access token refused');
        throw unauthorized();
      }
      if (token.apiClientId) return authenticateApiClient(request, token.apiClientId);
      const [user] = await userById.execute({ id: token.subject });
      if (!user) throw unauthorized();
      // The token may have been issued before the company rejected the person.
      if (isLockedOut(user.status)) {
        request.log.info({ reason: 'the user is rejected' }, 'access token refused');
        throw unauthorized();
      }
      // A password change ends the other sessions and keeps its own (server/idp/update-password.ts).
      const keptSession = user.sessionKeptSid !== null && token.sessionId === user.sessionKeptSid;
      if (issuedBeforeSessionsEnded(token.issuedAt, user.sessionsEndedAt) && !keptSession) {
        request.log.info({ reason: 'issued before the sessions ended' }, 'access token refused');
        throw unauthorized();
      }
      return {
        id: user.id,
        email: user.email,
        role: user.role,
        status: user.status,
        companyId: user.companyId,
        systemIntegratorId: user.systemIntegratorId,
        registrationFinished: isInitialRegistrationFinished(user.role, user.status),
      };
    }

    app.addHook('onRequest', async (request) => {
      // The OpenAPI document describes the API to anyone; it holds no data.
      if (!request.url.startsWith('/api/') || request.url.startsWith('/api/docs')) return;
      const routeConfig = request.routeOptions.config;
      if (routeConfig?.public || routeConfig?.device) return;
      const user = await authenticate(request);
      // API clients are refused by default: only the back-office routes say `apiClient: true`.
      if (user.apiClient && !routeConfig?.apiClient) throw forbidden();
      if (!user.registrationFinished && !routeConfig?.allowUnfinishedRegistration) throw forbidden();
      request.currentUser = user;
    });
  },
  { name: 'auth', dependencies: ['errors'] },
);

/**
 * Opens every route the module registers after this call to API clients (`apiClient: true`):
 * for modules that are the integrator's back office as a whole (licences, usage, webhooks), so
 * that a route added there later is open to them as well.
 */
export function openToApiClients(scope: FastifyInstance): void {
  scope.addHook('onRoute', (route) => {
    route.config = { ...route.config, apiClient: true };
  });
}

/** The authenticated user of a non-public route (the auth hook guarantees one). */
export function userOf(request: FastifyRequest): CurrentUser {
  if (!request.currentUser) throw unauthorized();
  return request.currentUser;
}
