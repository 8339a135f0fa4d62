import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  eidBindings,
  eidSessions,
  type EidBindingRow,
  type EidSessionRow,
  type RecordedEidAnswer,
} from './eid-binding.table';

const ownSession = (id: string, userId: string) => and(eq(eidSessions.id, id), eq(eidSessions.userId, userId));

/** Binding sessions: always looked up together with their owner, so another user's id finds nothing. */
export function eidSessionRepository(db: DbOrTx) {
  return {
    async insert(values: Pick<EidSessionRow, 'userId' | 'providerSessionId' | 'createdAt' | 'expiresAt'>) {
      const [row] = await db.insert(eidSessions).values(values).returning();
      return row;
    },

    async findOwn(id: string, userId: string): Promise<EidSessionRow | undefined> {
      const [row] = await db.select().from(eidSessions).where(ownSession(id, userId)).limit(1);
      return row;
    },

    /** The session locked until the transaction ends, so two polls record one answer. */
    async lockOwn(id: string, userId: string): Promise<EidSessionRow | undefined> {
      const [row] = await db.select().from(eidSessions).where(ownSession(id, userId)).for('update');
      return row;
    },

    async finish(id: string, answer: RecordedEidAnswer, now: Date): Promise<void> {
      await db.update(eidSessions).set({ finishedAt: now, answer }).where(eq(eidSessions.id, id));
    },

    /** Ends every unfinished session of the user with `answer`; returns the service's ids of them. */
    async finishOpenOfUser(userId: string, answer: RecordedEidAnswer, now: Date): Promise<string[]> {
      const rows = await db
        .update(eidSessions)
        .set({ finishedAt: now, answer })
        .where(and(eq(eidSessions.userId, userId), isNull(eidSessions.finishedAt)))
        .returning({ providerSessionId: eidSessions.providerSessionId });
      return rows.map((row) => row.providerSessionId);
    },

    /** Sessions whose end lies before `before` (every session is over by its end): nobody asks for them any more. */
    async deleteEndedBefore(before: Date): Promise<number> {
      const rows = await db
        .delete(eidSessions)
        .where(lt(eidSessions.expiresAt, before))
        .returning({ id: eidSessions.id });
      return rows.length;
    },
  };
}

/** Bindings of cards to users, by the HMAC of the card's pseudonym (server/eid/pseudonym.ts). */
export function eidBindingRepository(db: DbOrTx) {
  return {
    /**
     * Serialises every binding of one card until the transaction ends, so two users presenting the
     * same card at once cannot both find it free (the unique index would refuse the second anyway,
     * but as an error instead of the answer EID_DOCUMENT_ALREADY_BOUND).
     */
    async lockCard(pseudonymHash: string): Promise<void> {
      await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`eid-card:${pseudonymHash}`}))`);
    },

    async findByCard(pseudonymHash: string): Promise<EidBindingRow | undefined> {
      const [row] = await db.select().from(eidBindings).where(eq(eidBindings.pseudonymHash, pseudonymHash)).limit(1);
      return row;
    },

    async insert(values: Omit<EidBindingRow, 'id'>): Promise<EidBindingRow> {
      const [row] = await db.insert(eidBindings).values(values).returning();
      return row;
    },

    /** The card held during a review takes effect (the review is confirmed). */
    async confirmHeld(userId: string, now: Date): Promise<void> {
      await db
        .update(eidBindings)
        .set({ boundAt: now })
        .where(and(eq(eidBindings.userId, userId), isNull(eidBindings.boundAt)));
    },

    /** The card held during a review is released (the review is rejected or closed). */
    async releaseHeld(userId: string): Promise<void> {
      await db.delete(eidBindings).where(and(eq(eidBindings.userId, userId), isNull(eidBindings.boundAt)));
    },
  };
}
