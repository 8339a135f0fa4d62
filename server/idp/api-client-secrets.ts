import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * The embedded provider's API-client secrets (issue 26, part 3): 32 random bytes (base64url),
 * stored as their SHA-256. A slow password hash protects guessable secrets; a random 256-bit one
 * cannot be found from its hash by trying, so a fast hash suffices and keeps the token endpoint
 * cheap.
 */
export const newApiClientSecret = (): string => randomBytes(32).toString('base64url');

export const secretHashOf = (secret: string): string => createHash('sha256').update(secret, 'utf8').digest('hex');

/** Whether `presented` is the secret of `storedHash`, in time independent of where they differ. */
export function secretMatches(presented: string, storedHash: string): boolean {
  const actual = Buffer.from(secretHashOf(presented), 'hex');
  const expected = Buffer.from(storedHash, 'hex');
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
