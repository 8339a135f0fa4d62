import { useState } from 'react';
import type { KeycloakSession } from './keycloakSession';

/**
 * The public pages' login button: starts the identity provider's login and stays disabled while
 * the browser leaves for it. Spec section 8: a login-initialisation failure is only logged, and
 * the button works again.
 */
export function useStartLogin(session: KeycloakSession): { login: () => void; loggingIn: boolean } {
  const [loggingIn, setLoggingIn] = useState(false);
  const login = () => {
    setLoggingIn(true);
    session.login().catch((error: unknown) => {
      console.error('Anmeldung konnte nicht gestartet werden', error);
      setLoggingIn(false);
    });
  };
  return { login, loggingIn };
}
