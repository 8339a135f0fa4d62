import type { Identifier } from 'react-admin';

/** A company's months and one month's statement (src/dataProvider/resourcePaths.ts). */
export const COMPANY_STATEMENTS_RESOURCE = 'company-statements';
/** The integrator's statement of a month. */
export const INTEGRATOR_STATEMENTS_RESOURCE = 'integrator-statements';

/**
 * Route statements: statements/{companyId} lists a company's months, statements/{companyId}/{month}
 * shows one; statements/integrator/{month} is the integrator's, statements/export the provider export.
 */
export const STATEMENTS_ROOT = '/statements';
export const INTEGRATOR_STATEMENTS_ROOT = `${STATEMENTS_ROOT}/integrator`;
export const STATEMENT_EXPORT_PATH = `${STATEMENTS_ROOT}/export`;

export const companyStatementsPath = (companyId: Identifier) =>
  `${STATEMENTS_ROOT}/${encodeURIComponent(String(companyId))}`;
export const companyStatementPath = (companyId: Identifier, month: string) =>
  `${companyStatementsPath(companyId)}/${encodeURIComponent(month)}`;
export const integratorStatementPath = (month: string) => `${INTEGRATOR_STATEMENTS_ROOT}/${encodeURIComponent(month)}`;

/** The message namespace of the statement screens. */
export const T = 'app.statements';
