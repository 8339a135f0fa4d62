import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { SERVER_MESSAGES } from '../../../src/domain/errorCatalogue';
import { ApiError, forbidden } from '../../errors';
import { errorResponses } from '../../lib/responses';
import { pagedResult } from '../../lib/paging';
import { requireRole } from '../../lib/permissions';
import { systemIntegratorRepository } from './system-integrators.repository';
import {
  createSystemIntegratorBody,
  systemIntegratorListQuery,
  systemIntegratorPage,
  systemIntegratorParams,
  systemIntegratorSchema,
  updateSystemIntegratorBody,
} from './system-integrators.schemas';
import { API_TAG } from '../../lib/api-tags';

const unknownSystemIntegrator = () => new ApiError(404, SERVER_MESSAGES.unknownSystemIntegrator);
const tags = [API_TAG.systemIntegrators];

/**
 * System integrators: SystemAdmin manages them; LumioAdmin reads all; an Owner reads the list for
 * the studio and report dropdowns; a SystemIntegratorAdmin sees only its own one.
 */
export async function systemIntegratorsModule(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const repo = () => systemIntegratorRepository(app.db, app.countCache);

  api.get(
    '/api/system-integrator',
    {
      schema: {
        tags,
        operationId: 'listSystemIntegrators',
        summary:
          'System-Integratoren (SystemAdmin, LumioAdmin, Owner; SystemIntegratorAdmin nur den eigenen): Liste mit Suche, Sortierung und Seiten',
        querystring: systemIntegratorListQuery,
        response: { 200: systemIntegratorPage, ...errorResponses },
      },
    },
    async (request) => {
      const user = requireRole(request, ['SystemAdmin', 'LumioAdmin', 'SystemIntegratorAdmin', 'Owner']);
      const onlyOwn = user.role === 'SystemIntegratorAdmin' ? (user.systemIntegratorId ?? '') : undefined;
      if (onlyOwn === '') throw forbidden();
      const { items, total } = await repo().list(request.query, onlyOwn);
      return pagedResult(request.query, total, items);
    },
  );

  api.get(
    '/api/system-integrator/:id',
    {
      // The integrator's back office reads it too (issue 26, part 3).
      config: { apiClient: true },
      schema: {
        tags,
        operationId: 'getSystemIntegrator',
        summary: 'Ein System-Integrator (SystemAdmin, LumioAdmin; SystemIntegratorAdmin nur den eigenen)',
        params: systemIntegratorParams,
        response: { 200: systemIntegratorSchema, ...errorResponses },
      },
    },
    async (request) => {
      const user = requireRole(request, ['SystemAdmin', 'LumioAdmin', 'SystemIntegratorAdmin']);
      if (user.role === 'SystemIntegratorAdmin' && user.systemIntegratorId !== request.params.id) throw forbidden();
      const found = await repo().find(request.params.id);
      if (!found) throw unknownSystemIntegrator();
      return found;
    },
  );

  api.post(
    '/api/system-integrator',
    {
      schema: {
        tags,
        operationId: 'createSystemIntegrator',
        summary: 'System-Integrator anlegen (SystemAdmin); die Kennung ist danach fest und nur einmal vergeben',
        body: createSystemIntegratorBody,
        response: { 201: systemIntegratorSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      requireRole(request, ['SystemAdmin']);
      const created = await repo().create(request.body);
      if (!created) throw new ApiError(409, SERVER_MESSAGES.codeAlreadyInUse);
      return reply.code(201).send(created);
    },
  );

  api.put(
    '/api/system-integrator/:id',
    {
      schema: {
        tags,
        operationId: 'updateSystemIntegrator',
        summary: 'System-Integrator umbenennen (SystemAdmin)',
        params: systemIntegratorParams,
        body: updateSystemIntegratorBody,
        response: { 200: systemIntegratorSchema, ...errorResponses },
      },
    },
    async (request) => {
      requireRole(request, ['SystemAdmin']);
      const updated = await repo().rename(request.params.id, request.body.name);
      if (!updated) throw unknownSystemIntegrator();
      return updated;
    },
  );
}
