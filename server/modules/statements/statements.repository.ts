import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Statement, StatementCompany, StatementListEntry } from '../../../src/domain/statements';
import { addMonths } from '../../../src/domain/usage';
import type { DbOrTx } from '../../db/client';
import { companies, stores } from '../companies/companies.table';
import { identificationProcesses as ip, licenses, prepaidPackages } from '../licenses/licenses.table';
import {
  berlinMidnight,
  berlinMonth,
  cancelled,
  completed,
  countWhere,
  createdInMonths,
  usageCounts,
} from '../usage/usage.repository';
import { systemIntegrators } from '../system-integrators/system-integrators.table';
import { statements } from './statements.table';

/** One studio × licence × device × package (null: postpaid or untracked) of a month, counted as the usage view counts. */
export interface StatementCountRow {
  storeId: string;
  storeName: string;
  licenseId: string;
  licenseKey: string;
  systemIntegratorId: string;
  machineId: string;
  packageId: string | null;
  prepaid: number;
  postpaid: number;
  cancelled: number;
}

export interface PackageAtMonthEnd {
  id: string;
  startDate: string;
  endDate: string;
  remainingAtMonthEnd: number;
}

export interface CorrectionRow {
  processId: string;
  originalMonth: string;
  storeId: string;
  storeName: string;
  machineId: string;
  licenseId: string;
  systemIntegratorId: string;
  postpaid: boolean;
  packageId: string | null;
  cancelledAt: Date;
}

/** The first instant after the Berlin month "yyyy-MM". */
const monthEnd = (month: string) => berlinMidnight(`${addMonths(month, 1)}-01`);

