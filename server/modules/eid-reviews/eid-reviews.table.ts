import { sql } from 'drizzle-orm';
import { date, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { EidReviewDecision } from '../../../src/domain/eidReview';
import { users } from '../users/users.table';

/**
 * A LumioAdmin's review of a binding whose card data differ from the profile (ARCHITECTURE.md
 * "eID binding"). What the card said (names, birth date) is kept only while the review is open and
 * wiped by the decision; the decided row keeps who decided what, when and why, so a second decision is
 * 409 and not 404. One open review per user at most.
 */
export const eidReviews = pgTable(
  'eid_reviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /** The card's data, null once decided. */
    givenNames: text('given_names'),
    familyName: text('family_name'),
    birthDate: date('birth_date', { mode: 'string' }),
    decision: text('decision').$type<EidReviewDecision>(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    /** Who decided (kept when that administrator is deleted later, as the audit trail keeps them). */
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    /**
     * A rejection's reason as the reviewer wrote it (issue 25), for the person's verify screen;
     * null for a confirmation, an open review and rejections decided before reasons were asked for.
     */
    reason: text('reason'),
  },
  (t) => [
    uniqueIndex('eid_reviews_open_user_idx')
      .on(t.userId)
      .where(sql`${t.decidedAt} is null`),
    index('eid_reviews_open_created_idx')
      .on(t.createdAt)
      .where(sql`${t.decidedAt} is null`),
  ],
);
export type EidReviewRow = typeof eidReviews.$inferSelect;
