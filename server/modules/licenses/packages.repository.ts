import { and, count, eq, sql } from 'drizzle-orm';
import { packageState, type PrepaidPackage, type StoredPackage } from '../../../src/domain/licenses';
import type { DbOrTx } from '../../db/client';
import { planList, type PagingInput } from '../../lib/paging';
import { prepaidPackages } from './licenses.table';

/** A package's columns as stored: what the audit trail records. */
export type PackageRecord = StoredPackage;

export interface PackageDatesChange {
  startDate: string;
  endDate: string;
  suspended: boolean;
}

const selection = {
  id: prepaidPackages.id,
  licenseId: prepaidPackages.licenseId,
  startDate: prepaidPackages.startDate,
  endDate: prepaidPackages.endDate,
  amount: prepaidPackages.amount,
  usedAmount: prepaidPackages.usedAmount,
  remainingAmount: prepaidPackages.remainingAmount,
  suspended: prepaidPackages.suspended,
};

/** The API's sort fields → columns (packageListQuery). */
const sortColumns = {
  startDate: prepaidPackages.startDate,
  endDate: prepaidPackages.endDate,
  amount: prepaidPackages.amount,
  usedAmount: prepaidPackages.usedAmount,
  remainingAmount: prepaidPackages.remainingAmount,
  suspended: prepaidPackages.suspended,
  createdAt: prepaidPackages.createdAt,
};

/** The answer's shape: the stored package with its state on `today` (Germany's calendar day). */
export function toPrepaidPackage(row: PackageRecord, today: string): PrepaidPackage {
  return { ...row, state: packageState(row, today) };
}

/**
 * A licence's prepaid packages. Every read and write names the licence: a package of another
 * licence is simply not found. The counters are money (ARCHITECTURE.md "Money-like counters"):
 * `remaining_amount` is computed by the database, `used_amount` is only ever changed by the device
 * API's conditional UPDATE, and here only `increase` touches `amount`, on a row the caller has locked.
 */
export function packageRepository(db: DbOrTx) {
  const ofLicense = (licenseId: string, id: string) =>
    and(eq(prepaidPackages.id, id), eq(prepaidPackages.licenseId, licenseId));

  return {
    async list(licenseId: string, q: PagingInput) {
      const plan = planList(
        q,
        sortColumns,
        [],
        prepaidPackages.id,
        'startDate desc',
        eq(prepaidPackages.licenseId, licenseId),
      );
      const items = await db
        .select(selection)
        .from(prepaidPackages)
        .where(plan.where)
        .orderBy(...plan.orderBy)
        .limit(plan.limit)
        .offset(plan.offset);
      const [{ total }] = await db.select({ total: count() }).from(prepaidPackages).where(plan.where);
      return { items, total };
    },

    async find(licenseId: string, id: string): Promise<PackageRecord | undefined> {
      const [row] = await db.select(selection).from(prepaidPackages).where(ofLicense(licenseId, id)).limit(1);
      return row;
    },

    /** The package locked for this transaction: its counters cannot move until it ends. */
    async lock(licenseId: string, id: string): Promise<PackageRecord | undefined> {
      const [row] = await db.select(selection).from(prepaidPackages).where(ofLicense(licenseId, id)).for('update');
      return row;
    },

    async create(
      licenseId: string,
      values: { startDate: string; endDate: string; amount: number },
    ): Promise<PackageRecord> {
      const [row] = await db
        .insert(prepaidPackages)
        .values({ licenseId, ...values })
        .returning(selection);
      return row;
    },

    /** Dates and suspension only: the counters are not this call's business. */
    async update(licenseId: string, id: string, change: PackageDatesChange): Promise<PackageRecord> {
      const [row] = await db
        .update(prepaidPackages)
        .set({ ...change, updatedAt: sql`now()` })
        .where(ofLicense(licenseId, id))
        .returning(selection);
      return row;
    },

    /**
     * Raises the amount by `by` in one statement relative to the stored value (`amount + by`), so
     * no concurrent increase is lost; remaining follows (computed by the database).
     */
    async increase(licenseId: string, id: string, by: number): Promise<PackageRecord> {
      const [row] = await db
        .update(prepaidPackages)
        .set({ amount: sql`${prepaidPackages.amount} + ${by}`, updatedAt: sql`now()` })
        .where(ofLicense(licenseId, id))
        .returning(selection);
      return row;
    },
  };
}
