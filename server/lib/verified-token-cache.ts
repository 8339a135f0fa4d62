export interface VerifiedTokenCache {
  /** The subject of `token` if it was verified before and has not expired since; else undefined. */
  subjectOf(token: string): string | undefined;
  /** Records a token whose signature, issuer, audience and lifetime were just checked. */
  remember(token: string, subject: string, expiresAtSeconds: number): void;
}

export interface VerifiedTokenCacheOptions {
  /** Seconds an expired token is still accepted, the same tolerance the verification uses. */
  clockToleranceSeconds: number;
  /** Tokens kept at most; the oldest entry goes first. */
  maxEntries?: number;
  /** The clock in ms, replaceable in tests; by default Date.now() at each call, so a faked Date is seen. */
  now?: () => number;
}

/**
 * Access tokens already verified by this server, so the RSA signature of the same token is not
 * checked again on every request (the web app sends one token for up to its lifetime, and the
 * signature check was the largest single cost in the list benchmark's server profile,
 * bench/README.md). A token is the exact string that was verified: its claims cannot differ, so
 * only the expiry needs checking again. What a token does not decide (the user's role, status,
 * existence) is still read from the database on every request. A signing key withdrawn from the
 * IdP's key set stops new tokens at once; tokens this server verified before stay accepted until
 * they expire, which for access tokens is minutes.
 */
export function createVerifiedTokenCache({
  clockToleranceSeconds,
  maxEntries = 10_000,
  now = () => Date.now(),
}: VerifiedTokenCacheOptions): VerifiedTokenCache {
  const entries = new Map<string, { subject: string; validUntilMs: number }>();
  return {
    subjectOf(token) {
      const entry = entries.get(token);
      if (!entry) return undefined;
      if (now() < entry.validUntilMs) return entry.subject;
      entries.delete(token);
      return undefined;
    },
    remember(token, subject, expiresAtSeconds) {
      entries.delete(token);
      entries.set(token, { subject, validUntilMs: (expiresAtSeconds + clockToleranceSeconds) * 1000 });
      // A Map iterates in insertion order: the first key is the oldest entry.
      if (entries.size > maxEntries) entries.delete(entries.keys().next().value!);
    },
  };
}
