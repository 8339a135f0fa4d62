import type { RuntimeConfig } from '../domain/runtimeConfig';
import type { KeycloakSession } from './keycloakSession';

/** The module with keycloak-js; its own chunk, so pages that never sign anybody in do without it. */
type SessionModule = Pick<typeof import('./keycloakSession'), 'createKeycloakSession'>;

export interface LazyKeycloakSession extends KeycloakSession {
  /** Downloads keycloak-js and starts its init() (once); resolves with the session. */
  load(): Promise<KeycloakSession>;
}

/**
 * The one keycloak session of the page, but keycloak-js (and its iframes) only once something
 * needs it: the landing page's silent SSO check, a login button, a guarded page. The registration
 * and the invitation page of an anonymous visitor never do, and load neither. Everything that
 * waits for the session (ready, login, a token) starts the download; what only asks about it
 * (isAuthenticated, subject) answers "nobody is signed in" before it.
 */
export function createLazyKeycloakSession(
  config: RuntimeConfig,
  importModule: () => Promise<SessionModule> = () => import('./keycloakSession'),
): LazyKeycloakSession {
  let loaded: KeycloakSession | undefined;
  let loading: Promise<KeycloakSession> | undefined;
  const endedListeners = new Set<() => void>();

  const load = () => {
    loading ??= importModule().then(
      ({ createKeycloakSession }) => {
        loaded = createKeycloakSession(config);
        // Listeners that came before the session get its reports too.
        loaded.onSessionEnded(() => endedListeners.forEach((listener) => listener()));
        return loaded;
      },
      (error: unknown) => {
        // A failed download (offline for a moment) is tried again by the next login click.
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };
  /** The loaded session; its Keycloak client exists only after load() (awaited through ready). */
  const current = () => {
    if (!loaded) throw new Error('Die Anmeldung (keycloak-js) ist noch nicht geladen');
    return loaded;
  };

  return {
    load,
    get keycloak() {
      return current().keycloak;
    },
    get initOptions() {
      return current().initOptions;
    },
    get ready() {
      // Like the session's own ready, it never rejects (spec section 8: only logged).
      return (
        loaded?.ready ??
        load().then(
          (session) => session.ready,
          (error: unknown) => {
            console.error('Anmeldung konnte nicht initialisiert werden', error);
            return false;
          },
        )
      );
    },
    isAuthenticated: () => loaded?.isAuthenticated() ?? false,
    login: (targetPath) => load().then((session) => session.login(targetPath)),
    getValidToken: () => load().then((session) => session.getValidToken()),
    subject: () => loaded?.subject(),
    onSessionEnded(listener) {
      endedListeners.add(listener);
      return () => endedListeners.delete(listener);
    },
  };
}
