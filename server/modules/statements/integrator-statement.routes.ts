import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { SERVER_MESSAGES } from '../../../src/domain/errorCatalogue';
import type { Role } from '../../../src/domain/roles';
import type { PagedResult } from '../../../src/domain/paging';
import {
  statementFileName,
  type StatementListEntry,
  type SystemIntegratorStatement,
} from '../../../src/domain/statements';
import { ApiError, forbidden } from '../../errors';
import { API_TAG } from '../../lib/api-tags';
import { pagedResult } from '../../lib/paging';
import { requireRole } from '../../lib/permissions';
import type { CurrentUser } from '../../plugins/auth';
import { errorResponses } from '../../lib/responses';
import { systemIntegratorRepository } from '../system-integrators/system-integrators.repository';
import {
  systemIntegratorStatementListParams,
  systemIntegratorStatementParams,
  systemIntegratorStatementSchema,
} from './statement-access.schemas';
import { statementListQuery, statementPageSchema } from './statements.schemas';
import { statementIssuer } from './issue-statement';
import { requireStatementMonth } from './statement-access';
import { systemIntegratorStatementCsv } from './statement-csv';
import { fileResponse, sendFile } from './statement-files.routes';
import { systemIntegratorStatementPdf } from './statement-pdf';
import { buildSystemIntegratorStatement, listSystemIntegratorStatements } from './system-integrator-statement';

/** The integrator's own SystemIntegratorAdmin (and its API clients), and LumioAdmin every integrator's. */
const READERS: readonly Role[] = ['LumioAdmin', 'SystemIntegratorAdmin'];

/**
 * GET /api/system-integrator/{id}/statement/{month} (issue 27, part 5): what the integrator
 * invoices for a month, and GET …/statement, its months. Another integrator's id is 403 to a
 * SystemIntegratorAdmin, as on the integrator's other routes; an unknown one 404 to LumioAdmin.
 * Both are open to the integrator's API clients: its back office invoices from them
 * (docs/integrators.md).
 */
export async function integratorStatementRoutes(app: FastifyInstance, opts: { now: () => Date }) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  async function requireIntegrator(user: CurrentUser, id: string) {
    if (user.role === 'SystemIntegratorAdmin' && user.systemIntegratorId !== id) throw forbidden();
    const systemIntegrator = await systemIntegratorRepository(app.db).find(id);
    if (!systemIntegrator) throw new ApiError(404, SERVER_MESSAGES.unknownSystemIntegrator);
    return systemIntegrator;
  }

  api.get(
    '/api/system-integrator/:id/statement',
    {
      config: { apiClient: true },
      schema: {
        tags: [API_TAG.statements],
        summary:
          'Monate mit Abrechnung eines System-Integrators: der laufende (vorläufig), dann jeder Monat zurück bis zu seiner ersten Lizenz, neueste zuerst',
        operationId: 'listSystemIntegratorStatements',
        params: systemIntegratorStatementListParams,
        querystring: statementListQuery,
        response: { 200: statementPageSchema, ...errorResponses },
      },
    },
    async (request): Promise<PagedResult<StatementListEntry>> => {
      const user = requireRole(request, READERS);
      const systemIntegrator = await requireIntegrator(user, request.params.id);
      const { pageIndex, pageSize } = request.query;
      const { items, total } = await listSystemIntegratorStatements(
        app.db,
        systemIntegrator.id,
        { pageIndex, pageSize },
        opts.now(),
      );
      return pagedResult({ pageIndex, pageSize }, total, items);
    },
  );

  api.get(
    '/api/system-integrator/:id/statement/:month',
    {
      config: { apiClient: true },
      schema: {
        tags: [API_TAG.statements],
        summary:
          'Monatsabrechnung eines System-Integrators als JSON: je Kundenfirma deren Abrechnung, beschränkt auf die eigenen Lizenzen (laufender Monat vorläufig)',
        operationId: 'getSystemIntegratorStatement',
        params: systemIntegratorStatementParams,
        response: { 200: systemIntegratorStatementSchema, ...errorResponses },
      },
    },
    async (request): Promise<SystemIntegratorStatement> => {
      const user = requireRole(request, READERS);
      const { id, month } = request.params;
      return readIntegratorStatement(user, id, month);
    },
  );

  /** The integrator's month as its reader may read it: the JSON route's and the files' one way. */
  async function readIntegratorStatement(user: CurrentUser, id: string, month: string) {
    const systemIntegrator = await requireIntegrator(user, id);
    const now = opts.now();
    requireStatementMonth(month, now);
    return buildSystemIntegratorStatement(statementIssuer(app), systemIntegrator, month, now);
  }

  api.get(
    '/api/system-integrator/:id/statement/:month/pdf',
    {
      config: { apiClient: true },
      schema: {
        tags: [API_TAG.statements],
        summary:
          'Monatsabrechnung eines System-Integrators als PDF: je Kundenfirma ein Abschnitt (laufender Monat vorläufig)',
        operationId: 'getSystemIntegratorStatementPdf',
        params: systemIntegratorStatementParams,
        response: {
          200: fileResponse('application/pdf', 'Die Monatsabrechnung des System-Integrators als PDF (A4), als Anhang'),
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      const statement = await readIntegratorStatement(
        requireRole(request, READERS),
        request.params.id,
        request.params.month,
      );
      const pdf = await systemIntegratorStatementPdf(statement, { now: opts.now() });
      const name = statementFileName(statement.month, statement.systemIntegratorName, 'pdf');
      return sendFile(reply, 'application/pdf', name, pdf);
    },
  );

  api.get(
    '/api/system-integrator/:id/statement/:month/csv',
    {
      config: { apiClient: true },
      schema: {
        tags: [API_TAG.statements],
        summary:
          'Monatsabrechnung eines System-Integrators als CSV: je Kundenfirma, Studio, Gerät und Art eine Zeile (laufender Monat vorläufig)',
        operationId: 'getSystemIntegratorStatementCsv',
        params: systemIntegratorStatementParams,
        response: {
          200: fileResponse(
            'text/csv',
            'Die Monatsabrechnung des System-Integrators als CSV (UTF-8 mit BOM, Semikolon; Firma vorn in jeder Zeile), als Anhang',
          ),
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      const statement = await readIntegratorStatement(
        requireRole(request, READERS),
        request.params.id,
        request.params.month,
      );
      const csv = Buffer.from(systemIntegratorStatementCsv(statement), 'utf8');
      const name = statementFileName(statement.month, statement.systemIntegratorName, 'csv');
      return sendFile(reply, 'text/csv; charset=utf-8', name, csv);
    },
  );
}
