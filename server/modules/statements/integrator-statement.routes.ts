import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { SERVER_MESSAGES } from '../../../src/domain/errorCatalogue';
import type { Role } from '../../../src/domain/roles';
import type { SystemIntegratorStatement } from '../../../src/domain/statements';
import { ApiError, forbidden } from '../../errors';
import { API_TAG } from '../../lib/api-tags';
import { requireRole } from '../../lib/permissions';
import { errorResponses } from '../../lib/responses';
import { systemIntegratorRepository } from '../system-integrators/system-integrators.repository';
import { systemIntegratorStatementParams, systemIntegratorStatementSchema } from './statement-access.schemas';
import { requireStatementMonth } from './statement-access';
import { buildSystemIntegratorStatement } from './system-integrator-statement';

/** The integrator's own SystemIntegratorAdmin (and its API clients), and LumioAdmin every integrator's. */
const READERS: readonly Role[] = ['LumioAdmin', 'SystemIntegratorAdmin'];

/**
 * GET /api/system-integrator/{id}/statement/{month} (issue 27, part 5): what the integrator
 * invoices for a month. Another integrator's id is 403 to a SystemIntegratorAdmin, as on the
 * integrator's other routes; an unknown one 404 to LumioAdmin.
 */
export async function integratorStatementRoutes(app: FastifyInstance, opts: { now: () => Date }) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/system-integrator/:id/statement/:month',
    {
      // The integrator's back office invoices from it (docs/integrators.md).
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
      if (user.role === 'SystemIntegratorAdmin' && user.systemIntegratorId !== id) throw forbidden();
      const systemIntegrator = await systemIntegratorRepository(app.db).find(id);
      if (!systemIntegrator) throw new ApiError(404, SERVER_MESSAGES.unknownSystemIntegrator);
      const now = opts.now();
      requireStatementMonth(month, now);
      return buildSystemIntegratorStatement(app.db, systemIntegrator, month, now);
    },
  );
}
