import { loginTargetOf } from '../domain/routes';
import type { KeycloakSession } from './keycloakSession';

/** sessionStorage key: the page whose login this tab started last (one entry, per tab). */
export const LOGIN_TARGET_STORAGE_KEY = 'lumio.loginTarget';

export interface LoginTargetDeps {
  session: Pick<KeycloakSession, 'login'>;
  location?: Pick<Location, 'pathname' | 'search'>;
  storage?: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
}

/**
 * Spec section 2: a guarded page opened without a session sends the visitor to the login, and the
 * login leads back to that page (a mailed link's target survives the login).
 *
 * Returns false instead of starting a second login for the same page: the browser came back
 * without a session (the visitor went back from the login page, or the identity provider answered
 * with an error), and another redirect would only loop; the caller shows the landing page then.
 */
export async function startLoginTowardsCurrentPage({
  session,
  location = window.location,
  storage = sessionStorage,
}: LoginTargetDeps): Promise<boolean> {
  const target = loginTargetOf(location.pathname, location.search);
  if (storage.getItem(LOGIN_TARGET_STORAGE_KEY) === target) {
    storage.removeItem(LOGIN_TARGET_STORAGE_KEY);
    return false;
  }
  storage.setItem(LOGIN_TARGET_STORAGE_KEY, target);
  try {
    await session.login(target);
    return true;
  } catch (error) {
    console.error('Anmeldung konnte nicht gestartet werden', error);
    storage.removeItem(LOGIN_TARGET_STORAGE_KEY);
    return false;
  }
}

/** A session exists: the next visit without one may start a login again. */
export function forgetLoginTarget(storage: Pick<Storage, 'removeItem'> = sessionStorage): void {
  storage.removeItem(LOGIN_TARGET_STORAGE_KEY);
}
