import { EARLIEST_PORTAL_MONTH } from '../../../src/domain/dates';
import {
  monthPeriod,
  runningMonth,
  statementForSystemIntegrator,
  sumTotals,
  type Statement,
  type StatementListEntry,
  type SystemIntegratorStatement,
} from '../../../src/domain/statements';
import { addMonths } from '../../../src/domain/usage';
import type { Db } from '../../db/client';
import type { StatementIssuer } from './issue-statement';
import { monthStatements } from './month-statements';
import { monthStatementsRepository } from './month-statements.repository';

/** Whether the integrator has anything of its own in a company's statement: a device or a correction. */
const hasLines = (statement: Statement) => statement.stores.length > 0 || statement.corrections.length > 0;

/**
 * What a system integrator invoices for a month (issue 27, parts 3 and 5): every customer company
 * with a process on one of its licences in the month (or a correction of one), each the company's
 * statement limited to the integrator's licences, so its numbers are the ones the company and the
 * integrator read there; the totals are their sum. Issued for a past month (the latest of the
 * companies' issue times), a preview for the running one.
 */
export async function buildSystemIntegratorStatement(
  issuer: StatementIssuer,
  systemIntegrator: { id: string; name: string },
  month: string,
  now: Date,
): Promise<SystemIntegratorStatement> {
  const companyIds = await monthStatementsRepository(issuer.db).companiesWithProcesses(month, systemIntegrator.id);
  const companies = (await monthStatements(issuer, companyIds, month, now))
    .map((statement) => statementForSystemIntegrator(statement, systemIntegrator.id))
    .filter(hasLines);
  const preview = month === runningMonth(now);
  const issuedAt = preview
    ? null
    : companies.reduce<string | null>(
        (latest, c) => (c.issuedAt && (!latest || c.issuedAt > latest) ? c.issuedAt : latest),
        null,
      );
  return {
    systemIntegratorId: systemIntegrator.id,
    systemIntegratorName: systemIntegrator.name,
    month,
    period: monthPeriod(month),
    status: preview ? 'preview' : 'issued',
    issuedAt,
    companies,
    totals: sumTotals(companies),
  };
}

/** Months from `from` to `to` ("yyyy-MM"), both counted; 0 when `from` is later. */
function monthsFromTo(from: string, to: string): number {
  const index = (month: string) => Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7));
  return Math.max(0, index(to) - index(from) + 1);
}

/**
 * GET /api/system-integrator/{id}/statement: the running month (a preview) first, then every past
 * month back to the one of the integrator's first licence, newest first, paged. A past month's
 * issuedAt is the one its statement answers (the latest of its companies' with something of the
 * integrator's own), null while none is issued.
 */
export async function listSystemIntegratorStatements(
  db: Db,
  systemIntegratorId: string,
  page: { pageIndex: number; pageSize: number },
  now: Date,
): Promise<{ items: StatementListEntry[]; total: number }> {
  const repo = monthStatementsRepository(db);
  const running = runningMonth(now);
  const first = await repo.firstLicenseMonth(systemIntegratorId);
  const earliest = first && first > EARLIEST_PORTAL_MONTH ? first : EARLIEST_PORTAL_MONTH;
  const total = 1 + (first ? monthsFromTo(earliest, addMonths(running, -1)) : 0);
  const start = page.pageIndex * page.pageSize;
  const end = Math.min(total, start + page.pageSize);
  // Entry i is the month i months before the running one.
  const months = Array.from({ length: Math.max(0, end - start) }, (_, k) => addMonths(running, -(start + k)));
  const issuedAt = await repo.integratorIssuedAt(
    systemIntegratorId,
    months.filter((month) => month !== running),
  );
  const items = months.map((month): StatementListEntry =>
    month === running
      ? { month, status: 'preview', issuedAt: null }
      : { month, status: 'issued', issuedAt: issuedAt.get(month) ?? null },
  );
  return { items, total };
}
