import { and, count, eq, gt, lt, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { planList, type PagingInput } from '../../lib/paging';
import { users } from '../users/users.table';
import {
  companyApplications,
  type ApplicationStatus,
  type ApplicationStore,
  type CompanyApplicationRow,
} from './company-applications.table';

export interface NewApplication {
  email: string;
  salutation: string;
  firstName: string;
  lastName: string;
  birthDate: string;
  companyName: string;
  legalForm: string;
  address: string;
  country: string;
  phoneNumber: string;
  phoneNumber2: string | null;
  website: string | null;
  memberId: string | null;
  stores: ApplicationStore[];
  confirmUntil: Date;
  /** SHA-256 of the confirmation link's token (server/lib/secret-token.ts). */
  confirmationTokenHash: string;
}

const listColumns = {
  lastModifiedAt: companyApplications.lastModifiedAt,
  firstName: companyApplications.firstName,
  lastName: companyApplications.lastName,
  email: companyApplications.email,
  companyName: companyApplications.companyName,
  legalForm: companyApplications.legalForm,
};
const listSearchable = [
  companyApplications.firstName,
  companyApplications.lastName,
  companyApplications.email,
  companyApplications.companyName,
];

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Ids come from URLs; anything that is not a uuid cannot name an application. */
export const isApplicationId = (id: string) => UUID.test(id);

/** Addresses are stored lower-cased; comparing with lower() also catches rows stored otherwise. */
const sameEmail = (column: typeof users.email | typeof companyApplications.email, email: string) =>
  sql`lower(${column}) = ${email.trim().toLowerCase()}`;

/** Open, or Unconfirmed with a live link: an application a new one with its address must not replace. */
const pendingCondition = (now: Date) =>
  or(
    eq(companyApplications.status, 'Open'),
    and(eq(companyApplications.status, 'Unconfirmed'), gt(companyApplications.confirmUntil, now)),
  );

export function companyApplicationRepository(db: DbOrTx) {
  return {
    async insert(values: NewApplication): Promise<CompanyApplicationRow> {
      const [row] = await db.insert(companyApplications).values(values).returning();
      return row;
    },

    async find(id: string): Promise<CompanyApplicationRow | undefined> {
      if (!isApplicationId(id)) return undefined;
      const [row] = await db.select().from(companyApplications).where(eq(companyApplications.id, id)).limit(1);
      return row;
    },

    async userHasEmail(email: string): Promise<boolean> {
      const [row] = await db.select({ id: users.id }).from(users).where(sameEmail(users.email, email)).limit(1);
      return Boolean(row);
    },

    /** Who already holds the address, for the mail about a registration attempt: an account first, else a pending application. */
    async holderOfEmail(
      email: string,
      now: Date,
    ): Promise<
      | { holds: 'account' | 'application'; id: string; salutation: string | null; firstName: string; lastName: string }
      | undefined
    > {
      const person = {
        salutation: users.salutation,
        firstName: users.firstName,
        lastName: users.lastName,
      };
      const [user] = await db
        .select({ id: users.id, ...person })
        .from(users)
        .where(sameEmail(users.email, email))
        .limit(1);
      // Both lookups always run, so a known address takes about as long to answer as a new one.
      const [application] = await db
        .select({
          id: companyApplications.id,
          salutation: companyApplications.salutation,
          firstName: companyApplications.firstName,
          lastName: companyApplications.lastName,
        })
        .from(companyApplications)
        .where(and(sameEmail(companyApplications.email, email), pendingCondition(now)))
        .limit(1);
      if (user) return { holds: 'account', ...user };
      return application && { holds: 'application', ...application };
    },

    /** An application still in the way of a new one: Open, or Unconfirmed with a live link. */
    async pendingApplicationHasEmail(email: string, now: Date): Promise<boolean> {
      const [row] = await db
        .select({ id: companyApplications.id })
        .from(companyApplications)
        .where(and(sameEmail(companyApplications.email, email), pendingCondition(now)))
        .limit(1);
      return Boolean(row);
    },

    /**
     * Serializes submissions for one address until the transaction ends, so two parallel submits
     * with the same e-mail cannot both pass the "already in use" check.
     */
    async lockEmail(email: string): Promise<void> {
      await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`company-application:${email}`}))`);
    },

    /** Unconfirmed with a live link → Open; returns false when there was nothing to confirm. */
    async confirm(id: string, now: Date): Promise<boolean> {
      if (!isApplicationId(id)) return false;
      const rows = await db
        .update(companyApplications)
        .set({ status: 'Open', confirmedAt: now, lastModifiedAt: now })
        .where(
          and(
            eq(companyApplications.id, id),
            eq(companyApplications.status, 'Unconfirmed'),
            gt(companyApplications.confirmUntil, now),
          ),
        )
        .returning({ id: companyApplications.id });
      return rows.length === 1;
    },

    async listOpen(q: PagingInput) {
      const plan = planList(
        q,
        listColumns,
        listSearchable,
        companyApplications.id,
        'lastModifiedAt desc',
        eq(companyApplications.status, 'Open'),
      );
      const items = await db
        .select({
          id: companyApplications.id,
          firstName: companyApplications.firstName,
          lastName: companyApplications.lastName,
          email: companyApplications.email,
          companyName: companyApplications.companyName,
          legalForm: companyApplications.legalForm,
          lastModifiedAt: companyApplications.lastModifiedAt,
        })
        .from(companyApplications)
        .where(plan.where)
        .orderBy(...plan.orderBy)
        .limit(plan.limit)
        .offset(plan.offset);
      const [{ total }] = await db.select({ total: count() }).from(companyApplications).where(plan.where);
      return { items: items.map((i) => ({ ...i, lastModifiedAt: i.lastModifiedAt.toISOString() })), total };
    },

    /**
     * Open → Approved | Rejected, only if still Open: the conditional update is the lock that makes
     * a double click (or two administrators) decide once. Undefined when it was not Open.
     */
    async decide(
      id: string,
      status: Extract<ApplicationStatus, 'Approved' | 'Rejected'>,
      decidedBy: string,
      now: Date,
    ): Promise<CompanyApplicationRow | undefined> {
      if (!isApplicationId(id)) return undefined;
      const [row] = await db
        .update(companyApplications)
        .set({ status, decidedAt: now, decidedBy, lastModifiedAt: now })
        .where(and(eq(companyApplications.id, id), eq(companyApplications.status, 'Open')))
        .returning();
      return row;
    },

    async linkCompany(id: string, companyId: string): Promise<CompanyApplicationRow> {
      const [row] = await db
        .update(companyApplications)
        .set({ companyId })
        .where(eq(companyApplications.id, id))
        .returning();
      return row;
    },

    /**
     * Deletes applications whose confirmation link ran out unconfirmed: nobody can continue them,
     * so their personal data and (by cascade) their documents go. Returns how many.
     */
    async deleteUnconfirmedExpiredBefore(expiredBefore: Date): Promise<number> {
      const rows = await db
        .delete(companyApplications)
        .where(and(eq(companyApplications.status, 'Unconfirmed'), lt(companyApplications.confirmUntil, expiredBefore)))
        .returning({ id: companyApplications.id });
      return rows.length;
    },
  };
}
