import { useLogout } from 'ra-core';
import { useEffect } from 'react';
import { rememberIdleLogout } from './idleLogoutNotice';
import { startIdleTimer, type IdleTimerOptions } from './idleTimer';

/**
 * Logs out after 30 minutes without clicks, key presses or touches (spec sections 4 and 9) while
 * `enabled`; the caller disables it for SystemIntegratorAdmin and while the user is unknown.
 */
export function useIdleLogout(enabled: boolean, options: Omit<IdleTimerOptions, 'onIdle'> = {}): void {
  const logout = useLogout();
  const { timeoutMs, intervalMs } = options;
  useEffect(() => {
    if (!enabled) return undefined;
    return startIdleTimer({
      timeoutMs,
      intervalMs,
      onIdle: () => {
        // The landing page the logout ends on says why (idleLogoutNotice.ts).
        rememberIdleLogout();
        void logout();
      },
    });
  }, [enabled, logout, timeoutMs, intervalMs]);
}