export function statementsRepository(db: DbOrTx) {
  return {
    async company(companyId: string): Promise<StatementCompany | undefined> {
      const [row] = await db
        .select({
          name: companies.name,
          legalForm: companies.legalForm,
          address: companies.address,
          country: companies.country,
        })
        .from(companies)
        .where(eq(companies.id, companyId))
        .limit(1);
      return row;
    },

    /** When the company was registered: it has no statement for a month before that. */
    async registeredAt(companyId: string): Promise<Date | undefined> {
      const [row] = await db
        .select({ createdAt: companies.createdAt })
        .from(companies)
        .where(eq(companies.id, companyId))
        .limit(1);
      return row?.createdAt;
    },

    /** The integrators of the company's licences, by name. */
    async systemIntegrators(companyId: string): Promise<{ id: string; name: string }[]> {
      return db
        .selectDistinct({ id: systemIntegrators.id, name: systemIntegrators.name })
        .from(licenses)
        .innerJoin(systemIntegrators, eq(systemIntegrators.id, licenses.systemIntegratorId))
        .where(eq(licenses.companyId, companyId))
        .orderBy(asc(systemIntegrators.name), asc(systemIntegrators.id));
    },

    /** The month's processes of the company per studio, licence, device and package (one rule with the usage view). */
    async countRows(companyId: string, month: string): Promise<StatementCountRow[]> {
      return db
        .select({
          storeId: ip.storeId,
          storeName: stores.name,
          licenseId: ip.licenseId,
          licenseKey: licenses.key,
          systemIntegratorId: licenses.systemIntegratorId,
          machineId: ip.machineId,
          packageId: ip.packageId,
          ...usageCounts,
        })
        .from(ip)
        .innerJoin(stores, eq(stores.id, ip.storeId))
        .innerJoin(licenses, eq(licenses.id, ip.licenseId))
        .where(and(eq(ip.companyId, companyId), createdInMonths({ from: month, to: month })))
        .groupBy(
          ip.storeId,
          stores.name,
          ip.licenseId,
          licenses.key,
          licenses.systemIntegratorId,
          ip.machineId,
          ip.packageId,
        )
        .orderBy(asc(stores.name), asc(ip.storeId), asc(ip.machineId), asc(ip.licenseId), asc(ip.packageId));
    },

    /**
     * The packages' units left when the month ended: today's remaining amount plus the units
     * completed processes took since, as the package consumption view counts back.
     */
    async packagesAtMonthEnd(packageIds: string[], month: string): Promise<PackageAtMonthEnd[]> {
      if (packageIds.length === 0) return [];
      const usedLater = db
        .select({ packageId: ip.packageId, used: countWhere(completed).as('used') })
        .from(ip)
        .where(and(inArray(ip.packageId, packageIds), sql`${ip.createdAt} >= ${monthEnd(month)}`))
        .groupBy(ip.packageId)
        .as('used_later');
      return db
        .select({
          id: prepaidPackages.id,
          startDate: prepaidPackages.startDate,
          endDate: prepaidPackages.endDate,
          remainingAtMonthEnd: sql<number>`(${prepaidPackages.remainingAmount} + coalesce(${usedLater.used}, 0))::int`,
        })
        .from(prepaidPackages)
        .leftJoin(usedLater, eq(usedLater.packageId, prepaidPackages.id))
        .where(inArray(prepaidPackages.id, packageIds));
    },

    /**
     * Processes of the company cancelled in this month whose own month had already been issued
     * when they were cancelled: each is corrected once, in the month of its cancellation.
     */
    async corrections(companyId: string, month: string): Promise<CorrectionRow[]> {
      return db
        .select({
          processId: ip.id,
          originalMonth: berlinMonth,
          storeId: ip.storeId,
          storeName: stores.name,
          machineId: ip.machineId,
          licenseId: ip.licenseId,
          systemIntegratorId: licenses.systemIntegratorId,
          postpaid: ip.postpaid,
          packageId: ip.packageId,
          cancelledAt: sql<Date>`${ip.cancelledAt}`.mapWith(ip.cancelledAt),
        })
        .from(ip)
        .innerJoin(stores, eq(stores.id, ip.storeId))
        .innerJoin(licenses, eq(licenses.id, ip.licenseId))
        .innerJoin(
          statements,
          and(
            eq(statements.companyId, ip.companyId),
            eq(statements.month, berlinMonth),
            sql`${statements.issuedAt} < ${ip.cancelledAt}`,
          ),
        )
        .where(
          and(
            eq(ip.companyId, companyId),
            cancelled,
            sql`${ip.cancelledAt} >= ${berlinMidnight(`${month}-01`)}`,
            sql`${ip.cancelledAt} < ${monthEnd(month)}`,
          ),
        )
        .orderBy(asc(ip.cancelledAt), asc(ip.id));
    },

    /** Issues the statement unless the month already is: true when this call issued it. */
    async issue(content: Statement & { issuedAt: string }): Promise<boolean> {
      const inserted = await db
        .insert(statements)
        .values({
          companyId: content.companyId,
          month: content.month,
          issuedAt: new Date(content.issuedAt),
          content,
        })
        .onConflictDoNothing({ target: [statements.companyId, statements.month] })
        .returning({ id: statements.id });
      return inserted.length > 0;
    },

    async find(companyId: string, month: string): Promise<Statement | undefined> {
      const [row] = await db
        .select({ content: statements.content })
        .from(statements)
        .where(and(eq(statements.companyId, companyId), eq(statements.month, month)))
        .limit(1);
      return row?.content;
    },

    /** The company's issued months, newest first. */
    async list(companyId: string, limit: number, offset: number): Promise<StatementListEntry[]> {
      const rows = await db
        .select({ month: statements.month, issuedAt: statements.issuedAt })
        .from(statements)
        .where(eq(statements.companyId, companyId))
        .orderBy(desc(statements.month))
        .limit(limit)
        .offset(offset);
      return rows.map((row) => ({ month: row.month, status: 'issued', issuedAt: row.issuedAt.toISOString() }));
    },

    async countIssued(companyId: string): Promise<number> {
      const [row] = await db.select({ n: count() }).from(statements).where(eq(statements.companyId, companyId));
      return row?.n ?? 0;
    },

    /** Companies with a licence, or with processes in the month: the ones the job issues a statement for. */
    async companiesToIssue(month: string): Promise<string[]> {
      const { rows } = await db.execute<{ company_id: string }>(
        sql`select ${licenses.companyId} as company_id from ${licenses}
            union
            select ${ip.companyId} from ${ip} where ${createdInMonths({ from: month, to: month })}`,
      );
      return rows.map((row) => row.company_id).sort();
    },
  };
}
