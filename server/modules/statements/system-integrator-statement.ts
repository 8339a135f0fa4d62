import {
  monthPeriod,
  runningMonth,
  statementForSystemIntegrator,
  sumTotals,
  type Statement,
  type SystemIntegratorStatement,
} from '../../../src/domain/statements';
import type { Db } from '../../db/client';
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
  db: Db,
  systemIntegrator: { id: string; name: string },
  month: string,
  now: Date,
): Promise<SystemIntegratorStatement> {
  const companyIds = await monthStatementsRepository(db).companiesWithProcesses(month, systemIntegrator.id);
  const companies = (await monthStatements(db, companyIds, month, now))
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
