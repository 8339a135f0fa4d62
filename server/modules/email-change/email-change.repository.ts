import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { users } from '../users/users.table';
import { emailChangeRequests, type EmailChangeRequestRow } from './email-change.table';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Live: neither confirmed nor replaced, and not yet expired at `now`. */
const live = (now: Date) =>
  and(
    isNull(emailChangeRequests.confirmedAt),
    isNull(emailChangeRequests.replacedAt),
    gt(emailChangeRequests.expiresAt, now),
  );

export type NewEmailChangeRequest = Omit<EmailChangeRequestRow, 'id' | 'confirmedAt' | 'replacedAt'>;

export function emailChangeRepository(db: DbOrTx) {
  return {
    /**
     * Serializes everything that hands out or takes an address (request and confirmation) until
     * the transaction ends, so two of them cannot both pass the "already in use" check.
     */
    async lockEmail(email: string): Promise<void> {
      await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`user-email:${email.trim().toLowerCase()}`}))`);
    },

    /** Whether any user's login name is the address, without regard to case. */
    async userHasEmail(email: string): Promise<boolean> {
      const [row] = await db
        .select({ id: users.id })
        .from(users)
        .where(sql`lower(${users.email}) = ${email.trim().toLowerCase()}`)
        .limit(1);
      return Boolean(row);
    },

    /**
     * Whether a user other than `userId` waits for the confirmation of a change to the address;
     * with `userId` null, whether anyone does (an invitation may not hand it out either).
     */
    async pendingForAnotherUser(email: string, userId: string | null, now: Date): Promise<boolean> {
      const [row] = await db
        .select({ id: emailChangeRequests.id })
        .from(emailChangeRequests)
        .where(
          and(
            sql`lower(${emailChangeRequests.newEmail}) = ${email.trim().toLowerCase()}`,
            userId === null ? undefined : ne(emailChangeRequests.userId, userId),
            live(now),
          ),
        )
        .limit(1);
      return Boolean(row);
    },

    /** A new request takes the place of the user's unconfirmed ones: their links stop working. */
    async replaceOpen(userId: string, now: Date): Promise<void> {
      await db
        .update(emailChangeRequests)
        .set({ replacedAt: now })
        .where(
          and(
            eq(emailChangeRequests.userId, userId),
            isNull(emailChangeRequests.confirmedAt),
            isNull(emailChangeRequests.replacedAt),
          ),
        );
    },

    async insert(values: NewEmailChangeRequest): Promise<EmailChangeRequestRow> {
      const [row] = await db.insert(emailChangeRequests).values(values).returning();
      return row;
    },

    /** The request of a mailed link's id; `lock` holds it for the rest of the transaction. */
    async find(id: string, { lock = false } = {}): Promise<EmailChangeRequestRow | undefined> {
      if (!UUID.test(id)) return undefined;
      const query = db.select().from(emailChangeRequests).where(eq(emailChangeRequests.id, id)).limit(1);
      const [row] = lock ? await query.for('update') : await query;
      return row;
    },

    async markConfirmed(id: string, now: Date): Promise<void> {
      await db.update(emailChangeRequests).set({ confirmedAt: now }).where(eq(emailChangeRequests.id, id));
    },
  };
}
