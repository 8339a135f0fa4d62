import { and, count, eq, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import type { IdentificationReport, ReportRef } from '../../../src/domain/reports';
import type { DbOrTx } from '../../db/client';
import { planList, type PagingInput } from '../../lib/paging';
import { identificationReports, type IdentificationReportRow } from './reports.table';

/** Whose reports a user sees (server/modules/reports/report-scope.ts): all of them, a company's or an integrator's. */
export interface ReportScope {
  companyId: string | null;
  systemIntegratorId: string | null;
}

export type NewReport = Pick<
  IdentificationReportRow,
  | 'requestedBy'
  | 'scopeCompanyId'
  | 'scopeSystemIntegratorId'
  | 'startDate'
  | 'endDate'
  | 'postPaidOnly'
  | 'companyId'
  | 'companyName'
  | 'systemIntegratorId'
  | 'systemIntegratorName'
  | 'resellerId'
  | 'resellerName'
>;

const r = identificationReports;

function scopeCondition(scope: ReportScope): SQL | undefined {
  return and(
    scope.companyId ? eq(r.scopeCompanyId, scope.companyId) : undefined,
    scope.systemIntegratorId ? eq(r.scopeSystemIntegratorId, scope.systemIntegratorId) : undefined,
  );
}

const ref = (id: string | null, name: string | null): ReportRef | null => (id ? { id, name: name ?? '' } : null);

export function toReport(row: IdentificationReportRow): IdentificationReport {
  return {
    id: row.id,
    lastModified: row.updatedAt.toISOString(),
    startDate: row.startDate,
    endDate: row.endDate,
    postPaidOnly: row.postPaidOnly,
    company: ref(row.companyId, row.companyName),
    systemIntegrator: ref(row.systemIntegratorId, row.systemIntegratorName),
    reseller: ref(row.resellerId, row.resellerName),
    state: row.state,
  };
}

/** The list's sort fields (the API's names) → columns. */
const sortColumns = {
  lastModified: r.updatedAt,
  startDate: r.startDate,
  endDate: r.endDate,
  postPaidOnly: r.postPaidOnly,
  state: r.state,
  'company.name': r.companyName,
  'systemIntegrator.name': r.systemIntegratorName,
  'reseller.name': r.resellerName,
};
export const REPORT_SORT_FIELDS = Object.keys(sortColumns) as [
  keyof typeof sortColumns,
  ...(keyof typeof sortColumns)[],
];

/** Reports (issue 14): the requests, their state and, once Completed, their file's size. */
export function reportRepository(db: DbOrTx) {
  return {
    async insert(values: NewReport): Promise<IdentificationReportRow> {
      const [row] = await db.insert(r).values(values).returning();
      return row;
    },

    /** A page of the scope's reports, newest change first unless sorted otherwise; search over the three names. */
    async list(q: PagingInput, scope: ReportScope) {
      const plan = planList(
        q,
        sortColumns,
        [r.companyName, r.systemIntegratorName, r.resellerName],
        r.id,
        'lastModified desc',
        scopeCondition(scope),
      );
      const rows = await db
        .select()
        .from(r)
        .where(plan.where)
        .orderBy(...plan.orderBy)
        .limit(plan.limit)
        .offset(plan.offset);
      const [{ total }] = await db.select({ total: count() }).from(r).where(plan.where);
      return { items: rows.map(toReport), total };
    },

    /** The report, if it is in the scope: another scope's reads like an unknown one. */
    async findInScope(id: string, scope: ReportScope): Promise<IdentificationReportRow | undefined> {
      const [row] = await db
        .select()
        .from(r)
        .where(and(eq(r.id, id), scopeCondition(scope)))
        .limit(1);
      return row;
    },

    async find(id: string): Promise<IdentificationReportRow | undefined> {
      const [row] = await db.select().from(r).where(eq(r.id, id)).limit(1);
      return row;
    },

    /**
     * An attempt of the job takes the report: Pending (or InProgress, after a killed attempt)
     * becomes InProgress. Undefined when there is nothing to build (done, failed or deleted).
     */
    async start(id: string): Promise<IdentificationReportRow | undefined> {
      const [row] = await db
        .update(r)
        .set({ state: 'InProgress', updatedAt: sql`now()` })
        .where(and(eq(r.id, id), inArray(r.state, ['Pending', 'InProgress'])))
        .returning();
      return row;
    },

    /**
     * InProgress → Completed with the file's attempt and figures; undefined when the report is gone
     * or no longer in progress.
     */
    async complete(
      id: string,
      file: { attempt: string; size: number; processCount: number },
    ): Promise<IdentificationReportRow | undefined> {
      const [row] = await db
        .update(r)
        .set({
          state: 'Completed',
          fileAttempt: file.attempt,
          fileSize: file.size,
          processCount: file.processCount,
          updatedAt: sql`now()`,
          completedAt: sql`now()`,
        })
        .where(and(eq(r.id, id), eq(r.state, 'InProgress')))
        .returning();
      return row;
    },

    /** The job gave up: an unfinished report becomes Failed (a Completed one stays as it is). */
    async fail(id: string): Promise<boolean> {
      const rows = await db
        .update(r)
        .set({ state: 'Failed', updatedAt: sql`now()` })
        .where(and(eq(r.id, id), inArray(r.state, ['Pending', 'InProgress'])))
        .returning({ id: r.id });
      return rows.length > 0;
    },

    /** Deletes the reports last changed before `before`, whatever their state; answers their ids. */
    async deleteChangedBefore(before: Date): Promise<string[]> {
      const rows = await db.delete(r).where(lt(r.updatedAt, before)).returning({ id: r.id });
      return rows.map((row) => row.id);
    },

    /** The unfinished reports (the dead-letter check and tests). */
    async unfinished(): Promise<IdentificationReportRow[]> {
      return db
        .select()
        .from(r)
        .where(or(eq(r.state, 'Pending'), eq(r.state, 'InProgress')));
    },
  };
}
