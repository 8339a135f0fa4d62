import { and, count, desc, eq, isNull, type AnyColumn } from 'drizzle-orm';
import {
  EID_REVIEW_DEFAULT_ORDER,
  type EID_REVIEW_SORT_FIELDS,
  type EidReviewDecision,
} from '../../../src/domain/eidReview';
import type { DbOrTx } from '../../db/client';
import { planList, type PagingInput } from '../../lib/paging';
import { companies } from '../companies/companies.table';
import { eidBindings } from '../eid-binding/eid-binding.table';
import { users } from '../users/users.table';
import { eidReviews, type EidReviewRow } from './eid-reviews.table';

const sortable = {
  createdAt: eidReviews.createdAt,
  lastName: users.lastName,
  companyName: companies.name,
} satisfies Record<(typeof EID_REVIEW_SORT_FIELDS)[number], AnyColumn>;
const searchable = [users.firstName, users.lastName, users.email, companies.name];

const isOpen = isNull(eidReviews.decidedAt);

/** The eID reviews; the list and the detail show open ones only. */
export function eidReviewRepository(db: DbOrTx) {
  return {
    async insertOpen(values: Pick<EidReviewRow, 'userId' | 'createdAt' | 'givenNames' | 'familyName' | 'birthDate'>) {
      const [row] = await db.insert(eidReviews).values(values).returning();
      return row;
    },

    async hasOpen(userId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: eidReviews.id })
        .from(eidReviews)
        .where(and(eq(eidReviews.userId, userId), isOpen))
        .limit(1);
      return Boolean(row);
    },

    /** The person's latest review, open or decided (GET /api/self tells where it stands). */
    async latestOf(userId: string): Promise<Pick<EidReviewRow, 'decision' | 'decidedAt' | 'reason'> | null> {
      const [row] = await db
        .select({ decision: eidReviews.decision, decidedAt: eidReviews.decidedAt, reason: eidReviews.reason })
        .from(eidReviews)
        .where(eq(eidReviews.userId, userId))
        .orderBy(desc(eidReviews.createdAt))
        .limit(1);
      return row ?? null;
    },

    /** A page of open reviews with the person and the company, newest first by default. */
    async listOpen(q: PagingInput) {
      const plan = planList(q, sortable, searchable, eidReviews.id, EID_REVIEW_DEFAULT_ORDER, isOpen);
      const rows = await db
        .select({
          id: eidReviews.id,
          userId: users.id,
          firstName: users.firstName,
          lastName: users.lastName,
          email: users.email,
          companyId: companies.id,
          companyName: companies.name,
          createdAt: eidReviews.createdAt,
        })
        .from(eidReviews)
        .innerJoin(users, eq(users.id, eidReviews.userId))
        .innerJoin(companies, eq(companies.id, users.companyId))
        .where(plan.where)
        .orderBy(...plan.orderBy)
        .limit(plan.limit)
        .offset(plan.offset);
      const [{ total }] = await db
        .select({ total: count() })
        .from(eidReviews)
        .innerJoin(users, eq(users.id, eidReviews.userId))
        .innerJoin(companies, eq(companies.id, users.companyId))
        .where(plan.where);
      return { items: rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })), total };
    },

    /** An open review with the person, their company and the held card's document type. */
    async findOpen(id: string) {
      const [row] = await db
        .select({
          review: eidReviews,
          user: users,
          companyName: companies.name,
          documentType: eidBindings.documentType,
        })
        .from(eidReviews)
        .innerJoin(users, eq(users.id, eidReviews.userId))
        .innerJoin(companies, eq(companies.id, users.companyId))
        .leftJoin(eidBindings, eq(eidBindings.userId, eidReviews.userId))
        .where(and(eq(eidReviews.id, id), isOpen))
        .limit(1);
      return row;
    },

    /** A review of any state with the user's company, without a lock (to lock the person first). */
    async find(id: string) {
      const [row] = await db
        .select({ review: eidReviews, companyId: users.companyId })
        .from(eidReviews)
        .innerJoin(users, eq(users.id, eidReviews.userId))
        .where(eq(eidReviews.id, id))
        .limit(1);
      return row;
    },

    /** The review locked until the transaction ends, so two decisions apply one after the other. */
    async lock(id: string): Promise<EidReviewRow | undefined> {
      const [row] = await db.select().from(eidReviews).where(eq(eidReviews.id, id)).for('update');
      return row;
    },

    /** Records the decision (a rejection with its reason) and wipes what the card said (data minimisation). */
    async decide(
      id: string,
      decision: EidReviewDecision,
      reason: string | null,
      decidedBy: string,
      now: Date,
    ): Promise<void> {
      await db
        .update(eidReviews)
        .set({ decision, reason, decidedAt: now, decidedBy, givenNames: null, familyName: null, birthDate: null })
        .where(eq(eidReviews.id, id));
    },

    /** Removes the user's open review with the card's data (the company rejected the person). */
    async deleteOpenOfUser(userId: string): Promise<number> {
      const rows = await db
        .delete(eidReviews)
        .where(and(eq(eidReviews.userId, userId), isOpen))
        .returning({ id: eidReviews.id });
      return rows.length;
    },
  };
}
