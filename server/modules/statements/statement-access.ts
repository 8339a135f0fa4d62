import type { Role } from '../../../src/domain/roles';
import {
  runningMonth,
  statementForSystemIntegrator,
  statementMonthProblem,
  type Statement,
} from '../../../src/domain/statements';
import type { Db } from '../../db/client';
import { ApiError, forbidden, notFound, TRANSPORT_MESSAGES } from '../../errors';
import type { CurrentUser } from '../../plugins/auth';
import { usageRepository } from '../usage/usage.repository';
import { issueStatement, type StatementIssuer } from './issue-statement';
import { buildStatement } from './statement-builder';

/**
 * Who reads a company's statements (issue 27, part 3): its Owner and AccountAdministrator, the
 * SystemIntegratorAdmin of a company it serves (limited to its own licences), and LumioAdmin every
 * company's. Decided below once, for the JSON and the PDF and CSV files alike.
 */
export const STATEMENT_READERS: readonly Role[] = [
  'LumioAdmin',
  'Owner',
  'AccountAdministrator',
  'SystemIntegratorAdmin',
];

/**
 * Whether the user reaches the company's statements: the role (STATEMENT_READERS), then the
 * company as the usage view decides it: its own for Owner and AccountAdministrator, one the
 * integrator serves (a licence of it, or a studio that names it) for a SystemIntegratorAdmin, else
 * 403; an unknown company is 404 to LumioAdmin. Returns the integrator whose licences the
 * statement is limited to, if any.
 */
export async function requireStatementCompany(
  db: Db,
  user: CurrentUser,
  companyId: string,
): Promise<{ systemIntegratorId: string | null }> {
  if (!STATEMENT_READERS.includes(user.role)) throw forbidden();
  if (user.role === 'SystemIntegratorAdmin') {
    const { systemIntegratorId } = user;
    if (!systemIntegratorId || !(await usageRepository(db).integratorServes(systemIntegratorId, companyId))) {
      throw forbidden();
    }
    return { systemIntegratorId };
  }
  if (user.role !== 'LumioAdmin') {
    if (user.companyId !== companyId) throw forbidden();
    return { systemIntegratorId: null };
  }
  if (!(await usageRepository(db).companyExists(companyId))) throw notFound();
  return { systemIntegratorId: null };
}

/** 400 VALIDATION_FAILED for a month without a statement (malformed, before 2000-01, in the future). */
export function requireStatementMonth(month: string, now: Date): void {
  const problem = statementMonthProblem(month, now);
  if (problem) throw new ApiError(400, TRANSPORT_MESSAGES.badRequest, 'VALIDATION_FAILED', [`month: ${problem}`]);
}

/**
 * The company's statement of `month` as it is whole: the running month built as a preview, a past
 * month the issued statement (issued on this call when the job has not yet; 404 for a month before
 * the company was registered).
 */
export async function companyStatement(
  issuer: StatementIssuer,
  companyId: string,
  month: string,
  now: Date,
): Promise<Statement> {
  if (month === runningMonth(now)) return buildStatement(issuer.db, companyId, month, { status: 'preview' });
  const issued = await issueStatement(issuer, companyId, month, now);
  // A month before the company was registered has no statement.
  if (!issued) throw notFound();
  return issued.statement;
}

/**
 * The one rule of who reads which company statement, filtered how: the caller's reach over the
 * company (403/404), the month (400), then the statement, limited to the integrator's own
 * licences' devices and corrections (and their totals) when a SystemIntegratorAdmin or its API
 * client asks. The role itself is the route's check (STATEMENT_READERS).
 */
export async function readableStatement(
  issuer: StatementIssuer,
  user: CurrentUser,
  companyId: string,
  month: string,
  now: Date = new Date(),
): Promise<Statement> {
  const { systemIntegratorId } = await requireStatementCompany(issuer.db, user, companyId);
  requireStatementMonth(month, now);
  const statement = await companyStatement(issuer, companyId, month, now);
  return systemIntegratorId ? statementForSystemIntegrator(statement, systemIntegratorId) : statement;
}
