import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AUDIT_LOG_READERS, type AuditLogFilter } from '../../../src/domain/auditLog';
import { todayInGermany } from '../../../src/domain/dates';
import { forbidden } from '../../errors';
import { API_TAG } from '../../lib/api-tags';
import { requireRole } from '../../lib/permissions';
import { errorResponses } from '../../lib/responses';
import type { CurrentUser } from '../../plugins/auth';
import { attachmentDisposition } from '../documents/documents.content';
import { auditLogCsv } from './audit-log-csv';
import { auditLogCsvQuery, auditLogPage, auditLogQuery } from './audit-log.schemas';
import { auditRepository } from './audit.repository';

/**
 * GET /api/audit and GET /api/audit/csv (issue 28, part 4): the audit rows as one searchable list
 * and as a file with the same filters, read-only (no route changes or deletes a row). LumioAdmin and SystemAdmin read every row; an Owner their company's
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
      const { items, total } = await auditRepository(app.db).listLog(
        readableFilter(user, filter),
        { pageIndex, pageSize },
        user.role,
      );
      return { pageIndex, pageSize, totalItemCount: total, items };
    },
  );

  api.get(
    '/api/audit/csv',
    {
      schema: {
        tags: [API_TAG.audit],
        operationId: 'exportAuditLogCsv',
        summary: 'Protokoll als CSV: alle Zeilen zu den Filtern, neueste zuerst (UTF-8 mit BOM, Semikolon)',
        querystring: auditLogCsvQuery,
        response: {
          200: {
            description: 'Das Protokoll als CSV, als Anhang (Content-Disposition)',
            content: { 'text/csv': { schema: z.string().meta({ format: 'binary' }) } },
          },
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      const user = requireRole(request, AUDIT_LOG_READERS);
      const filter = readableFilter(user, request.query);
      // The schema's 200 is a file; Fastify's typed reply knows only the JSON bodies.
      return (reply as FastifyReply)
        .type('text/csv; charset=utf-8')
        .header('content-disposition', attachmentDisposition(`Lumio-Protokoll-${todayInGermany()}.csv`))
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .send(auditLogCsv(app.db, filter, user.role, request.log));
    },
  );
}

/** The filter as the reader may apply it: an Owner's is always their own company (another one 403). */
function readableFilter(user: CurrentUser, filter: AuditLogFilter): AuditLogFilter {
  if (user.role !== 'Owner') return filter;
  if (!user.companyId || (filter.companyId && filter.companyId !== user.companyId)) throw forbidden();
  return { ...filter, companyId: user.companyId };
}
