import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { EmailChangeKind } from '../../../src/domain/emailChange';
import { users } from '../users/users.table';

/**
 * A requested e-mail change, waiting for the link mailed to the new address. The id is the
 * link's public part; only the SHA-256 of its token is stored (server/lib/secret-token.ts), so a
 * copy of the database confirms nothing. A request is live while it is neither confirmed nor
 * replaced and `expiresAt` lies ahead; a user has at most one live request.
 */
export const emailChangeRequests = pgTable(
  'email_change_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Which confirmation route the link uses: a company user's or an administrator's. */
    kind: text('kind').$type<EmailChangeKind>().notNull(),
    /** Lower-cased, as every login name. */
    newEmail: text('new_email').notNull(),
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    /** A newer request of the same user took its place before it was confirmed. */
    replacedAt: timestamp('replaced_at', { withTimezone: true }),
  },
  (t) => [
    index('email_change_requests_user_idx').on(t.userId),
    index('email_change_requests_new_email_idx').on(sql`lower(${t.newEmail})`),
  ],
);
export type EmailChangeRequestRow = typeof emailChangeRequests.$inferSelect;
