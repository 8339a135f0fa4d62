import Keycloak, { type KeycloakInitOptions } from 'keycloak-js';
import { realmUrlOf, type RuntimeConfig } from '../domain/runtimeConfig';
import { DASHBOARD_PATH, PROFILE_PATH } from '../domain/routes';
import { recordActivity } from './idleTimer';
import { omitVoidSandboxOfRealmFrames } from './sameOriginHelperFrames';

/** Spec section 9: the token is refreshed when less than 20 seconds of validity remain. */
export const TOKEN_MIN_VALIDITY_SECONDS = 20;

/**
 * The one keycloak-js client of the app and its single init() promise. It lives outside
 * react-admin so that the light landing page can use it (check-sso, "Jetzt anmelden") without
 * downloading the admin; the admin's auth provider (ra-keycloak, wrapped) and data provider use
 * the same instance.
 */
export interface KeycloakSession {
  readonly keycloak: Keycloak;
  readonly initOptions: KeycloakInitOptions;
  /**
   * Resolves once keycloak-js has processed a login callback or the silent SSO check: true when
   * a user is signed in. Never rejects: a failed initialisation is only logged (spec section 8).
   */
  readonly ready: Promise<boolean>;
  isAuthenticated(): boolean;
  /**
   * Starts the login at the identity provider; the browser comes back to the given path of the
   * web app (a mailed link's page), by default /dashboard.
   */
  login(targetPath?: string): Promise<void>;
  /** A bearer token valid for at least 20 more seconds (refreshed first), or undefined. */
  getValidToken(): Promise<string | undefined>;
  /** The token's subject (users.id), to notice a user switch. */
  subject(): string | undefined;
  /** Called when keycloak-js drops the token (failed refresh, session ended elsewhere). */
  onSessionEnded(listener: () => void): () => void;
}

export type ActionStatus = 'success' | 'cancelled' | 'error';

/** How the last application-initiated action (kc_action) of this page load ended, per client. */
const lastActions = new WeakMap<Keycloak, { action: string | undefined; status: ActionStatus }>();

export function keycloakInitOptions(origin: string): KeycloakInitOptions {
  return {
    onLoad: 'check-sso',
    silentCheckSsoRedirectUri: `${origin}/silent-check-sso.html`,
    pkceMethod: 'S256',
    // Spec section 9: session check every 5 s, message timeout 10 s.
    checkLoginIframe: true,
    checkLoginIframeInterval: 5,
    messageReceiveTimeout: 10_000,
  };
}

export function createKeycloakSession(
  config: RuntimeConfig,
  { origin = window.location.origin, client }: { origin?: string; client?: Keycloak } = {},
): KeycloakSession {
  const keycloak =
    client ??
    new Keycloak({ url: config.keycloak.url, realm: config.keycloak.realm, clientId: config.keycloak.clientId });
  const initOptions = keycloakInitOptions(origin);
  // The embedded identity provider shares this origin: its helper frames' sandbox would be void and
  // only make Chromium warn (see sameOriginHelperFrames.ts). Keycloak on its own host is left alone.
  if (!client) omitVoidSandboxOfRealmFrames(realmUrlOf(config.keycloak));
  const listeners = new Set<() => void>();

  // keycloak-js reports kc_action_status from the callback URL while init() processes it.
  keycloak.onActionUpdate = (status, action) => lastActions.set(keycloak, { action, status });

  // keycloak-js calls onAuthLogout from clearToken(): after a refresh answered with 400, an invalid
  // nonce, or when the session check finds the session ended.
  keycloak.onAuthLogout = () => listeners.forEach((listener) => listener());

  // The one init() call. keycloak-js marks itself initialised at the START of init(), so anything
  // that checks `didInitialize` instead of awaiting this promise races the callback handling.
  const ready = keycloak.init(initOptions).then(
    (authenticated) => authenticated,
    (error: unknown) => {
      console.error('Anmeldung konnte nicht initialisiert werden', error);
      // An invalid state or nonce must not leave a half-accepted token behind (spec section 4).
      keycloak.clearToken();
      return false;
    },
  );

  const isAuthenticated = () => Boolean(keycloak.authenticated && keycloak.token);

  return {
    keycloak,
    initOptions,
    ready,
    isAuthenticated,
    async login(targetPath = DASHBOARD_PATH) {
      await ready;
      // The click on "Jetzt anmelden" is activity: a stale value from an earlier visit must not
      // end the new session at once.
      recordActivity();
      await keycloak.login({ redirectUri: `${origin}${targetPath}` });
    },
    async getValidToken() {
      await ready;
      if (!isAuthenticated()) return undefined;
      try {
        await keycloak.updateToken(TOKEN_MIN_VALIDITY_SECONDS);
      } catch {
        // keycloak-js already cleared the token if the identity provider answered 400; after a
        // network failure the old token is still worth a try, the API answers 401 if it is stale.
      }
      return keycloak.token ?? undefined;
    },
    subject: () => keycloak.tokenParsed?.sub,
    onSessionEnded(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/**
 * Keycloak's application-initiated action UPDATE_PASSWORD (`kc_action`, spec route profile): the
 * identity provider's password page, then back to /profile, still signed in.
 */
export async function startPasswordChange(
  session: KeycloakSession,
  origin: string = window.location.origin,
): Promise<void> {
  await session.ready;
  recordActivity();
  await session.keycloak.login({ action: 'UPDATE_PASSWORD', redirectUri: `${origin}${PROFILE_PATH}` });
}

/**
 * Keycloak's application-initiated action CONFIGURE_TOTP: the identity provider's page that sets
 * up an authenticator app (a role where the second factor is optional), then back to /profile.
 */
export async function startSecondFactorSetup(
  session: KeycloakSession,
  origin: string = window.location.origin,
): Promise<void> {
  await session.ready;
  recordActivity();
  await session.keycloak.login({ action: 'CONFIGURE_TOTP', redirectUri: `${origin}${PROFILE_PATH}` });
}

/** How the action ended when the identity provider sent the browser back ('success', 'cancelled', 'error'). */
export function actionOutcome(session: KeycloakSession, action: string): ActionStatus | undefined {
  const last = lastActions.get(session.keycloak);
  return last?.action === action ? last.status : undefined;
}
