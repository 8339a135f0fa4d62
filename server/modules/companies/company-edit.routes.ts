import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { notFound } from '../../errors';
import { emptyToNull } from '../../lib/field-schema';
import { requireRole } from '../../lib/permissions';
import { errorResponses } from '../../lib/responses';
import { changesOf, recordAudit } from '../audit/audit';
import { auditRepository } from '../audit/audit.repository';
import { historyPage, historyQuery } from '../audit/audit.schemas';
import { requireCompanyAccess, requireOwnerOf } from './access';
import { companyRepository, type Company, type NewCompany } from './companies.repository';
import { companyParams, companySchema, companyUpdateBody } from './companies.schemas';
import { API_TAG } from '../../lib/api-tags';

const tags = [API_TAG.companies];

const fieldsOf = ({ id: _id, ...fields }: Company): NewCompany => fields;

/**
 * The owner's company page: PUT /api/company/{id} (the company fields, Owner of that company
 * only) and GET /api/company/{id}/history (its latest changes, for the Owner and LumioAdmin).
 */
export async function companyEditRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.put(
    '/api/company/:id',
    {
      schema: {
        tags,
        operationId: 'updateCompany',
        summary: 'Firmendaten ändern (Owner der Firma)',
        params: companyParams,
        body: companyUpdateBody,
        response: { 200: companySchema, ...errorResponses },
      },
    },
    async (request) => {
      const user = requireRole(request, ['Owner']);
      requireOwnerOf(user, request.params.id);
      const body = request.body;
      const values: NewCompany = {
        name: body.name,
        legalForm: body.legalForm,
        address: body.address,
        country: body.country,
        phoneNumber: body.phoneNumber,
        phoneNumber2: emptyToNull(body.phoneNumber2),
        website: emptyToNull(body.website),
        memberId: emptyToNull(body.memberId),
      };
      return app.db.transaction(async (tx) => {
        const repo = companyRepository(tx);
        const before = await repo.lock(request.params.id);
        if (!before) throw notFound();
        const after = await repo.update(request.params.id, values);
        // Saving unchanged data is no change and leaves no trace in the history.
        if (changesOf(fieldsOf(before), fieldsOf(after)).length === 0) return after;
        await recordAudit(tx, user, {
          action: 'company.updated',
          entityType: 'company',
          entityId: after.id,
          companyId: after.id,
          before: fieldsOf(before),
          after: fieldsOf(after),
        });
        return after;
      });
    },
  );

  api.get(
    '/api/company/:id/history',
    {
      schema: {
        tags,
        operationId: 'listCompanyHistory',
        summary: 'Letzte Änderungen an der Firma und ihren Studios (LumioAdmin, Owner der Firma)',
        params: companyParams,
        querystring: historyQuery,
        response: { 200: historyPage, ...errorResponses },
      },
    },
    async (request) => {
      const user = requireRole(request, ['LumioAdmin', 'Owner']);
      requireCompanyAccess(user, request.params.id);
      if (!(await companyRepository(app.db).find(request.params.id))) throw notFound();
      const { items, total } = await auditRepository(app.db).listForCompany(
        request.params.id,
        request.query,
        user.role,
      );
      return { pageIndex: request.query.pageIndex, pageSize: request.query.pageSize, totalItemCount: total, items };
    },
  );
}
