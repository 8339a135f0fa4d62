import { and, asc, eq, isNull, ne, sql, type SQL } from 'drizzle-orm';
import { ENDING_NOTICE_DAYS, LOW_CREDIT_SHARE } from '../../../src/domain/licenses';
import {
  EXPIRED_EVENT_DAYS,
  PACKAGE_EXPIRED_CLAIM,
  PACKAGE_NOTICE_KINDS,
  type PackageNoticeKind,
} from '../../../src/domain/packageNotices';
import type { DbOrTx } from '../../db/client';
import { companies, stores } from '../companies/companies.table';
import { licenses, packageNotices, prepaidPackages } from '../licenses/licenses.table';
import { systemIntegrators } from '../system-integrators/system-integrators.table';
import { users } from '../users/users.table';

/** A package that may be due a notice, with what its mails name. */
export interface NoticeCandidate {
  id: string;
  licenseId: string;
  startDate: string;
  endDate: string;
  amount: number;
  remainingAmount: number;
  suspended: boolean;
  licenseKey: string;
  postpaidAllowed: boolean;
  companyId: string;
  companyName: string;
  storeId: string;
  storeName: string;
  systemIntegratorId: string;
  systemIntegratorName: string;
  /** Kinds already sent for it. */
  sent: PackageNoticeKind[];
}

export interface NoticeRecipient {
  email: string;
  salutation: string | null;
  firstName: string;
  lastName: string;
}

const p = prepaidPackages;
type ClaimKind = PackageNoticeKind | typeof PACKAGE_EXPIRED_CLAIM;
const noticeSent = (kind: ClaimKind) =>
  sql`exists (select 1 from ${packageNotices} where ${packageNotices.packageId} = ${p.id} and ${packageNotices.kind} = ${kind})`;

/**
 * Narrows the packages to those that may be due a notice not yet sent, by the rules of
 * src/domain/packageNotices.ts (which decide; this only keeps the candidates few): in use today
 * (started, not ended, neither the package nor its licence suspended) and used up, below 10 %
 * remaining, or at most 7 days from its last day. The share is compared as remaining / amount in
 * numeric, as the rule does, so 3 of 30 is not "below 10 %" on either side.
 */
function dueCondition(today: string) {
  return and(
    eq(p.suspended, false),
    eq(licenses.suspended, false),
    sql`${p.startDate} <= ${today}::date`,
    sql`${p.endDate} >= ${today}::date`,
    sql`(
      (${p.remainingAmount} = 0 and not ${noticeSent('exhausted')})
      or (${p.remainingAmount} > 0
          and ${p.remainingAmount}::numeric / ${p.amount} < ${LOW_CREDIT_SHARE}::numeric
          and not ${noticeSent('low')})
      or (${p.remainingAmount} > 0
          and ${p.endDate} <= ${today}::date + ${ENDING_NOTICE_DAYS}::int
          and not ${noticeSent('ending')})
    )`,
  );
}

export function packageNoticeRepository(db: DbOrTx) {
  async function candidates(today: string, packageId?: string): Promise<NoticeCandidate[]> {
    const rows = await db
      .select({
        id: p.id,
        licenseId: p.licenseId,
        startDate: p.startDate,
        endDate: p.endDate,
        amount: p.amount,
        remainingAmount: p.remainingAmount,
        suspended: p.suspended,
        licenseKey: licenses.key,
        postpaidAllowed: licenses.postpaidAllowed,
        companyId: licenses.companyId,
        companyName: companies.name,
        storeId: licenses.storeId,
        storeName: stores.name,
        systemIntegratorId: licenses.systemIntegratorId,
        systemIntegratorName: systemIntegrators.name,
        sent: sql<
          string | null
        >`(select string_agg(${packageNotices.kind}, ',') from ${packageNotices} where ${packageNotices.packageId} = ${p.id})`,
      })
      .from(p)
      .innerJoin(licenses, eq(licenses.id, p.licenseId))
      .innerJoin(companies, eq(companies.id, licenses.companyId))
      .innerJoin(stores, eq(stores.id, licenses.storeId))
      .innerJoin(systemIntegrators, eq(systemIntegrators.id, licenses.systemIntegratorId))
      .where(and(dueCondition(today), packageId ? eq(p.id, packageId) : undefined))
      .orderBy(asc(p.endDate), asc(p.id));
    return rows.map((row) => ({
      ...row,
      sent: (row.sent ?? '')
        .split(',')
        .filter((kind): kind is PackageNoticeKind => (PACKAGE_NOTICE_KINDS as readonly string[]).includes(kind)),
    }));
  }

  /** Users the conditions pick whose account is not disabled, by address. */
  const recipients = (...conditions: SQL[]): Promise<NoticeRecipient[]> =>
    db
      .select({
        email: users.email,
        salutation: users.salutation,
        firstName: users.firstName,
        lastName: users.lastName,
      })
      .from(users)
      .where(and(...conditions, isNull(users.disabledAt)))
      .orderBy(asc(users.email));

  return {
    /** Packages that may be due a notice today (Germany's calendar day). */
    candidates: (today: string) => candidates(today),

    /** The same for one package, read again inside the notice's transaction. */
    async candidate(today: string, packageId: string): Promise<NoticeCandidate | undefined> {
      return (await candidates(today, packageId))[0];
    },

    /**
     * Records the notice; false when it exists already (sent by an earlier run, or by a concurrent
     * one: the primary key (package_id, kind) makes the second insert wait for the first and then
     * do nothing).
     */
    async claim(packageId: string, kind: ClaimKind): Promise<boolean> {
      const rows = await db
        .insert(packageNotices)
        .values({ packageId, kind })
        .onConflictDoNothing()
        .returning({ packageId: packageNotices.packageId });
      return rows.length > 0;
    },

    /**
     * Packages whose end is at most EXPIRED_EVENT_DAYS past and not announced yet (package.expired;
     * src/domain/packageNotices.ts packageExpiredDue decides), with what the event names.
     */
    async expiredCandidates(today: string, packageId?: string) {
      return db
        .select({
          id: p.id,
          licenseId: p.licenseId,
          startDate: p.startDate,
          endDate: p.endDate,
          amount: p.amount,
          remainingAmount: p.remainingAmount,
          suspended: p.suspended,
          licenseSuspended: licenses.suspended,
        })
        .from(p)
        .innerJoin(licenses, eq(licenses.id, p.licenseId))
        .where(
          and(
            eq(p.suspended, false),
            eq(licenses.suspended, false),
            sql`${p.endDate} < ${today}::date`,
            sql`${p.endDate} >= ${today}::date - ${EXPIRED_EVENT_DAYS}::int`,
            sql`not ${noticeSent(PACKAGE_EXPIRED_CLAIM)}`,
            packageId ? eq(p.id, packageId) : undefined,
          ),
        )
        .orderBy(asc(p.endDate), asc(p.id));
    },

    /** The company's Owners whose registration is finished and whose account is not disabled. */
    owners(companyId: string): Promise<NoticeRecipient[]> {
      return recipients(
        eq(users.companyId, companyId),
        eq(users.role, 'Owner'),
        eq(users.status, 'VerifiedAndApproved'),
      );
    },

    /** The system integrator's admins whose account is not disabled or rejected. */
    integratorAdmins(systemIntegratorId: string): Promise<NoticeRecipient[]> {
      return recipients(
        eq(users.systemIntegratorId, systemIntegratorId),
        eq(users.role, 'SystemIntegratorAdmin'),
        ne(users.status, 'Rejected'),
      );
    },
  };
}
