import { describe, expect, it } from 'vitest';
import { createVerifiedTokenCache } from '../../server/lib/verified-token-cache';

describe('verified token cache', () => {
  const EXP = 1_800_000_000; // seconds, as in a JWT's exp claim

  function cacheAt(clock: { ms: number }, maxEntries?: number) {
    return createVerifiedTokenCache({ clockToleranceSeconds: 5, maxEntries, now: () => clock.ms });
  }

  it('knows nothing of a token it never verified', () => {
    expect(cacheAt({ ms: 0 }).subjectOf('a.b.c')).toBeUndefined();
  });

  it('gives the subject of a verified token until its expiry plus the clock tolerance', () => {
    const clock = { ms: (EXP - 60) * 1000 };
    const cache = cacheAt(clock);
    cache.remember('a.b.c', 'user-1', EXP);
    expect(cache.subjectOf('a.b.c')).toBe('user-1');
    clock.ms = (EXP + 5) * 1000 - 1;
    expect(cache.subjectOf('a.b.c')).toBe('user-1');
    clock.ms = (EXP + 5) * 1000;
    expect(cache.subjectOf('a.b.c')).toBeUndefined();
    // Once expired, it stays unknown even if the clock went back.
    clock.ms = (EXP - 60) * 1000;
    expect(cache.subjectOf('a.b.c')).toBeUndefined();
  });

  it('keeps tokens apart, even of the same subject', () => {
    const cache = cacheAt({ ms: 0 });
    cache.remember('token-1', 'user-1', EXP);
    expect(cache.subjectOf('token-2')).toBeUndefined();
  });

  it('drops the oldest token when full', () => {
    const cache = cacheAt({ ms: 0 }, 2);
    cache.remember('t1', 'u1', EXP);
    cache.remember('t2', 'u2', EXP);
    cache.remember('t3', 'u3', EXP);
    expect([cache.subjectOf('t1'), cache.subjectOf('t2'), cache.subjectOf('t3')]).toEqual([undefined, 'u2', 'u3']);
  });
});
