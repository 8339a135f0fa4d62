import { useEffect, useState } from 'react';

/** How often the shown seconds are brought up to date; well below a second, so none is skipped. */
const TICK_MS = 250;

/**
 * Whole seconds left of a countdown of `totalSeconds` started at `startedAt` (ms), at `now` (ms):
 * `totalSeconds` at the start, 0 once the time is up. Counted from the clock, not from ticks, so a
 * tab the browser throttled in the background shows the right value when it wakes up.
 */
export function remainingSeconds(startedAt: number, now: number, totalSeconds: number): number {
  const elapsedSeconds = Math.floor(Math.max(0, now - startedAt) / 1000);
  return Math.max(0, totalSeconds - elapsedSeconds);
}

/**
 * A countdown that starts when the component mounts (e.g. when a dialog opens) and returns the
 * whole seconds left; 0 means the time is up. It stops ticking at 0.
 */
export function useCountdown(totalSeconds: number): number {
  const [startedAt] = useState(() => Date.now());
  const [left, setLeft] = useState(totalSeconds);

  useEffect(() => {
    const timer = setInterval(() => {
      const value = remainingSeconds(startedAt, Date.now(), totalSeconds);
      setLeft(value);
      if (value === 0) clearInterval(timer);
    }, TICK_MS);
    return () => clearInterval(timer);
  }, [startedAt, totalSeconds]);

  return left;
}
