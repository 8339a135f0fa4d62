import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import type { IdpAdminPort } from '../../idp/admin-port';
import { users } from './users.table';

/**
 * Signs the user out everywhere: the identity provider ends their sessions, grants and refresh
 * tokens, and the API refuses every access token issued up to `now` (plugins/auth.ts), which would
 * otherwise stay valid for the rest of its lifetime. Call it in the transaction of the change that
 * requires it (an e-mail change; later rejecting or deleting a user).
 */
export async function endAllSessions(tx: Tx, idpAdmin: IdpAdminPort, userId: string, now: Date): Promise<void> {
  await tx.update(users).set({ sessionsEndedAt: now, sessionKeptSid: null }).where(eq(users.id, userId));
  await idpAdmin.endSessions(tx, userId);
}
