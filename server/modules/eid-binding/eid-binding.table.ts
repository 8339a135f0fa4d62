import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { EidBindingDone } from '../../../src/domain/eid';
import { users } from '../users/users.table';

/** The answer a finished session gave, recorded so that asking again repeats it without a second effect. */
export type RecordedEidAnswer =
  { status: 200; done: EidBindingDone } | { status: number; errorCode: string; message: string };

/**
 * A binding session (POST /api/user/eid/bind): its id is what the browser polls with
 * (x-session-id); it belongs to one user, ends EID_SESSION_MINUTES after the start and is used
 * once. Neither the mobile token nor anything the card told is kept here. Finished and expired
 * sessions are deleted by the cleanup job a day after their end (server/jobs/cleanup.job.ts).
 */
export const eidSessions = pgTable(
  'eid_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The eID service's own id of the session (server/eid/port.ts). */
    providerSessionId: text('provider_session_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Set with `answer` once the session is over: done, failed, expired or replaced by a newer one. */
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    answer: jsonb('answer').$type<RecordedEidAnswer>(),
  },
  (t) => [index('eid_sessions_user_idx').on(t.userId), index('eid_sessions_expires_idx').on(t.expiresAt)],
);
export type EidSessionRow = typeof eidSessions.$inferSelect;

/**
 * The card bound to a user: only the HMAC of its pseudonym (server/eid/pseudonym.ts), the document
 * type and when it was bound (ARCHITECTURE.md: data minimisation). The unique index on the hash
 * is the rule "one card, one account". While the card's data differ from the profile and a
 * LumioAdmin reviews them, the card is held for this user (`boundAt` null): nobody else can bind it
 * meanwhile; confirming the review sets `boundAt`, rejecting deletes the row.
 */
export const eidBindings = pgTable('eid_bindings', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id')
    .notNull()
    .unique()
    .references(() => users.id, { onDelete: 'cascade' }),
  pseudonymHash: text('pseudonym_hash').notNull().unique(),
  documentType: text('document_type').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  /** When the binding took effect: the match, or the confirmed review; null while the review is open. */
  boundAt: timestamp('bound_at', { withTimezone: true }),
});
export type EidBindingRow = typeof eidBindings.$inferSelect;
