import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { NamedRef, StoredPackage } from '../../../src/domain/licenses';
import type { MonthUsage, UsageCounts, UsageRange, UsageRow } from '../../../src/domain/usage';
import { addMonths, monthsOfRange } from '../../../src/domain/usage';
import type { DbOrTx } from '../../db/client';
import { companies, stores } from '../companies/companies.table';
import { identificationProcesses as ip, licenses, prepaidPackages } from '../licenses/licenses.table';
import { identificationProcessDays as d } from './usage.table';

/**
 * Whose processes a usage question covers: one company, and for a SystemIntegratorAdmin only the
 * processes of its own integrator's licences (the integrator copied onto each process).
 */
export interface UsageScope {
  companyId: string;
  systemIntegratorId?: string;
}

export interface UsageFilters {
  storeId?: string;
  licenseId?: string;
}

/**
 * Calendar months and days are Germany's: a process at 23:30 UTC on 31 October is a November
 * process in Berlin. The expressions carry no parameters, so GROUP BY can repeat them verbatim.
 */
export const berlinMonth = sql<string>`to_char(${ip.createdAt} AT TIME ZONE 'Europe/Berlin', 'YYYY-MM')`;
const berlinDay = sql<string>`to_char(${ip.createdAt} AT TIME ZONE 'Europe/Berlin', 'YYYY-MM-DD')`;

/** The first instant of a Berlin calendar day "yyyy-MM-dd", as timestamptz. */
export const berlinMidnight = (isoDate: string) =>
  sql`(${`${isoDate} 00:00:00`}::timestamp AT TIME ZONE 'Europe/Berlin')`;

/** What the usage view counts, shared with the monthly statements (server/modules/statements). */
export const completed = sql`${ip.status} = 'Completed'`;
export const cancelled = sql`${ip.status} = 'Cancelled'`;
export const countWhere = (condition: SQL) => sql<number>`(count(*) filter (where ${condition}))::int`;

export const usageCounts = {
  prepaid: countWhere(sql`${completed} and not ${ip.postpaid}`),
  postpaid: countWhere(sql`${completed} and ${ip.postpaid}`),
  cancelled: countWhere(cancelled),
};

/** Processes recorded in the Berlin months of the range (index identification_processes_company_created_idx). */
export const createdInMonths = (range: UsageRange) =>
  and(
    sql`${ip.createdAt} >= ${berlinMidnight(`${range.from}-01`)}`,
    sql`${ip.createdAt} < ${berlinMidnight(`${addMonths(range.to, 1)}-01`)}`,
  );

const withBillable = <T extends Omit<UsageCounts, 'billable'>>(row: T): T & UsageCounts => ({
  ...row,
  billable: row.prepaid + row.postpaid,
});

export interface LicenseScope {
  id: string;
  companyId: string;
  systemIntegratorId: string;
}

export type PackageForConsumption = StoredPackage;

export interface DayCount {
  day: string;
  count: number;
}

export interface DayConsumption {
  day: string;
  used: number;
  cancelled: number;
}

