import Provider, { errors, type Configuration, type KoaContextWithOIDC } from 'oidc-provider';
import type { AppConfig } from '../config';
import { cspHash } from '../html';
import type { Db } from '../db/client';
import { findUserById, profileClaims } from './accounts';
import { createPayloadAdapter, type AdapterLogger } from './adapter';
import { interactionPolicyWithKcAction, reportKcActionStatus, validateKcAction } from './kc-action';
import type { IdpSecrets } from './keys';
import { createApiClientAdapter } from './api-client-registry';
import { compareApiClientSecrets, giveRefreshTokensJwtShape, allowRedirectsByOrigin } from './provider-overrides';
import { AUTO_SUBMIT_SCRIPT, renderLogoutPage, renderMessagePage } from './login-page';

export const ACCESS_TOKEN_TTL = 300;
/**
 * Keycloak's default maximum: a login lasts 10 h. There is deliberately no idle timeout here:
 * the web app logs idle users out itself (spec section 9), and SystemIntegratorAdmin is exempt.
 */
const SESSION_MAX = 10 * 60 * 60;
/** How long a login form stays usable. */
const LOGIN_FORM_TTL = 30 * 60;
/** Keycloak issues the profile claims and these scopes to its first-party clients without asking. */
const DEFAULT_SCOPES = 'openid profile email';

export interface ProviderOptions {
  config: AppConfig;
  db: Db;
  secrets: IdpSecrets;
  log: AdapterLogger;
  /** Browser origins of the web app: redirect targets, CORS, framing of the helper pages. */
  origins: string[];
}

export function pageFooter(config: AppConfig): string {
  return `© ${new Date().getFullYear()} ${config.brandOwner.name}`;
}

/** The access-token audience as a resource indicator (oidc-provider wants an absolute URI). */
export function resourceIndicator(config: AppConfig): string {
  return `urn:lumio:resource:${encodeURIComponent(config.keycloak.audience)}`;
}

/**
 * No consent screen: the portal is the provider's only, first-party client, so its grant is
 * created (or extended to what is asked) on the spot, as Keycloak does for such clients.
 */
async function loadFirstPartyGrant(ctx: KoaContextWithOIDC, resource: string) {
  const { oidc } = ctx;
  const clientId = oidc.client!.clientId;
  const accountId = oidc.session!.accountId!;
  const grantId = oidc.result?.consent?.grantId ?? oidc.session!.grantIdFor(clientId);
  let grant = grantId ? await oidc.provider.Grant.find(grantId) : undefined;
  if (grant && (grant.accountId !== accountId || grant.clientId !== clientId)) grant = undefined;
  grant ??= new oidc.provider.Grant({ accountId, clientId });
  grant.addOIDCScope(DEFAULT_SCOPES);
  grant.addResourceScope(resource, DEFAULT_SCOPES);
  await grant.save();
  return grant;
}

