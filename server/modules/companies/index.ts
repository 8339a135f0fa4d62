import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { notFound } from '../../errors';
import { pagedResult } from '../../lib/paging';
import { requireRole } from '../../lib/permissions';
import { errorResponses } from '../../lib/responses';
import { COMPANY_AND_STUDIO_READERS as READERS, companyReadScopeOf, requireCompanyRead } from './access';
import { companyDeleteRoutes } from './company-delete.routes';
import { companyEditRoutes } from './company-edit.routes';
import { companyRepository } from './companies.repository';
import { storesRoutes } from './stores.routes';
import {
  companyListQuery,
  companyPage,
  companyParams,
  companySchema,
  storeListQuery,
  storePage,
} from './companies.schemas';
import { API_TAG } from '../../lib/api-tags';

const tags = [API_TAG.companies];

/**
 * Companies and their studios: GET /api/company (paged), /api/company/{id} and
 * /api/company/{id}/store (paged) here, for LumioAdmin (all), company users (their own) and a
 * SystemIntegratorAdmin (the companies and studios its integrator serves: the licence screens); the owner's changes in company-edit.routes.ts and
 * stores.routes.ts, the owner's deletion of the company in company-delete.routes.ts. A company is
 * created by an approved company application.
 */
export async function companiesModule(app: FastifyInstance) {
  await app.register(companyEditRoutes);
  await app.register(companyDeleteRoutes);
  await app.register(storesRoutes);
  const api = app.withTypeProvider<ZodTypeProvider>();
  const repo = () => companyRepository(app.db);

  api.get(
    '/api/company',
    {
      // The integrator's back office reads it too (issue 26, part 3).
      config: { apiClient: true },
      schema: {
        tags,
        operationId: 'listCompanies',
        summary: 'Firmen (LumioAdmin alle, Firmenbenutzer die eigene): Liste mit Suche, Sortierung und Seiten',
        querystring: companyListQuery,
        response: { 200: companyPage, ...errorResponses },
      },
    },
    async (request) => {
      const user = requireRole(request, READERS);
      const { items, total } = await repo().list(request.query, companyReadScopeOf(user));
      return pagedResult(request.query, total, items);
    },
  );

  api.get(
    '/api/company/:id',
    {
      // The integrator's back office reads it too (issue 26, part 3).
      config: { apiClient: true },
      schema: {
        tags,
        operationId: 'getCompany',
        summary: 'Eine Firma (LumioAdmin, Firmenbenutzer der eigenen Firma)',
        params: companyParams,
        response: { 200: companySchema, ...errorResponses },
      },
    },
    async (request) => {
      const user = requireRole(request, READERS);
      await requireCompanyRead(app.db, user, request.params.id);
      const company = await repo().find(request.params.id);
      if (!company) throw notFound();
      return company;
    },
  );

  api.get(
    '/api/company/:id/store',
    {
      // The integrator's back office reads it too (issue 26, part 3).
      config: { apiClient: true },
      schema: {
        tags,
        operationId: 'listStores',
        summary:
          'Studios einer Firma (LumioAdmin, Firmenbenutzer der eigenen Firma): Liste mit Suche, Sortierung und Seiten',
        params: companyParams,
        querystring: storeListQuery,
        response: { 200: storePage, ...errorResponses },
      },
    },
    async (request) => {
      const user = requireRole(request, READERS);
      const scope = await requireCompanyRead(app.db, user, request.params.id);
      if (!(await repo().find(request.params.id))) throw notFound();
      const servedBy = scope.kind === 'servedBy' ? scope.systemIntegratorId : undefined;
      const { items, total } = await repo().listStores(request.params.id, request.query, servedBy);
      return pagedResult(request.query, total, items);
    },
  );
}
