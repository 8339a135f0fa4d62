/**
 * Automatic logout after inactivity (spec sections 4 and 9): 30 minutes, checked every second,
 * the time of the last activity kept in localStorage under the key `timeout` (so activity in one
 * tab keeps the other tabs alive), reset by clicks, key presses and touches.
 *
 * Clock, timers, storage and event target are injectable so unit tests use fake timers, and the
 * defaults read Date.now()/setInterval at call time so Playwright's page.clock can drive them.
 */
export const IDLE_TIMEOUT_MS = 30 * 60 * 1000;
export const IDLE_CHECK_INTERVAL_MS = 1000;
export const IDLE_STORAGE_KEY = 'timeout';
export const ACTIVITY_EVENTS = ['click', 'keydown', 'touchstart'] as const;

type ActivityStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
type ActivityTarget = Pick<EventTarget, 'addEventListener' | 'removeEventListener'>;

export interface IdleTimerOptions {
  onIdle: () => void;
  timeoutMs?: number;
  intervalMs?: number;
  now?: () => number;
  storage?: ActivityStorage;
  target?: ActivityTarget;
  setInterval?: (callback: () => void, ms: number) => unknown;
  clearInterval?: (handle: unknown) => void;
}

const defaultNow = () => Date.now();

/** Stores "the user was active now"; also called right before the login redirect. */
export function recordActivity(storage: ActivityStorage = localStorage, now: () => number = defaultNow): void {
  storage.setItem(IDLE_STORAGE_KEY, String(now()));
}

/** Forgets the last activity, e.g. on logout, so the next login starts a fresh period. */
export function clearActivity(storage: ActivityStorage = localStorage): void {
  storage.removeItem(IDLE_STORAGE_KEY);
}

export function lastActivity(storage: ActivityStorage = localStorage): number | null {
  const value = Number(storage.getItem(IDLE_STORAGE_KEY));
  return Number.isFinite(value) && value > 0 ? value : null;
}

/**
 * Starts watching; returns a function that stops. A stored activity older than the timeout (a tab
 * reopened after a long break while the identity provider still knew the user) ends the session
 * on the first check. onIdle is called at most once.
 */
export function startIdleTimer(options: IdleTimerOptions): () => void {
  const {
    onIdle,
    timeoutMs = IDLE_TIMEOUT_MS,
    intervalMs = IDLE_CHECK_INTERVAL_MS,
    now = defaultNow,
    storage = localStorage,
    target = window,
    setInterval: schedule = (callback, ms) => window.setInterval(callback, ms),
    clearInterval: unschedule = (handle) => window.clearInterval(handle as number),
  } = options;

  if (lastActivity(storage) === null) recordActivity(storage, now);

  const onActivity = () => recordActivity(storage, now);
  for (const event of ACTIVITY_EVENTS) target.addEventListener(event, onActivity, { capture: true, passive: true });

  let stopped = false;
  const stop = () => {
    if (stopped) return;
    stopped = true;
    unschedule(handle);
    for (const event of ACTIVITY_EVENTS) target.removeEventListener(event, onActivity, { capture: true });
  };

  const handle = schedule(() => {
    const last = lastActivity(storage) ?? now();
    if (now() - last >= timeoutMs) {
      stop();
      onIdle();
    }
  }, intervalMs);

  return stop;
}