export function usageRepository(db: DbOrTx) {
  return {
    async companyExists(companyId: string): Promise<boolean> {
      const [row] = await db.select({ id: companies.id }).from(companies).where(eq(companies.id, companyId)).limit(1);
      return Boolean(row);
    },

    /**
     * Whether the system integrator serves the company: it has a licence at one of the company's
     * studios, or a studio names it as the integrator that serves it.
     */
    async integratorServes(systemIntegratorId: string, companyId: string): Promise<boolean> {
      const [licensed] = await db
        .select({ id: licenses.id })
        .from(licenses)
        .where(and(eq(licenses.companyId, companyId), eq(licenses.systemIntegratorId, systemIntegratorId)))
        .limit(1);
      if (licensed) return true;
      const [served] = await db
        .select({ id: stores.id })
        .from(stores)
        .where(and(eq(stores.companyId, companyId), eq(stores.systemIntegratorId, systemIntegratorId)))
        .limit(1);
      return Boolean(served);
    },

    /** The company's studios with at least one licence in scope, by name: the studio filter's choices. */
    async storesInScope(scope: UsageScope): Promise<NamedRef[]> {
      return db
        .selectDistinct({ id: stores.id, name: stores.name })
        .from(licenses)
        .innerJoin(stores, eq(stores.id, licenses.storeId))
        .where(
          and(
            eq(licenses.companyId, scope.companyId),
            scope.systemIntegratorId ? eq(licenses.systemIntegratorId, scope.systemIntegratorId) : undefined,
          ),
        )
        .orderBy(asc(stores.name), asc(stores.id));
    },

    /**
     * Processes per Berlin month × studio × device of the range, counted in the database (index
     * identification_processes_company_created_idx: company, then time).
     */
    async usageRows(scope: UsageScope, range: UsageRange, filters: UsageFilters): Promise<UsageRow[]> {
      const rows = await db
        .select({
          month: berlinMonth,
          storeId: ip.storeId,
          storeName: stores.name,
          machineId: ip.machineId,
          ...usageCounts,
        })
        .from(ip)
        .innerJoin(stores, eq(stores.id, ip.storeId))
        .where(
          and(
            eq(ip.companyId, scope.companyId),
            createdInMonths(range),
            scope.systemIntegratorId ? eq(ip.systemIntegratorId, scope.systemIntegratorId) : undefined,
            filters.storeId ? eq(ip.storeId, filters.storeId) : undefined,
            filters.licenseId ? eq(ip.licenseId, filters.licenseId) : undefined,
          ),
        )
        .groupBy(berlinMonth, ip.storeId, stores.name, ip.machineId)
        .orderBy(berlinMonth, asc(stores.name), asc(ip.storeId), asc(ip.machineId));
      return rows.map(withBillable);
    },

    async findLicense(id: string): Promise<LicenseScope | undefined> {
      const [row] = await db
        .select({ id: licenses.id, companyId: licenses.companyId, systemIntegratorId: licenses.systemIntegratorId })
        .from(licenses)
        .where(eq(licenses.id, id))
        .limit(1);
      return row;
    },

    async findPackage(licenseId: string, packageId: string): Promise<PackageForConsumption | undefined> {
      const [row] = await db
        .select({
          id: prepaidPackages.id,
          licenseId: prepaidPackages.licenseId,
          startDate: prepaidPackages.startDate,
          endDate: prepaidPackages.endDate,
          amount: prepaidPackages.amount,
          usedAmount: prepaidPackages.usedAmount,
          remainingAmount: prepaidPackages.remainingAmount,
          suspended: prepaidPackages.suspended,
        })
        .from(prepaidPackages)
        .where(and(eq(prepaidPackages.id, packageId), eq(prepaidPackages.licenseId, licenseId)))
        .limit(1);
      return row;
    },

    /**
     * Every process (completed or cancelled) per Berlin day from `fromDay` on, of one integrator's
     * licences or of all: the dashboards' 30-day charts, from the day counts (usage.table.ts).
     */
    async processesPerDay(scope: { systemIntegratorId?: string }, fromDay: string): Promise<DayCount[]> {
      return db
        .select({ day: d.day, count: sql<number>`sum(${d.prepaid} + ${d.postpaid})::int` })
        .from(d)
        .where(
          and(
            eq(d.kind, 'recorded'),
            sql`${d.day} >= ${fromDay}::date`,
            scope.systemIntegratorId ? eq(d.systemIntegratorId, scope.systemIntegratorId) : undefined,
          ),
        )
        .groupBy(d.day)
        .orderBy(d.day);
    },

    /**
     * A company's processes per Berlin month of the range (prepaid, postpaid, cancelled, as the
     * usage view counts them), every month of the range with zeros included, from the day counts.
     */
    async monthTotals(companyId: string, range: UsageRange): Promise<MonthUsage[]> {
      const month = sql<string>`to_char(${d.day}, 'YYYY-MM')`;
      const signed = (column: typeof d.prepaid | typeof d.postpaid) =>
        sql<number>`(sum(${column}) filter (where ${d.kind} = 'recorded') - coalesce(sum(${column}) filter (where ${d.kind} = 'cancelled'), 0))::int`;
      const rows = await db
        .select({
          month,
          prepaid: signed(d.prepaid),
          postpaid: signed(d.postpaid),
          cancelled: sql<number>`coalesce(sum(${d.prepaid} + ${d.postpaid}) filter (where ${d.kind} = 'cancelled'), 0)::int`,
        })
        .from(d)
        .where(
          and(
            eq(d.companyId, companyId),
            sql`${d.day} >= ${`${range.from}-01`}::date`,
            sql`${d.day} < ${`${addMonths(range.to, 1)}-01`}::date`,
          ),
        )
        .groupBy(month);
      const byMonth = new Map(rows.map((row) => [row.month, row]));
      return monthsOfRange(range.from, range.to).map((m) => {
        const row = byMonth.get(m);
        const counts = row
          ? { prepaid: row.prepaid ?? 0, postpaid: row.postpaid ?? 0, cancelled: row.cancelled }
          : { prepaid: 0, postpaid: 0, cancelled: 0 };
        return { month: m, ...counts, billable: counts.prepaid + counts.postpaid };
      });
    },

    /** The package's processes per Berlin day (index identification_processes_package_idx), oldest first. */
    async consumptionByDay(packageId: string): Promise<DayConsumption[]> {
      return db
        .select({ day: berlinDay, used: countWhere(completed), cancelled: countWhere(cancelled) })
        .from(ip)
        .where(eq(ip.packageId, packageId))
        .groupBy(berlinDay)
        .orderBy(berlinDay);
    },
  };
}
