import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Failed logins of the embedded identity provider, one row per throttle key (server/idp/login-throttle.ts):
 * an account, a client address, or the pair of both. Keys are stored only as SHA-256 hashes, so
 * the table holds no typed e-mail address and no IP address in clear. In the database, not in
 * process memory, so that every API replica throttles alike.
 */
export const loginThrottles = pgTable(
  'login_throttles',
  {
    keyHash: text('key_hash').primaryKey(),
    kind: text('kind').$type<'pair' | 'address' | 'account'>().notNull(),
    /** The account's key hash on account and pair rows: a new password clears them all. */
    accountHash: text('account_hash'),
    /** Failures counted since the key was last quiet (attempts during a wait are not counted). */
    failures: integer('failures').notNull(),
    lastFailureAt: timestamp('last_failure_at', { withTimezone: true }).notNull(),
    /** Until then every attempt of this key is refused like a wrong password; null when there is no wait. */
    blockedUntil: timestamp('blocked_until', { withTimezone: true }),
  },
  (t) => [
    index('login_throttles_account_idx').on(t.accountHash),
    index('login_throttles_last_failure_idx').on(t.lastFailureAt),
  ],
);
