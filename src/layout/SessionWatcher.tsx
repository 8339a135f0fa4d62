import { useLogout, usePermissions } from 'ra-core';
import { useEffect, useRef } from 'react';
import { isLogoutPlanned } from '../authProvider/plannedLogout';
import { useRuntime } from '../authProvider/runtime';
import { useIdleLogout } from '../authProvider/useIdleLogout';
import { useDialogs } from '../components/dialogs';
import { isExemptFromIdleLogout } from '../domain/roles';
import type { Self } from '../domain/self';

/**
 * Session rules of the signed-in app: inactivity logout (not for SystemIntegratorAdmin), logout
 * when keycloak-js drops the session (failed refresh, ended at the identity provider) unless the
 * page plans its own logout, and the error dialog when GET /api/self fails with anything but 401
 * (spec section 7; a 401 logs out silently through the auth provider's checkError).
 */
export function SessionWatcher() {
  const { session } = useRuntime();
  const logout = useLogout();
  const { showError } = useDialogs();
  const { permissions, error } = usePermissions<Self | undefined>();

  useIdleLogout(permissions ? !isExemptFromIdleLogout(permissions.role) : false);

  useEffect(
    () =>
      session.onSessionEnded(() => {
        // A page that ends the session itself logs out after its message (plannedLogout.ts).
        if (!isLogoutPlanned()) void logout();
      }),
    [session, logout],
  );

  const reported = useRef<unknown>(null);
  useEffect(() => {
    const status = (error as { status?: number } | null)?.status;
    if (!error || status === 401 || reported.current === error) return;
    reported.current = error;
    void showError(error);
  }, [error, showError]);

  return null;
}
