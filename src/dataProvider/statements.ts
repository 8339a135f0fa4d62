import type { Identifier } from 'ra-core';
import type { StatementFileFormat } from '../domain/statementFormat';
import type { Statement, SystemIntegratorStatement } from '../domain/statements';
import type { DownloadedFile, HttpClient } from './http';
import { resolvePath, routeOf, type ResourceRoute } from './resourcePaths';

/**
 * The statement screens' named calls (issue 27, part 3), spread into the data provider. The list
 * of a company's months is the resource 'company-statements' (a LumioList); the paths are the
 * issue's, fixed for clients. Downloads carry the bearer token, so they are fetched as files.
 */
export interface StatementCalls {
  /** GET /company/{id}/statement/{month}: the month's statement (the running month as a preview). */
  getCompanyStatement(companyId: Identifier, month: string): Promise<Statement>;
  /** GET /company/{id}/statement/{month}/pdf|csv. */
  downloadCompanyStatement(companyId: Identifier, month: string, format: StatementFileFormat): Promise<DownloadedFile>;
  /** GET /system-integrator/{id}/statement/{month}: what the integrator invoices for the month. */
  getSystemIntegratorStatement(systemIntegratorId: Identifier, month: string): Promise<SystemIntegratorStatement>;
  /** GET /system-integrator/{id}/statement/{month}/pdf|csv. */
  downloadSystemIntegratorStatement(
    systemIntegratorId: Identifier,
    month: string,
    format: StatementFileFormat,
  ): Promise<DownloadedFile>;
  /** GET /statement/{month}/csv: the provider export of every company's billable processes (LumioAdmin). */
  downloadStatementExport(month: string): Promise<DownloadedFile>;
}

const segment = (value: Identifier) => encodeURIComponent(String(value));

export function statementCalls(request: HttpClient, routes: Record<string, ResourceRoute>): StatementCalls {
  const companyMonth = (companyId: Identifier, month: string) =>
    `${resolvePath(routeOf('company-statements', routes).path, { companyId })}/${segment(month)}`;
  const integratorMonth = (systemIntegratorId: Identifier, month: string) =>
    `${routeOf('system-integrators', routes).path}/${segment(systemIntegratorId)}/statement/${segment(month)}`;
  const file = (path: string) => request<DownloadedFile>('GET', path, { responseType: 'file' });
  return {
    getCompanyStatement(companyId, month) {
      return request<Statement>('GET', companyMonth(companyId, month));
    },
    downloadCompanyStatement(companyId, month, format) {
      return file(`${companyMonth(companyId, month)}/${format}`);
    },
    getSystemIntegratorStatement(systemIntegratorId, month) {
      return request<SystemIntegratorStatement>('GET', integratorMonth(systemIntegratorId, month));
    },
    downloadSystemIntegratorStatement(systemIntegratorId, month, format) {
      return file(`${integratorMonth(systemIntegratorId, month)}/${format}`);
    },
    downloadStatementExport(month) {
      return file(`/statement/${segment(month)}/csv`);
    },
  };
}
