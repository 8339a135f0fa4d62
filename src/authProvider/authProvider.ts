import { PreviousLocationStorageKey, type AuthProvider, type UserIdentity } from 'ra-core';
import { keycloakAuthProvider } from 'ra-keycloak';
import { canAccess as canAccessByRole } from '../domain/navigation';
import { DASHBOARD_PATH, LANDING_PATH } from '../domain/routes';
import { displayName, type Self } from '../domain/self';
import { clearActivity } from './idleTimer';
import type { KeycloakSession } from './keycloakSession';
import { forgetLoginTarget, startLoginTowardsCurrentPage } from './loginTarget';

/**
 * With the shared init promise awaited first, ra-keycloak only waits this long for keycloak-js
 * to report an authenticated user (stack spike: 100 ms is then safe; its 1 s default slowed every
 * anonymous visit).
 */
const AUTHENTICATION_TIMEOUT_MS = 100;

export interface LumioIdentity extends UserIdentity {
  self: Self;
}

export interface LumioAuthProvider extends AuthProvider {
  /** The GET /api/self answer, or undefined while nobody is signed in. */
  getPermissions: (params: unknown) => Promise<Self | undefined>;
  getIdentity: () => Promise<LumioIdentity>;
  canAccess: NonNullable<AuthProvider['canAccess']>;
  /** Reloads GET /api/self, e.g. after the eID binding changed the user's status. */
  refreshSelf(): Promise<Self>;
}

export interface AuthProviderOptions {
  session: KeycloakSession;
  /** GET /api/self; rejects with an HttpError carrying the status. */
  fetchSelf: () => Promise<Self>;
  storage?: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
  /** Where a login started by a guarded page's visit comes back to (sessionStorage: per tab). */
  tabStorage?: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
  location?: Pick<Location, 'pathname' | 'search'>;
}

/**
 * "Not signed in": react-admin then logs out and goes to the landing page. `message: false`
 * keeps react-admin from showing "Bitte melden Sie sich an" on top of it.
 */
const toLanding = () => ({ message: false as const, redirectTo: LANDING_PATH });

/**
 * ra-keycloak's auth provider with the fixes the stack spike found necessary:
 * 1. every method awaits the ONE keycloak init() promise before asking ra-keycloak (no init race),
 *    so ra-keycloak's authentication timeout can be short;
 * 2. logout of an anonymous visitor does not bounce through the identity provider's logout page:
 *    it just returns the landing path (our "login page" is the public landing page '/');
 * 3. the "previous location" ra-keycloak stores in localStorage on a failed checkAuth is dropped:
 *    a guarded page opened without a session starts the login itself, with that page as the
 *    keycloak-js redirectUri (loginTarget.ts), so the target survives the identity provider's
 *    pages on both providers; a session that ends while the app runs still goes to the landing page;
 * 4. the router around <Admin> is the public shell's BrowserRouter (main.tsx);
 * 5. ra-keycloak's types resolve to `any` (its .d.ts imports a path keycloak-js 26 does not
 *    export), so this wrapper is typed against ra-core's AuthProvider instead;
 * 6. telemetry is off in App.tsx.
 * Permissions and identity come from GET /api/self instead of the token; canAccess reads the role
 * table in src/domain/navigation.ts.
 */
export function createAuthProvider({
  session,
  fetchSelf,
  storage = localStorage,
  tabStorage = sessionStorage,
  location = window.location,
}: AuthProviderOptions): LumioAuthProvider {
  // Created on first use, after session.ready: the keycloak client exists only once keycloak-js
  // is loaded (lazySession.ts).
  let baseProvider: AuthProvider | undefined;
  const base = (): AuthProvider =>
    (baseProvider ??= keycloakAuthProvider(session.keycloak, {
      initOptions: session.initOptions,
      authenticationTimeout: AUTHENTICATION_TIMEOUT_MS,
      loginRedirectUri: DASHBOARD_PATH,
      logoutRedirectUri: LANDING_PATH,
    }));

  // One GET /api/self per signed-in user; a failed load is not cached, so the next call retries.
  let selfCache: { subject: string | undefined; promise: Promise<Self> } | undefined;
  const loadSelf = (): Promise<Self> => {
    const subject = session.subject();
    if (!selfCache || selfCache.subject !== subject) {
      const promise = fetchSelf();
      selfCache = { subject, promise };
      promise.catch(() => {
        if (selfCache?.promise === promise) selfCache = undefined;
      });
    }
    return selfCache.promise;
  };

  return {
    async login() {
      await session.login();
    },

    async logout(params) {
      await session.ready;
      selfCache = undefined;
      clearActivity(storage);
      if (!session.isAuthenticated()) return LANDING_PATH;
      // Redirects through the identity provider's logout back to '/' and returns false, so
      // react-admin does not navigate on its own.
      return base().logout(params);
    },

    async checkAuth(params) {
      const signedInAtPageLoad = await session.ready;
      try {
        await base().checkAuth(params);
        forgetLoginTarget(tabStorage);
      } catch {
        storage.removeItem(PreviousLocationStorageKey);
        if (!signedInAtPageLoad && (await startLoginTowardsCurrentPage({ session, location, storage: tabStorage }))) {
          // The browser is leaving for the login page: no landing page flashes up before it goes.
          return new Promise<never>(() => {});
        }
        throw toLanding();
      }
    },

    async checkError(error) {
      const status = (error as { status?: unknown } | undefined)?.status;
      // The API refused the token: the session is over.
      if (status === 401) throw toLanding();
      // A refused call shows the error dialog; the user stays signed in.
      if (status === 403) return;
      await session.ready;
      try {
        await base().checkError(error);
      } catch {
        throw toLanding();
      }
    },

    async getPermissions() {
      await session.ready;
      if (!session.isAuthenticated()) return undefined;
      return loadSelf();
    },

    async getIdentity(): Promise<LumioIdentity> {
      await session.ready;
      if (!session.isAuthenticated()) throw toLanding();
      const self = await loadSelf();
      return { id: self.id, fullName: displayName(self), self };
    },

    async canAccess({ resource, action }) {
      await session.ready;
      if (!session.isAuthenticated()) return false;
      const self = await loadSelf();
      return canAccessByRole(self, resource, action);
    },

    async handleCallback(params) {
      await session.ready;
      return base().handleCallback?.(params);
    },

    refreshSelf() {
      selfCache = undefined;
      return loadSelf();
    },
  };
}
