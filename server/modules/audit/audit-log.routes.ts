import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AUDIT_LOG_READERS } from '../../../src/domain/auditLog';
import { forbidden } from '../../errors';
import { API_TAG } from '../../lib/api-tags';
import { requireRole } from '../../lib/permissions';
import { errorResponses } from '../../lib/responses';
import { auditLogPage, auditLogQuery } from './audit-log.schemas';
import { auditRepository } from './audit.repository';

/**
 * GET /api/audit (issue 28, part 4): the audit rows as one searchable list, read-only (no route
 * changes or deletes a row). LumioAdmin and SystemAdmin read every row; an Owner their company's
 * rows only: naming another company is refused, naming none means their own.
 */
export async function auditLogModule(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/audit',
    {
      schema: {
        tags: [API_TAG.audit],
        operationId: 'listAuditLog',
        summary:
          'Protokoll: Änderungen und Entscheidungen, neueste zuerst, gefiltert nach Zeitraum, Person, Firma, Aktion',
        querystring: auditLogQuery,
        response: { 200: auditLogPage, ...errorResponses },
      },
    },
    async (request) => {
      const user = requireRole(request, AUDIT_LOG_READERS);
      const { pageIndex, pageSize, ...filter } = request.query;
      if (user.role === 'Owner') {
        if (filter.companyId && filter.companyId !== user.companyId) throw forbidden();
        if (!user.companyId) throw forbidden();
        filter.companyId = user.companyId;
      }
      const { items, total } = await auditRepository(app.db).listLog(filter, { pageIndex, pageSize }, user.role);
      return { pageIndex, pageSize, totalItemCount: total, items };
    },
  );
}
