import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { COMPANY_ROLES, type Role } from '../../../src/domain/roles';
import { forbidden, notFound } from '../../errors';
import { pagedResult } from '../../lib/paging';
import { requireRole } from '../../lib/permissions';
import { errorResponses } from '../../lib/responses';
import type { CurrentUser } from '../../plugins/auth';
import { companyRepository } from './companies.repository';
import {
  companyListQuery,
  companyPage,
  companyParams,
  companySchema,
  storeListQuery,
  storePage,
} from './companies.schemas';

const tags = ['Firmen'];
/** LumioAdmin reads every company; company users read their own (spec sections 2 and 6). */
const READERS: readonly Role[] = ['LumioAdmin', ...COMPANY_ROLES];

/** The company a user may read: undefined = all (LumioAdmin); a company user only its own. */
function ownCompanyOf(user: CurrentUser): string | undefined {
  if (user.role === 'LumioAdmin') return undefined;
  if (!user.companyId) throw forbidden();
  return user.companyId;
}

function requireCompanyAccess(user: CurrentUser, companyId: string) {
  const own = ownCompanyOf(user);
  if (own !== undefined && own !== companyId) throw forbidden();
}

/**
 * Companies and their studios (read side): GET /api/company (paged), /api/company/{id} and
 * /api/company/{id}/store (paged). Created by an approved company application.
 */
export async function companiesModule(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const repo = () => companyRepository(app.db);

  api.get(
    '/api/company',
    { schema: { tags, querystring: companyListQuery, response: { 200: companyPage, ...errorResponses } } },
    async (request) => {
      const user = requireRole(request, READERS);
      const { items, total } = await repo().list(request.query, ownCompanyOf(user));
      return pagedResult(request.query, total, items);
    },
  );

  api.get(
    '/api/company/:id',
    { schema: { tags, params: companyParams, response: { 200: companySchema, ...errorResponses } } },
    async (request) => {
      const user = requireRole(request, READERS);
      requireCompanyAccess(user, request.params.id);
      const company = await repo().find(request.params.id);
      if (!company) throw notFound();
      return company;
    },
  );

  api.get(
    '/api/company/:id/store',
    {
      schema: {
        tags,
        params: companyParams,
        querystring: storeListQuery,
        response: { 200: storePage, ...errorResponses },
      },
    },
    async (request) => {
      const user = requireRole(request, READERS);
      requireCompanyAccess(user, request.params.id);
      if (!(await repo().find(request.params.id))) throw notFound();
      const { items, total } = await repo().listStores(request.params.id, request.query);
      return pagedResult(request.query, total, items);
    },
  );
}
