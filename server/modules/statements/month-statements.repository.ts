import { and, eq, inArray, min, sql, type SQL } from 'drizzle-orm';
import { CANCEL_WINDOW_MINUTES } from '../../../src/domain/licenses';
import type { Statement } from '../../../src/domain/statements';
import { todayInGermany } from '../../../src/domain/dates';
import { addMonths, monthOf } from '../../../src/domain/usage';
import type { DbOrTx } from '../../db/client';
import { identificationProcesses as ip, licenses } from '../licenses/licenses.table';
import { systemIntegrators } from '../system-integrators/system-integrators.table';
import { berlinMidnight } from '../usage/usage.repository';
import { statements } from './statements.table';

/**
 * The statements of many companies for one month (the integrator's statement and the provider's
 * export, issue 27): which companies have something in the month, and their issued statements in
 * one query.
 */
export function monthStatementsRepository(db: DbOrTx) {
  return {
    /**
     * Companies with a process recorded in the month, or cancelled in it (a correction of an
     * issued month), on the integrator's licences when one is named; the rest have empty
     * statements. A process is cancelled within CANCEL_WINDOW_MINUTES of its recording (the
     * device API), so a cancellation of this month belongs to a process recorded at most that
     * long before the month began: the bound keeps both halves on the created_at indexes.
     */
    async companiesWithProcesses(month: string, systemIntegratorId?: string): Promise<string[]> {
      const start = berlinMidnight(`${month}-01`);
      const end = berlinMidnight(`${addMonths(month, 1)}-01`);
      const cancelledFrom = sql`${start} - make_interval(mins => ${CANCEL_WINDOW_MINUTES})`;
      const ofIntegrator: SQL | undefined = systemIntegratorId
        ? eq(licenses.systemIntegratorId, systemIntegratorId)
        : undefined;
      const rows = await db
        .selectDistinct({ companyId: ip.companyId })
        .from(ip)
        .innerJoin(licenses, eq(licenses.id, ip.licenseId))
        .where(
          and(
            ofIntegrator,
            sql`${ip.createdAt} >= ${cancelledFrom}`,
            sql`${ip.createdAt} < ${end}`,
            sql`(${ip.createdAt} >= ${start} or (${ip.cancelledAt} >= ${start} and ${ip.cancelledAt} < ${end}))`,
          ),
        );
      return rows.map((row) => row.companyId).sort();
    },

    /** The issued statements of the month among these companies (those not issued yet are missing). */
    async issued(companyIds: readonly string[], month: string): Promise<Statement[]> {
      if (companyIds.length === 0) return [];
      const rows = await db
        .select({ content: statements.content })
        .from(statements)
        .where(and(eq(statements.month, month), inArray(statements.companyId, [...companyIds])));
      return rows.map((row) => row.content);
    },

    /** The Berlin month ("yyyy-MM") of the integrator's first licence; undefined without any. */
    async firstLicenseMonth(systemIntegratorId: string): Promise<string | undefined> {
      const [row] = await db
        .select({ first: min(licenses.createdAt) })
        .from(licenses)
        .where(eq(licenses.systemIntegratorId, systemIntegratorId));
      return row?.first ? monthOf(todayInGermany(row.first)) : undefined;
    },

    /**
     * Per month, the latest issue time among the issued statements with something of the
     * integrator's own (a device on its licences or a correction of one): the issuedAt its
     * statement of that month answers (system-integrator-statement.ts).
     */
    async integratorIssuedAt(systemIntegratorId: string, months: readonly string[]): Promise<Map<string, string>> {
      if (months.length === 0) return new Map();
      const own = sql`jsonb_build_object('si', ${systemIntegratorId}::text)`;
      const rows = await db
        .select({
          month: statements.month,
          issuedAt: sql<Date>`max(${statements.issuedAt})`.mapWith(statements.issuedAt),
        })
        .from(statements)
        .where(
          and(
            inArray(statements.month, [...months]),
            inArray(
              statements.companyId,
              db
                .select({ companyId: licenses.companyId })
                .from(licenses)
                .where(eq(licenses.systemIntegratorId, systemIntegratorId)),
            ),
            sql`(jsonb_path_exists(${statements.content}, '$.stores[*].devices[*] ? (@.systemIntegratorId == $si)', ${own})
              or jsonb_path_exists(${statements.content}, '$.corrections[*] ? (@.systemIntegratorId == $si)', ${own}))`,
          ),
        )
        .groupBy(statements.month);
      return new Map(rows.map((row) => [row.month, row.issuedAt.toISOString()]));
    },

    /** Every system integrator's name by id: the export names an integrator a statement does not. */
    async systemIntegratorNames(): Promise<Map<string, string>> {
      const rows = await db.select({ id: systemIntegrators.id, name: systemIntegrators.name }).from(systemIntegrators);
      return new Map(rows.map((row) => [row.id, row.name]));
    },
  };
}
