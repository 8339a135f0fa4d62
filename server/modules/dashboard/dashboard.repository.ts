import { and, count, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { PackageAlerts } from '../../../src/domain/dashboard';
import { PACKAGE_ENDING_SOON_DAYS } from '../../../src/domain/dashboard';
import { LOW_CREDIT_SHARE } from '../../../src/domain/licenses';
import { ADMINISTRATOR_ROLES } from '../../../src/domain/roles';
import { PENDING_APPROVAL_STATUSES } from '../../../src/domain/userStatus';
import type { DbOrTx } from '../../db/client';
import { JOB_SCHEMA } from '../../jobs/queue';
import { companyApplications } from '../company-applications/company-applications.table';
import { eidReviews } from '../eid-reviews/eid-reviews.table';
import { licenses, prepaidPackages as p } from '../licenses/licenses.table';
import { systemIntegrators } from '../system-integrators/system-integrators.table';
import { berlinMidnight } from '../usage/usage.repository';
import { users } from '../users/users.table';

/** Whose licences and packages a count covers: one company's, or one integrator's customers'. */
export type LicenseOwner = { companyId: string } | { systemIntegratorId: string };

const ofOwner = (owner: LicenseOwner) =>
  'companyId' in owner
    ? eq(licenses.companyId, owner.companyId)
    : eq(licenses.systemIntegratorId, owner.systemIntegratorId);

const countWhere = (condition: ReturnType<typeof sql>) => sql<number>`(count(*) filter (where ${condition}))::int`;

/** Failed jobs are pg-boss's rows; its schema is created when the queue starts (server/jobs/queue.ts). */
const jobTable = sql.raw(`${JOB_SCHEMA}.job`);

/** The counts of 'Was ansteht' that are no usage questions (those are in server/modules/usage). */
export function dashboardRepository(db: DbOrTx) {
  return {
    /** People of the company waiting for its release (src/domain/userStatus.ts PENDING_APPROVAL_STATUSES). */
    async pendingEmployees(companyId: string): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(users)
        .where(and(eq(users.companyId, companyId), inArray(users.status, [...PENDING_APPROVAL_STATUSES])));
      return row.n;
    },

    /**
     * Packages in use on `today` by the rules of src/domain/dashboard.ts PackageAlerts: the share
     * is compared as remaining / amount in numeric, as src/domain/packageNotices.ts isLowOnCredit
     * does, so 3 of 30 is not "below 10 %" here either.
     */
    async packageAlerts(owner: LicenseOwner, today: string): Promise<PackageAlerts> {
      const [row] = await db
        .select({
          usedUp: countWhere(sql`${p.remainingAmount} = 0`),
          low: countWhere(
            sql`${p.remainingAmount} > 0 and ${p.remainingAmount}::numeric / ${p.amount} < ${LOW_CREDIT_SHARE}::numeric`,
          ),
          ending: countWhere(
            sql`${p.remainingAmount} > 0 and ${p.endDate} <= ${today}::date + ${PACKAGE_ENDING_SOON_DAYS}::int`,
          ),
        })
        .from(p)
        .innerJoin(licenses, eq(licenses.id, p.licenseId))
        .where(
          and(
            ofOwner(owner),
            eq(p.suspended, false),
            eq(licenses.suspended, false),
            sql`${p.startDate} <= ${today}::date`,
            sql`${p.endDate} >= ${today}::date`,
          ),
        );
      return row;
    },

    async licenseCounts(owner: LicenseOwner): Promise<{ active: number; suspended: number }> {
      const [row] = await db
        .select({
          active: countWhere(sql`not ${licenses.suspended}`),
          suspended: countWhere(sql`${licenses.suspended}`),
        })
        .from(licenses)
        .where(ofOwner(owner));
      return row;
    },

    async hasOpenEidReview(userId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: eidReviews.id })
        .from(eidReviews)
        .where(and(eq(eidReviews.userId, userId), isNull(eidReviews.decidedAt)))
        .limit(1);
      return Boolean(row);
    },

    /** Applications waiting for the provider's decision, reviews of differing eID data, approvals since the month began. */
    async providerQueue(
      monthStart: string,
    ): Promise<{ openApplications: number; openEidReviews: number; approvedThisMonth: number }> {
      const [applications] = await db
        .select({
          open: countWhere(sql`${companyApplications.status} = 'Open'`),
          approved: countWhere(
            sql`${companyApplications.status} = 'Approved' and ${companyApplications.decidedAt} >= ${berlinMidnight(monthStart)}`,
          ),
        })
        .from(companyApplications)
        .where(inArray(companyApplications.status, ['Open', 'Approved']));
      const [reviews] = await db.select({ n: count() }).from(eidReviews).where(isNull(eidReviews.decidedAt));
      return {
        openApplications: applications.open,
        openEidReviews: reviews.n,
        approvedThisMonth: applications.approved,
      };
    },

    async accountCounts(): Promise<{ administrators: number; systemIntegrators: number }> {
      const [admins] = await db
        .select({ n: count() })
        .from(users)
        .where(inArray(users.role, [...ADMINISTRATOR_ROLES]));
      const [integrators] = await db.select({ n: count() }).from(systemIntegrators);
      return { administrators: admins.n, systemIntegrators: integrators.n };
    },

    /** Jobs pg-boss gave up on (retries spent) in the last 24 hours, over every queue. */
    async failedJobsLastDay(): Promise<number> {
      const result = await db.execute(
        sql`select count(*)::int as n from ${jobTable} where state = 'failed' and completed_on >= now() - interval '24 hours'`,
      );
      const [row] = (result as unknown as { rows: { n: number }[] }).rows;
      return Number(row?.n ?? 0);
    },
  };
}
