import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { runningMonth } from '../../../src/domain/statements';
import { API_TAG } from '../../lib/api-tags';
import { requireRole } from '../../lib/permissions';
import { errorResponses } from '../../lib/responses';
import { attachmentDisposition } from '../documents/documents.content';
import { statementIssuer } from './issue-statement';
import { monthStatements } from './month-statements';
import { monthStatementsRepository } from './month-statements.repository';
import { providerStatementCsv, providerStatementFileName } from './provider-statement-csv';
import { providerStatementCsvResponse, providerStatementParams } from './statement-access.schemas';
import { requireStatementMonth } from './statement-access';

/**
 * GET /api/statement/{month}/csv (issue 27, part 3): the provider's export for LumioAdmin, built
 * from the companies' statements of the month (issued ones, issued here where the job has not
 * yet; the running month as a preview), so its numbers are theirs.
 */
export async function providerStatementRoutes(app: FastifyInstance, opts: { now: () => Date }) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/statement/:month/csv',
    {
      schema: {
        tags: [API_TAG.statements],
        summary:
          'Anbieter-Abrechnung eines Monats als CSV (LumioAdmin): je Firma und System-Integrator Postpaid, Prepaid-Einheiten, storniert, abrechenbar',
        operationId: 'getProviderStatementCsv',
        params: providerStatementParams,
        response: { 200: providerStatementCsvResponse, ...errorResponses },
      },
    },
    async (request, reply) => {
      requireRole(request, ['LumioAdmin']);
      const { month } = request.params;
      const now = opts.now();
      requireStatementMonth(month, now);
      const repo = monthStatementsRepository(app.db);
      const companyIds = await repo.companiesWithProcesses(month);
      const [statements, names] = await Promise.all([
        monthStatements(statementIssuer(app), companyIds, month, now),
        repo.systemIntegratorNames(),
      ]);
      const status = month === runningMonth(now) ? 'preview' : 'issued';
      return (reply as FastifyReply)
        .type('text/csv; charset=utf-8')
        .header('content-disposition', attachmentDisposition(providerStatementFileName(month)))
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .send(providerStatementCsv(month, status, statements, names));
    },
  );
}
