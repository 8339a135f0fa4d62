import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/*
 * The secrets in mailed links (set password, confirm an application): 32 random bytes in
 * base64url. Only their SHA-256 is stored, so a copy of the database hands out no working links.
 */

/** 32 bytes in base64url are 43 characters; anything else cannot be one of these tokens. */
export const SECRET_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export function newSecretToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashSecretToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Whether `token` is the one whose hash was stored, in time independent of where they differ. */
export function matchesSecretToken(token: string, storedHash: string | null): boolean {
  if (!storedHash || !SECRET_TOKEN_PATTERN.test(token)) return false;
  const candidate = Buffer.from(hashSecretToken(token), 'hex');
  const stored = Buffer.from(storedHash, 'hex');
  return candidate.length === stored.length && timingSafeEqual(candidate, stored);
}
