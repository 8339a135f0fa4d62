import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { API_TAG } from '../../lib/api-tags';
import { requireRole } from '../../lib/permissions';
import { errorResponses } from '../../lib/responses';
import { listRetentionRuns } from './retention-run';
import { retentionRunPage, retentionRunQuery } from './retention-run.schemas';

/** GET /api/retention-run (issue 28): the retention job's runs and their counts, SystemAdmin only. */
export async function retentionRunModule(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(
    '/api/retention-run',
    {
      schema: {
        tags: [API_TAG.retention],
        operationId: 'listRetentionRuns',
        summary: 'Datenlöschung: die Löschläufe, neueste zuerst, mit ihren Zahlen je Kategorie',
        querystring: retentionRunQuery,
        response: { 200: retentionRunPage, ...errorResponses },
      },
    },
    async (request) => {
      requireRole(request, ['SystemAdmin']);
      const { pageIndex, pageSize } = request.query;
      const { items, total } = await listRetentionRuns(app.db, { pageIndex, pageSize });
      return { pageIndex, pageSize, totalItemCount: total, items };
    },
  );
}
