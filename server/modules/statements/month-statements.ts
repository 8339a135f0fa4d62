import { runningMonth, type Statement } from '../../../src/domain/statements';
import { issueStatement, type StatementIssuer } from './issue-statement';
import { monthStatementsRepository } from './month-statements.repository';
import { buildStatement } from './statement-builder';

const byGerman = new Intl.Collator('de');

/** Statements by company name (German order), then id: the order the integrator and the export show. */
export function byCompanyName(a: Statement, b: Statement): number {
  return byGerman.compare(a.company.name, b.company.name) || a.companyId.localeCompare(b.companyId);
}

/**
 * The month's statements of these companies, each exactly as GET /api/company/{id}/statement/{month}
 * answers it (statement-access.ts, companyStatement): the running month built as a preview, once
 * per company; a past month read in one query, and only the statements the job has not issued yet
 * issued here (one transaction each, the job's ON CONFLICT insert, so never twice).
 */
export async function monthStatements(
  issuer: StatementIssuer,
  companyIds: readonly string[],
  month: string,
  now: Date,
): Promise<Statement[]> {
  const result: Statement[] = [];
  if (month === runningMonth(now)) {
    // One company after the other: a request must not take every pooled connection.
    for (const companyId of companyIds) {
      result.push(await buildStatement(issuer.db, companyId, month, { status: 'preview' }));
    }
    return result.sort(byCompanyName);
  }
  const issued = await monthStatementsRepository(issuer.db).issued(companyIds, month);
  const found = new Set(issued.map((statement) => statement.companyId));
  result.push(...issued);
  for (const companyId of companyIds) {
    if (found.has(companyId)) continue;
    // Undefined only for a month before the company was registered: it has no statement of it.
    const issuedNow = await issueStatement(issuer, companyId, month, now);
    if (issuedNow) result.push(issuedNow.statement);
  }
  return result.sort(byCompanyName);
}
