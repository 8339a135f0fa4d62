import { and, eq, isNull } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { passwordSetupTokens } from '../db/schema';
import { hashSecretToken, newSecretToken } from '../lib/secret-token';

/** A one-time password-setup link is valid this long (issue 3: 72 hours). */
export const PASSWORD_SETUP_TTL_MS = 72 * 60 * 60 * 1000;

/**
 * The portal's own set-password links, the same for both identity providers: the token lives in
 * `password_setup_tokens` (only its hash), the page that takes it is the portal's
 * (server/idp/set-password.ts); only where that page lives and how it stores the password differ.
 */

/** Every still-open set-password link of the user stops working. */
export async function revokeOpenSetupLinks(tx: Tx, userId: string, at: Date): Promise<void> {
  await tx
    .update(passwordSetupTokens)
    .set({ revokedAt: at })
    .where(
      and(
        eq(passwordSetupTokens.userId, userId),
        isNull(passwordSetupTokens.usedAt),
        isNull(passwordSetupTokens.revokedAt),
      ),
    );
}

/**
 * A new link's token; the user's earlier open links stop working (a re-sent activation mail, a
 * new 'Passwort vergessen?' request). A reset link lives `ttlMs` (shorter than an activation link).
 */
export async function issueSetupToken(tx: Tx, userId: string, at: Date, reset?: { ttlMs: number }): Promise<string> {
  const token = newSecretToken();
  await revokeOpenSetupLinks(tx, userId, at);
  await tx.insert(passwordSetupTokens).values({
    tokenHash: hashSecretToken(token),
    userId,
    createdAt: at,
    expiresAt: new Date(at.getTime() + (reset?.ttlMs ?? PASSWORD_SETUP_TTL_MS)),
    purpose: reset ? 'reset' : 'activation',
  });
  return token;
}
