/** What the API reads from a verified access token. */
export interface VerifiedToken {
  subject: string;
  /** The token's `iat` in seconds, if it has one (compared with the end of the user's sessions). */
  issuedAt: number | undefined;
  /** The token's `sid`: the IdP session it belongs to. */
  sessionId?: string;
  /** An API client's token (issue 26, part 3): its OAuth client id (`azp`/`client_id`). */
  apiClientId?: string;
}

export interface VerifiedTokenCache {
  /** The claims of `token` if it was verified before and has not expired since; else undefined. */
  lookup(token: string): VerifiedToken | undefined;
  /** Records a token whose signature, issuer, audience and lifetime were just checked. */
  remember(token: string, verified: VerifiedToken, expiresAtSeconds: number): void;
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
 * existence, the end of their sessions) is still read from the database on every request. A signing key withdrawn from the
 * IdP's key set stops new tokens at once; tokens this server verified before stay accepted until
 * they expire, which for access tokens is minutes.
 */
export function createVerifiedTokenCache({
  clockToleranceSeconds,
  maxEntries = 10_000,
  now = () => Date.now(),
}: VerifiedTokenCacheOptions): VerifiedTokenCache {
  const entries = new Map<string, { verified: VerifiedToken; validUntilMs: number }>();
  return {
    lookup(token) {
      const entry = entries.get(token);
      if (!entry) return undefined;
      if (now() < entry.validUntilMs) return entry.verified;
      entries.delete(token);
      return undefined;
    },
    remember(token, verified, expiresAtSeconds) {
      entries.delete(token);
      entries.set(token, { verified, validUntilMs: (expiresAtSeconds + clockToleranceSeconds) * 1000 });
      // A Map iterates in insertion order: the first key is the oldest entry.
      if (entries.size > maxEntries) entries.delete(entries.keys().next().value!);
    },
  };
}
