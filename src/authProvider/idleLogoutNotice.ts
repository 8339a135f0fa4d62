import { useEffect, useState } from 'react';

/**
 * After a logout for inactivity the landing page says why, once. The mark lives in this tab's
 * sessionStorage: it survives the identity provider's logout redirect back to '/', and the
 * landing page removes it once shown, so neither a reload nor a later normal logout repeats it.
 */
export const IDLE_LOGOUT_STORAGE_KEY = 'lumio.idleLogout';

type NoticeStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** Called right before the inactivity logout starts. */
export function rememberIdleLogout(storage: NoticeStorage = sessionStorage): void {
  storage.setItem(IDLE_LOGOUT_STORAGE_KEY, '1');
}

/**
 * True on the first landing page after an inactivity logout. Read while rendering (StrictMode's
 * second render sees the same), removed after the page is shown.
 */
export function useIdleLogoutNotice(storage: NoticeStorage = sessionStorage): boolean {
  const [loggedOutForInactivity] = useState(() => storage.getItem(IDLE_LOGOUT_STORAGE_KEY) === '1');
  useEffect(() => {
    if (loggedOutForInactivity) storage.removeItem(IDLE_LOGOUT_STORAGE_KEY);
  }, [loggedOutForInactivity, storage]);
  return loggedOutForInactivity;
}
