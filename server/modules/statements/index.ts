import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { PagedResult } from '../../../src/domain/paging';
import { runningMonth, type Statement, type StatementListEntry } from '../../../src/domain/statements';
import { API_TAG } from '../../lib/api-tags';
import { pagedResult } from '../../lib/paging';
import { requireRole } from '../../lib/permissions';
import { errorResponses } from '../../lib/responses';
import { integratorStatementRoutes } from './integrator-statement.routes';
import { statementIssuer } from './issue-statement';
import { providerStatementRoutes } from './provider-statement.routes';
import { readableStatement, requireStatementCompany, STATEMENT_READERS } from './statement-access';
import { statementFilesRoutes } from './statement-files.routes';
import { statementsRepository } from './statements.repository';
import {
  statementListParams,
  statementListQuery,
  statementPageSchema,
  statementParams,
  statementSchema,
} from './statements.schemas';

const tags = [API_TAG.statements];

export interface StatementsModuleOptions {
  /** The clock of the running month; tests move it. */
  clock?: () => Date;
}

/**
 * Monthly statements (issue 27): GET /api/company/{id}/statement and …/statement/{month} (with
 * its PDF and CSV, statement-files.routes.ts). The
 * running month is built on each request as a preview and never stored; a past month is read
 * from `statements`, and a past month the job has not issued yet (a company registered this
 * month, a job run still to come on the 1st before 03:00) is issued on that request, with the
 * job's own INSERT … ON CONFLICT DO NOTHING: whoever comes first issues it, both see the same.
 */
export async function statementsModule(app: FastifyInstance, opts: StatementsModuleOptions = {}) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const now = () => opts.clock?.() ?? new Date();

  /**
   * One company's month as the caller may read it (statement-access.ts, readableStatement). The
   * JSON route and the PDF and CSV downloads (statement-files.routes.ts) all answer through it.
   */
  const readCompanyStatement = (request: FastifyRequest, id: string, month: string): Promise<Statement> =>
    readableStatement(statementIssuer(app), requireRole(request, STATEMENT_READERS), id, month, now());

  api.get(
    '/api/company/:id/statement',
    {
      schema: {
        tags,
        summary: 'Monate mit Abrechnung einer Firma: ausgestellte und der laufende (vorläufig), neueste zuerst',
        operationId: 'listCompanyStatements',
        params: statementListParams,
        querystring: statementListQuery,
        response: { 200: statementPageSchema, ...errorResponses },
      },
    },
    async (request): Promise<PagedResult<StatementListEntry>> => {
      const user = requireRole(request, STATEMENT_READERS);
      const { id } = request.params;
      await requireStatementCompany(app.db, user, id);
      const { pageIndex, pageSize } = request.query;
      const repo = statementsRepository(app.db);
      // The list is the running month (a preview, first) followed by the issued months.
      const offset = pageIndex * pageSize;
      const preview: StatementListEntry[] =
        offset === 0 ? [{ month: runningMonth(now()), status: 'preview', issuedAt: null }] : [];
      const [issued, total] = await Promise.all([
        repo.list(id, pageSize - preview.length, Math.max(0, offset - 1)),
        repo.countIssued(id),
      ]);
      return pagedResult({ pageIndex, pageSize }, total + 1, [...preview, ...issued]);
    },
  );

  api.get(
    '/api/company/:id/statement/:month',
    {
      schema: {
        tags,
        summary: 'Monatsabrechnung einer Firma als JSON (laufender Monat vorläufig)',
        operationId: 'getCompanyStatement',
        params: statementParams,
        response: { 200: statementSchema, ...errorResponses },
      },
    },
    async (request): Promise<Statement> => readCompanyStatement(request, request.params.id, request.params.month),
  );

  statementFilesRoutes(app, readCompanyStatement, now);
  // The integrator's statement and the provider's export (statement-access.ts decides the rest).
  await integratorStatementRoutes(app, { now });
  await providerStatementRoutes(app, { now });
}
