import { randomBytes } from 'node:crypto';
import { SERVER_MESSAGES } from '../../../src/domain/errorCatalogue';
import { formatLicenseKey, LICENSE_KEY_RANDOM_BYTES } from '../../../src/domain/licenses';
import { ApiError } from '../../errors';

/** A new licence key from the operating system's random source (src/domain/licenses.ts: 125 bits). */
export function randomLicenseKey(): string {
  return formatLicenseKey(randomBytes(LICENSE_KEY_RANDOM_BYTES));
}

/** Attempts before giving up: with 125 random bits even one collision is not to be expected. */
export const LICENSE_KEY_ATTEMPTS = 5;

/**
 * Inserts with fresh keys until the unique index takes one (`insert` answers undefined for a
 * taken key): a collision is astronomically unlikely, but the index, not the chance, decides.
 * After `attempts` taken keys: 503 'Unique license key could not be generated' (try again).
 */
export async function withUniqueKey<T>(
  insert: (key: string) => Promise<T | undefined>,
  nextKey: () => string = randomLicenseKey,
  attempts = LICENSE_KEY_ATTEMPTS,
): Promise<T> {
  for (let attempt = 0; attempt < attempts; attempt += 1) {
    const inserted = await insert(nextKey());
    if (inserted !== undefined) return inserted;
  }
  throw new ApiError(503, SERVER_MESSAGES.uniqueLicenseKeyNotGenerated, 'LICENSE_KEY_NOT_GENERATED');
}
