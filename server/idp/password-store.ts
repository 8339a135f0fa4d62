import { and, eq, isNotNull } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../db/client';
import { users } from '../db/schema';
import { storeNewPassword } from './accounts';
import { deletePayloadsOfAccount } from './adapter';
import { hashPassword } from './passwords';

/**
 * Where the set-password page (server/idp/set-password.ts) puts the password a link's holder
 * chose: the embedded provider's `users.password_hash`, or Keycloak's credentials
 * (server/idp/keycloak/admin-port.ts). `P` is what `prepare` makes of the plain password.
 */
export interface PasswordStore<P = unknown> {
  /** Whether the user has a password (a revoked link of such a user counts as used). */
  hasPassword(db: DbOrTx, userId: string): Promise<boolean>;
  /** Work done before the transaction (the embedded provider's scrypt), so the transaction stays short. */
  /**
   * Ends every session of the user at the IdP (sessions, grants, refresh tokens): a password set
   * through a link signs the account out everywhere (issue 24).
   */
  endSessions(db: DbOrTx, userId: string): Promise<void>;
  prepare(password: string): Promise<P>;
  /**
   * Stores the password in `tx`, right after the link was spent in it. Every other open link of
   * the user stops working. Returns the IdP's refusals as German messages (its password policy);
   * then the transaction is rolled back and the link stays usable.
   */
  store(tx: Tx, userId: string, prepared: P, now: Date): Promise<string[]>;
}

/**
 * The IdP no longer has the link's account (an operator removed it at Keycloak while the portal
 * row stayed): the link leads nowhere, and the page says so instead of failing.
 */
export class PasswordAccountGoneError extends Error {
  constructor() {
    super('the identity provider has no account for this link any more');
  }
}

/** The embedded identity provider's passwords: scrypt hashes in the users row. */
export const embeddedPasswordStore: PasswordStore<string> = {
  async hasPassword(db, userId) {
    const [row] = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, userId), isNotNull(users.passwordHash)))
      .limit(1);
    return Boolean(row);
  },
  prepare: hashPassword,
  async store(tx, userId, passwordHash, now) {
    await storeNewPassword(tx, userId, passwordHash, now);
    return [];
  },
  endSessions: deletePayloadsOfAccount,
};
