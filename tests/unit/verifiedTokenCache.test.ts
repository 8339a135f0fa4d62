import { describe, expect, it } from 'vitest';
import { createVerifiedTokenCache } from '../../server/lib/verified-token-cache';

describe('verified token cache', () => {
  const EXP = 1_800_000_000; // seconds, as in a JWT's exp claim

  function cacheAt(clock: { ms: number }, maxEntries?: number) {
    return createVerifiedTokenCache({ clockToleranceSeconds: 5, maxEntries, now: () => clock.ms });
  }

  it('knows nothing of a token it never verified', () => {
    expect(cacheAt({ ms: 0 }).lookup('a.b.c')).toBeUndefined();
  });

  it('gives the claims of a verified token until its expiry plus the clock tolerance', () => {
    const clock = { ms: (EXP - 60) * 1000 };
    const cache = cacheAt(clock);
    cache.remember('a.b.c', { subject: 'user-1', issuedAt: EXP - 300 }, EXP);
    expect(cache.lookup('a.b.c')).toEqual({ subject: 'user-1', issuedAt: EXP - 300 });
    clock.ms = (EXP + 5) * 1000 - 1;
    expect(cache.lookup('a.b.c')?.subject).toBe('user-1');
    clock.ms = (EXP + 5) * 1000;
    expect(cache.lookup('a.b.c')).toBeUndefined();
    // Once expired, it stays unknown even if the clock went back.
    clock.ms = (EXP - 60) * 1000;
    expect(cache.lookup('a.b.c')).toBeUndefined();
  });

  it('keeps tokens apart, even of the same subject', () => {
    const cache = cacheAt({ ms: 0 });
    cache.remember('token-1', { subject: 'user-1', issuedAt: 1 }, EXP);
    expect(cache.lookup('token-2')).toBeUndefined();
  });

  it('drops the oldest token when full', () => {
    const cache = cacheAt({ ms: 0 }, 2);
    cache.remember('t1', { subject: 'u1', issuedAt: 1 }, EXP);
    cache.remember('t2', { subject: 'u2', issuedAt: 1 }, EXP);
    cache.remember('t3', { subject: 'u3', issuedAt: 1 }, EXP);
    expect([cache.lookup('t1'), cache.lookup('t2'), cache.lookup('t3')].map((v) => v?.subject)).toEqual([
      undefined,
      'u2',
      'u3',
    ]);
  });
});
