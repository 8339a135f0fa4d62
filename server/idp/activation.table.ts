import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from '../modules/users/users.table';

/**
 * One-time links to set a password (account activation after approval, 'Passwort vergessen?'). Only the SHA-256 of the
 * token is stored, so a database leak does not hand out working links.
 */
export const passwordSetupTokens = pgTable(
  'password_setup_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    /** Withdrawn before use: a newer link was sent, or another link of the user was used. */
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** 'activation' (an account's first password, 72 hours) or 'reset' ('Passwort vergessen?', 60 minutes). */
    purpose: text('purpose').$type<'activation' | 'reset'>().notNull().default('activation'),
  },
  (t) => [index('password_setup_tokens_user_idx').on(t.userId)],
);
