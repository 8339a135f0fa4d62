import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pagedResult, pagedResultSchema, pagingQuerySchema } from '../../lib/paging';
import { requireRole } from '../../lib/permissions';
import { errorResponses } from '../../lib/responses';

export const openApplicationListQuery = pagingQuerySchema(['lastModifiedAt', 'companyName', 'lastName', 'email']);

/**
 * GET /api/company-application: the provider's list of open applications. Submitting and
 * confirming applications is issue 3; until an application can exist, the list is truly empty
 * (the dashboard badge reads its totalItemCount).
 */
export async function companyApplicationsModule(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/company-application',
    {
      schema: {
        tags: ['Anträge'],
        querystring: openApplicationListQuery,
        response: { 200: pagedResultSchema(z.object({ id: z.uuid() })), ...errorResponses },
      },
    },
    async (request) => {
      requireRole(request, ['LumioAdmin']);
      return pagedResult(request.query, 0, []);
    },
  );
}