export function createProvider({ config, db, secrets, log, origins }: ProviderOptions): Provider {
  const issuer = config.keycloak.issuer;
  const basePath = new URL(issuer).pathname;
  const resource = resourceIndicator(config);
  const clientId = config.keycloak.clientId;

  const payloads = createPayloadAdapter(db, log);
  const apiClientAdapter = createApiClientAdapter(db);
  const configuration: Configuration = {
    // The portal's client is static (below); every other client is an API client of `api_clients`.
    adapter: (type) => (type === 'Client' ? apiClientAdapter : payloads(type)),
    clients: [
      {
        client_id: clientId,
        client_name: 'Lumio',
        application_type: 'web',
        token_endpoint_auth_method: 'none',
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        // Keycloak's `origin/*`: any page of the web app; see allowRedirectsByOrigin.
        redirect_uris: origins.map((origin) => `${origin}/`),
        post_logout_redirect_uris: origins.map((origin) => `${origin}/`),
      },
    ],
    jwks: { keys: [secrets.signingKey] },
    cookies: {
      keys: secrets.cookieKeys,
      // Own names: cookies are per host, not per port, so other local apps could clash with the defaults.
      names: { session: 'lumio_idp_session', interaction: 'lumio_idp_interaction', resume: 'lumio_idp_resume' },
      long: { httpOnly: true, sameSite: 'lax', path: basePath },
      short: { httpOnly: true, sameSite: 'lax' },
    },
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name', 'given_name', 'family_name', 'preferred_username'],
    },
    scopes: ['openid', 'profile', 'email'],
    conformIdTokenClaims: false,
    async findAccount(_ctx, sub) {
      const user = await findUserById(db, sub);
      // A disabled account gets no tokens, also not through a session or refresh token it still holds.
      if (!user || user.disabledAt) return undefined;
      return { accountId: user.id, claims: async () => ({ sub: user.id, ...profileClaims(user) }) };
    },
    loadExistingGrant: (ctx) => loadFirstPartyGrant(ctx, resource),
    // keycloak-js expects a refresh token after every code exchange, not only with offline_access.
    issueRefreshToken: async (_ctx, client) => client.grantTypeAllowed('refresh_token'),
    async extraTokenClaims(_ctx, token) {
      // An API client's token (client-credentials grant): Keycloak names the client in `azp` too.
      if (!('accountId' in token) || !token.accountId) return { typ: 'Bearer', azp: token.clientId };
      const user = await findUserById(db, token.accountId);
      if (!user) return undefined;
      // keycloak-js's session iframe compares this `sid` with the provider session's per-client sid.
      const session = token.sessionUid ? await provider.Session.findByUid(token.sessionUid) : undefined;
      const sid = token.sid ?? session?.sidFor(token.clientId!);
      return { typ: 'Bearer', azp: token.clientId, sid, ...profileClaims(user), realm_access: { roles: [user.role] } };
    },
    pkce: { required: () => true },
    // CORS for the web app's origins is answered before the provider (keycloak-compat); nobody else gets it.
    clientBasedCORS: () => false,
    // Keycloak's application-initiated actions (kc-action.ts): kc_action=UPDATE_PASSWORD.
    extraParams: { kc_action: validateKcAction },
    interactions: {
      policy: interactionPolicyWithKcAction(),
      url: (_ctx, interaction) => `${basePath}/login-actions/authenticate/${interaction.uid}`,
    },
    routes: {
      authorization: '/protocol/openid-connect/auth',
      token: '/protocol/openid-connect/token',
      userinfo: '/protocol/openid-connect/userinfo',
      end_session: '/protocol/openid-connect/logout',
      jwks: '/protocol/openid-connect/certs',
      revocation: '/protocol/openid-connect/revoke',
      introspection: '/protocol/openid-connect/token/introspect',
      pushed_authorization_request: '/protocol/openid-connect/ext/par/request',
    },
    ttl: {
      AccessToken: (_ctx, token) => token.resourceServer?.accessTokenTTL ?? ACCESS_TOKEN_TTL,
      // API clients' tokens (client-credentials grant) live as long as a person's: 5 minutes.
      ClientCredentials: (_ctx, token) => token.resourceServer?.accessTokenTTL ?? ACCESS_TOKEN_TTL,
      AuthorizationCode: 60,
      IdToken: ACCESS_TOKEN_TTL,
      Interaction: LOGIN_FORM_TTL,
      Session: SESSION_MAX,
      Grant: SESSION_MAX,
      // Rotated tokens keep the first one's end, so a login never outlives SESSION_MAX.
      RefreshToken: (_ctx, token) => Math.max(1, SESSION_MAX - token.totalLifetime()),
    },
    features: {
      devInteractions: { enabled: false },
      // API clients of system integrators (issue 26, part 3): tokens for the back office.
      clientCredentials: { enabled: true },
      rpInitiatedLogout: {
        enabled: true,
        async logoutSource(ctx, form) {
          ctx.type = 'html';
          ctx.set(
            'Content-Security-Policy',
            `default-src 'none'; style-src 'unsafe-inline'; script-src ${cspHash(AUTO_SUBMIT_SCRIPT)}; ` +
              `form-action 'self' ${origins.join(' ')}; frame-ancestors 'none'; base-uri 'none'`,
          );
          ctx.body = renderLogoutPage(form, pageFooter(config));
        },
        async postLogoutSuccessSource(ctx) {
          ctx.type = 'html';
          ctx.body = renderMessagePage({
            title: 'Abgemeldet',
            text: 'Sie wurden erfolgreich abgemeldet.',
            homeUrl: config.publicUrl,
            footer: pageFooter(config),
          });
        },
      },
      resourceIndicators: {
        enabled: true,
        defaultResource: async () => resource,
        useGrantedResource: async () => true,
        async getResourceServerInfo(_ctx, indicator) {
          if (indicator !== resource) throw new errors.InvalidTarget();
          return {
            scope: DEFAULT_SCOPES,
            audience: config.keycloak.audience,
            accessTokenFormat: 'jwt',
            accessTokenTTL: ACCESS_TOKEN_TTL,
            jwt: { sign: { alg: 'RS256' } },
          };
        },
      },
      revocation: { enabled: true, allowedPolicy: async (_ctx, client, token) => token.clientId === client.clientId },
      introspection: {
        enabled: true,
        allowedPolicy: async (_ctx, client, token) => token.clientId === client.clientId,
      },
      userinfo: { enabled: true },
    },
    async renderError(ctx, out) {
      ctx.type = 'html';
      ctx.body = renderMessagePage({
        title: 'Anmeldung nicht möglich',
        text: `Die Anfrage ist ungültig oder abgelaufen. Bitte kehren Sie zum Portal zurück und versuchen Sie es erneut. (Fehlercode: ${out.error})`,
        homeUrl: config.publicUrl,
        footer: pageFooter(config),
      });
    },
    discovery: { check_session_iframe: `${issuer}/protocol/openid-connect/login-status-iframe.html` },
  };

  const provider = new Provider(issuer, configuration);
  // The realm middleware sets the forwarded headers from PUBLIC_URL (also behind a TLS-terminating proxy).
  provider.proxy = true;
  allowRedirectsByOrigin(provider, origins);
  giveRefreshTokensJwtShape(provider, issuer);
  compareApiClientSecrets(provider);
  reportKcActionStatus(provider);
  return provider;
}
