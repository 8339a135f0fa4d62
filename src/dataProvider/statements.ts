import type { Identifier } from 'ra-core';
import type { StatementFileFormat } from '../domain/statementFormat';
import type { DownloadedFile, HttpClient } from './http';
import { resolvePath, routeOf, type ResourceRoute } from './resourcePaths';

/**
 * The statement screens' downloads (issue 27, part 3) and the audit log's CSV (issue 28; one
 * module, as each of its own costs every signed-in page bytes), spread into the data provider. The JSON is
 * read as resources (getList/getOne of 'company-statements' and 'integrator-statements', the month
 * as id); the paths are the issue's, fixed for clients. Downloads carry the bearer token, so they
 * are fetched as files.
 */
export interface StatementCalls {
  /** GET /company/{id}/statement/{month}/pdf|csv. */
  downloadCompanyStatement(companyId: Identifier, month: string, format: StatementFileFormat): Promise<DownloadedFile>;
  /** GET /system-integrator/{id}/statement/{month}/pdf|csv. */
  downloadSystemIntegratorStatement(
    systemIntegratorId: Identifier,
    month: string,
    format: StatementFileFormat,
  ): Promise<DownloadedFile>;
  /** GET /statement/{month}/csv: the provider export of every company's billable processes (LumioAdmin). */
  downloadStatementExport(month: string): Promise<DownloadedFile>;
  /** GET /audit/csv with the audit log's filters (issue 28): the whole log to the filters as CSV. */
  downloadAuditLogCsv(filter: Record<string, string>): Promise<DownloadedFile>;
}

const segment = (value: Identifier) => encodeURIComponent(String(value));

export function statementCalls(request: HttpClient, routes: Record<string, ResourceRoute>): StatementCalls {
  const companyMonth = (companyId: Identifier, month: string) =>
    `${resolvePath(routeOf('company-statements', routes).path, { companyId })}/${segment(month)}`;
  const integratorMonth = (systemIntegratorId: Identifier, month: string) =>
    `${resolvePath(routeOf('integrator-statements', routes).path, { systemIntegratorId })}/${segment(month)}`;
  const file = (path: string) => request<DownloadedFile>('GET', path, { responseType: 'file' });
  return {
    downloadCompanyStatement(companyId, month, format) {
      return file(`${companyMonth(companyId, month)}/${format}`);
    },
    downloadSystemIntegratorStatement(systemIntegratorId, month, format) {
      return file(`${integratorMonth(systemIntegratorId, month)}/${format}`);
    },
    downloadStatementExport(month) {
      return file(`/statement/${segment(month)}/csv`);
    },
    downloadAuditLogCsv(filter) {
      return request<DownloadedFile>('GET', `${routeOf('audit-log', routes).path}/csv`, {
        query: new URLSearchParams(filter),
        responseType: 'file',
      });
    },
  };
}
