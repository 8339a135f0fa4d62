import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  clearActivity,
  IDLE_STORAGE_KEY,
  IDLE_TIMEOUT_MS,
  lastActivity,
  recordActivity,
  startIdleTimer,
} from '../../src/authProvider/idleTimer';

const MINUTE = 60_000;

describe('idle timer', () => {
  let stop: (() => void) | undefined;

  beforeEach(() => {
    vi.useFakeTimers({ now: new Date('2025-03-07T10:00:00Z') });
    localStorage.clear();
  });

  afterEach(() => {
    stop?.();
    stop = undefined;
    vi.useRealTimers();
  });

  it('uses 30 minutes and the localStorage key "timeout"', () => {
    expect(IDLE_TIMEOUT_MS).toBe(30 * MINUTE);
    expect(IDLE_STORAGE_KEY).toBe('timeout');
  });

  it('logs out after 30 minutes without activity, not a second earlier', () => {
    const onIdle = vi.fn();
    stop = startIdleTimer({ onIdle });
    expect(localStorage.getItem('timeout')).toBe(String(Date.now()));

    vi.advanceTimersByTime(30 * MINUTE - 1000);
    expect(onIdle).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1000);
    expect(onIdle).toHaveBeenCalledTimes(1);
  });

  it('checks every second', () => {
    const onIdle = vi.fn();
    stop = startIdleTimer({ onIdle });
    vi.advanceTimersByTime(30 * MINUTE - 1);
    expect(onIdle).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1000);
    expect(onIdle).toHaveBeenCalledTimes(1);
  });

  it.each([
    ['a click', () => window.dispatchEvent(new MouseEvent('click'))],
    ['a key press', () => document.body.dispatchEvent(new KeyboardEvent('keydown', { bubbles: true, key: 'a' }))],
    ['a touch', () => window.dispatchEvent(new Event('touchstart'))],
  ])('restarts the 30 minutes on %s', (_name, act) => {
    const onIdle = vi.fn();
    stop = startIdleTimer({ onIdle });
    vi.advanceTimersByTime(20 * MINUTE);
    act();
    expect(localStorage.getItem('timeout')).toBe(String(Date.now()));
    vi.advanceTimersByTime(20 * MINUTE);
    expect(onIdle).not.toHaveBeenCalled();
    vi.advanceTimersByTime(10 * MINUTE);
    expect(onIdle).toHaveBeenCalledTimes(1);
  });

  it('ignores other events such as mouse moves and scrolling', () => {
    const onIdle = vi.fn();
    stop = startIdleTimer({ onIdle });
    vi.advanceTimersByTime(29 * MINUTE);
    window.dispatchEvent(new MouseEvent('mousemove'));
    window.dispatchEvent(new Event('scroll'));
    vi.advanceTimersByTime(MINUTE);
    expect(onIdle).toHaveBeenCalledTimes(1);
  });

  it('counts activity stored by another tab', () => {
    const onIdle = vi.fn();
    stop = startIdleTimer({ onIdle });
    vi.advanceTimersByTime(25 * MINUTE);
    localStorage.setItem('timeout', String(Date.now()));
    vi.advanceTimersByTime(25 * MINUTE);
    expect(onIdle).not.toHaveBeenCalled();
  });

  it('ends a session whose last stored activity is older than 30 minutes on the first check', () => {
    localStorage.setItem('timeout', String(Date.now() - 31 * MINUTE));
    const onIdle = vi.fn();
    stop = startIdleTimer({ onIdle });
    vi.advanceTimersByTime(1000);
    expect(onIdle).toHaveBeenCalledTimes(1);
  });

  it('calls onIdle only once and stops listening after it', () => {
    const onIdle = vi.fn();
    stop = startIdleTimer({ onIdle });
    vi.advanceTimersByTime(60 * MINUTE);
    expect(onIdle).toHaveBeenCalledTimes(1);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('does nothing after stop()', () => {
    const onIdle = vi.fn();
    startIdleTimer({ onIdle })();
    vi.advanceTimersByTime(60 * MINUTE);
    expect(onIdle).not.toHaveBeenCalled();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('runs on an injected clock, storage and event target', () => {
    let now = 1_000_000;
    const store = new Map<string, string>();
    const storage = {
      getItem: (key: string) => store.get(key) ?? null,
      setItem: (key: string, value: string) => void store.set(key, value),
      removeItem: (key: string) => void store.delete(key),
    };
    const target = new EventTarget();
    let tick: () => void = () => {};
    const onIdle = vi.fn();
    stop = startIdleTimer({
      onIdle,
      now: () => now,
      storage,
      target,
      setInterval: (callback) => {
        tick = callback;
        return 1;
      },
      clearInterval: () => {},
    });
    now += 10 * MINUTE;
    target.dispatchEvent(new Event('click'));
    expect(store.get('timeout')).toBe(String(now));
    now += 30 * MINUTE - 1;
    tick();
    expect(onIdle).not.toHaveBeenCalled();
    now += 1;
    tick();
    expect(onIdle).toHaveBeenCalledTimes(1);
  });

  it('recordActivity and clearActivity write and remove the stored time', () => {
    recordActivity();
    expect(lastActivity()).toBe(Date.now());
    clearActivity();
    expect(lastActivity()).toBeNull();
  });
});
