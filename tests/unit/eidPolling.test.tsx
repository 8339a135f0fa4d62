import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useEidBindingStatus } from '../../src/customRoutes/verify/useEidBindingStatus';
import { EID_POLLING, eidCheckDelay, type EidBindingDone } from '../../src/domain/eid';

interface PendingCheck {
  sessionId: string;
  answer: (result: EidBindingDone | null) => Promise<void>;
  fail: (error: unknown) => Promise<void>;
}

/** A status check whose answer the test gives by hand, so the clock alone decides when checks start. */
function controlledChecks() {
  const checks: PendingCheck[] = [];
  const check = vi.fn(
    (sessionId: string) =>
      new Promise<EidBindingDone | null>((resolve, reject) => {
        // Settling a promise needs a microtask turn; act() flushes it and the effects it causes.
        checks.push({
          sessionId,
          answer: (result) => act(async () => resolve(result)),
          fail: (error) => act(async () => reject(error)),
        });
      }),
  );
  return { check, checks };
}

function renderPolling(sessionId: string | null = 'session-1') {
  const { check, checks } = controlledChecks();
  const onDone = vi.fn();
  const onError = vi.fn();
  const hook = renderHook(({ id }: { id: string | null }) => useEidBindingStatus(id, { check, onDone, onError }), {
    initialProps: { id: sessionId },
  });
  return { hook, check, checks, onDone, onError };
}

const advance = (ms: number) => act(async () => void vi.advanceTimersByTime(ms));

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the polling schedule (spec section 9)', () => {
  it('waits 10 s first, then 5 s after each answer', () => {
    expect(EID_POLLING).toEqual({ firstCheckMs: 10_000, intervalMs: 5_000 });
    expect(eidCheckDelay(0)).toBe(10_000);
    expect([1, 2, 50].map(eidCheckDelay)).toEqual([5_000, 5_000, 5_000]);
  });

  it('checks nothing before 10 s, once at 10 s, and the next check 5 s after the answer', async () => {
    const { check, checks } = renderPolling();

    await advance(9_999);
    expect(check).not.toHaveBeenCalled();
    await advance(1);
    expect(check).toHaveBeenCalledTimes(1);
    expect(check).toHaveBeenLastCalledWith('session-1');

    // The answer (204: still running) comes 3 s later; the next check is 5 s after it.
    await advance(3_000);
    await checks[0].answer(null);
    await advance(4_999);
    expect(check).toHaveBeenCalledTimes(1);
    await advance(1);
    expect(check).toHaveBeenCalledTimes(2);

    await checks[1].answer(null);
    await advance(5_000);
    expect(check).toHaveBeenCalledTimes(3);
    expect(checks.map((c) => c.sessionId)).toEqual(['session-1', 'session-1', 'session-1']);
  });

  it('never starts a check while the previous one is unanswered', async () => {
    const { check, checks } = renderPolling();

    await advance(10_000);
    expect(check).toHaveBeenCalledTimes(1);
    await advance(60_000);
    expect(check).toHaveBeenCalledTimes(1);

    await checks[0].answer(null);
    await advance(5_000);
    expect(check).toHaveBeenCalledTimes(2);
  });

  it('stops with the result once the binding is done', async () => {
    const { check, checks, onDone, onError } = renderPolling();
    const done: EidBindingDone = { outcome: 'matched', status: 'Verified' };

    await advance(10_000);
    await checks[0].answer(done);

    expect(onDone).toHaveBeenCalledTimes(1);
    expect(onDone).toHaveBeenCalledWith(done);
    await advance(60_000);
    expect(check).toHaveBeenCalledTimes(1);
    expect(onError).not.toHaveBeenCalled();
  });

  it('stops on an error answer and reports it', async () => {
    const { check, checks, onDone, onError } = renderPolling();
    const expired = { status: 410, body: { errorCode: 'EID_SESSION_EXPIRED' } };

    await advance(10_000);
    await checks[0].answer(null);
    await advance(5_000);
    await checks[1].fail(expired);

    expect(onError).toHaveBeenCalledTimes(1);
    expect(onError).toHaveBeenCalledWith(expired);
    await advance(60_000);
    expect(check).toHaveBeenCalledTimes(2);
    expect(onDone).not.toHaveBeenCalled();
  });

  it('stops when the page is left before the first check', async () => {
    const { hook, check } = renderPolling();

    await advance(9_000);
    hook.unmount();
    await advance(60_000);

    expect(check).not.toHaveBeenCalled();
  });

  it('stops when the page is left while a check runs, and ignores its late answer', async () => {
    const { hook, check, checks, onDone, onError } = renderPolling();

    await advance(10_000);
    hook.unmount();
    await checks[0].answer({ outcome: 'matched', status: 'Verified' });
    await advance(60_000);

    expect(check).toHaveBeenCalledTimes(1);
    expect(onDone).not.toHaveBeenCalled();
    expect(onError).not.toHaveBeenCalled();
  });

  it('checks nothing without a session, and starts afresh with a new one', async () => {
    const { hook, check, checks } = renderPolling(null);

    await advance(60_000);
    expect(check).not.toHaveBeenCalled();

    hook.rerender({ id: 'session-2' });
    await advance(9_999);
    expect(check).not.toHaveBeenCalled();
    await advance(1);
    expect(checks.map((c) => c.sessionId)).toEqual(['session-2']);
  });
});
