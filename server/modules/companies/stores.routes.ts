import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { SERVER_MESSAGES } from '../../../src/domain/errorCatalogue';
import { ApiError, forbidden, notFound } from '../../errors';
import type { DbOrTx } from '../../db/client';
import { requireRole } from '../../lib/permissions';
import { conflictOn, FOREIGN_KEY_VIOLATION, RESTRICT_VIOLATION } from '../../lib/pg-errors';
import { errorResponses } from '../../lib/responses';
import { changesOf, recordAudit } from '../audit/audit';
import { COMPANY_AND_STUDIO_READERS, requireCompanyRead, requireOwnerOf } from './access';
import { companyRepository, type Store } from './companies.repository';
import { storeBody, storeCreated, storeParams, storeSchema, companyParams, type StoreBody } from './companies.schemas';
import { API_TAG } from '../../lib/api-tags';

const tags = [API_TAG.companies];

/** What the audit trail records of a studio. */
const auditedFields = (store: Pick<Store, 'name' | 'address' | 'country' | 'systemIntegratorId'>) => ({
  name: store.name,
  address: store.address,
  country: store.country,
  systemIntegratorId: store.systemIntegratorId,
});

async function requireKnownIntegrator(db: DbOrTx, body: StoreBody): Promise<void> {
  if (body.systemIntegratorId && !(await companyRepository(db).systemIntegratorExists(body.systemIntegratorId))) {
    throw new ApiError(400, SERVER_MESSAGES.invalidSystemIntegratorId, 'VALIDATION_FAILED');
  }
}

/**
 * A company's studios, one at a time (the list is GET /api/company/{id}/store): every company user
 * of the company, LumioAdmin and the SystemIntegratorAdmin serving the studio read one; only the
 * company's Owner adds, changes and deletes. A studio with licences stays: 409 'Store has licenses'.
 */
export async function storesRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/company/:id/store/:storeId',
    {
      // The integrator's back office reads it too (issue 26, part 3).
      config: { apiClient: true },
      schema: {
        tags,
        operationId: 'getStore',
        summary: 'Ein Studio (LumioAdmin, Firmenbenutzer der eigenen Firma)',
        params: storeParams,
        response: { 200: storeSchema, ...errorResponses },
      },
    },
    async (request) => {
      const user = requireRole(request, COMPANY_AND_STUDIO_READERS);
      const scope = await requireCompanyRead(app.db, user, request.params.id);
      const store = await companyRepository(app.db).findStore(request.params.id, request.params.storeId);
      if (!store) throw notFound();
      // A SystemIntegratorAdmin reads the studios its integrator serves, not their neighbours.
      if (scope.kind === 'servedBy' && store.systemIntegratorId !== scope.systemIntegratorId) throw forbidden();
      return store;
    },
  );

  api.post(
    '/api/company/:id/store',
    {
      schema: {
        tags,
        operationId: 'createStore',
        summary: 'Studio anlegen (Owner der Firma)',
        params: companyParams,
        body: storeBody,
        response: { 201: storeCreated, ...errorResponses },
      },
    },
    async (request, reply) => {
      const user = requireRole(request, ['Owner']);
      requireOwnerOf(user, request.params.id);
      const id = await app.db.transaction(async (tx) => {
        const repo = companyRepository(tx);
        if (!(await repo.lock(request.params.id))) throw notFound();
        await requireKnownIntegrator(tx, request.body);
        const created = await repo.createStore(request.params.id, request.body);
        await recordAudit(tx, user, {
          action: 'store.created',
          entityType: 'store',
          entityId: created,
          companyId: request.params.id,
          after: auditedFields(request.body),
        });
        return created;
      });
      return reply.code(201).send({ id });
    },
  );

  api.put(
    '/api/company/:id/store/:storeId',
    {
      schema: {
        tags,
        operationId: 'updateStore',
        summary: 'Studio ändern (Owner der Firma)',
        params: storeParams,
        body: storeBody,
        response: { 200: storeSchema, ...errorResponses },
      },
    },
    async (request) => {
      const user = requireRole(request, ['Owner']);
      requireOwnerOf(user, request.params.id);
      const { id: companyId, storeId } = request.params;
      return app.db.transaction(async (tx) => {
        const repo = companyRepository(tx);
        if (!(await repo.lock(companyId))) throw notFound();
        const before = await repo.findStore(companyId, storeId);
        if (!before) throw notFound();
        await requireKnownIntegrator(tx, request.body);
        await repo.updateStore(companyId, storeId, request.body);
        const after = (await repo.findStore(companyId, storeId))!;
        if (changesOf(auditedFields(before), auditedFields(after)).length > 0) {
          await recordAudit(tx, user, {
            action: 'store.updated',
            entityType: 'store',
            entityId: storeId,
            companyId,
            before: auditedFields(before),
            after: auditedFields(after),
          });
        }
        return after;
      });
    },
  );

  api.delete(
    '/api/company/:id/store/:storeId',
    {
      schema: {
        tags,
        operationId: 'deleteStore',
        summary: 'Studio löschen (Owner der Firma)',
        params: storeParams,
        response: { 204: z.null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      const user = requireRole(request, ['Owner']);
      requireOwnerOf(user, request.params.id);
      const { id: companyId, storeId } = request.params;
      // Licences (and their identification processes) name the studio with ON DELETE RESTRICT:
      // they are kept for years, so the DELETE itself fails (23001), also against a licence that a
      // concurrent request adds, and rolls back the audit row with it.
      await conflictOn([RESTRICT_VIOLATION, FOREIGN_KEY_VIOLATION], SERVER_MESSAGES.storeHasLicenses, () =>
        app.db.transaction(async (tx) => {
          const repo = companyRepository(tx);
          if (!(await repo.lock(companyId))) throw notFound();
          const before = await repo.findStore(companyId, storeId);
          if (!before) throw notFound();
          await repo.deleteStore(companyId, storeId);
          await recordAudit(tx, user, {
            action: 'store.deleted',
            entityType: 'store',
            entityId: storeId,
            companyId,
            before: auditedFields(before),
          });
        }),
      );
      return reply.code(204).send(null);
    },
  );
}
