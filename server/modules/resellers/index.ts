import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { SERVER_MESSAGES } from '../../../src/domain/errorCatalogue';
import type { Role } from '../../../src/domain/roles';
import { ApiError, forbidden, notFound } from '../../errors';
import { pagedResult } from '../../lib/paging';
import { openToApiClients } from '../../plugins/auth';
import { requireRole } from '../../lib/permissions';
import { conflictOn, FOREIGN_KEY_VIOLATION, RESTRICT_VIOLATION, UNIQUE_VIOLATION } from '../../lib/pg-errors';
import { errorResponses } from '../../lib/responses';
import type { CurrentUser } from '../../plugins/auth';
import { recordAudit } from '../audit/audit';
import { systemIntegratorRepository } from '../system-integrators/system-integrators.repository';
import { resellerRepository, type Reseller } from './resellers.repository';
import {
  integratorParams,
  resellerBody,
  resellerListQuery,
  resellerPage,
  resellerParams,
  resellerSchema,
} from './resellers.schemas';
import { API_TAG } from '../../lib/api-tags';

const tags = [API_TAG.resellers];

/** LumioAdmin reads every integrator's resellers (report filters); a SystemIntegratorAdmin its own. */
const READERS: readonly Role[] = ['LumioAdmin', 'SystemIntegratorAdmin'];
/** Only the integrator's own SystemIntegratorAdmin creates, renames and deletes (spec section 2, route reseller). */
const MANAGERS: readonly Role[] = ['SystemIntegratorAdmin'];

/** Refuses (403) a SystemIntegratorAdmin's call about another system integrator. */
function requireIntegratorAccess(user: CurrentUser, systemIntegratorId: string): void {
  if (user.role === 'SystemIntegratorAdmin' && user.systemIntegratorId !== systemIntegratorId) throw forbidden();
}

/** The audit trail's record of a reseller: its name and the integrator it belongs to. */
const audited = (reseller: Reseller, systemIntegratorId: string) => ({ name: reseller.name, systemIntegratorId });

/**
 * A system integrator's resellers: GET/POST /api/system-integrator/{id}/reseller and
 * GET/PUT/DELETE …/reseller/{resellerId}. A reseller of another integrator under the caller's own
 * integrator id is 404, another integrator's id 403. Every change writes an audit row in its
 * transaction (reseller.created, reseller.updated, reseller.deleted).
 */
export async function resellersModule(app: FastifyInstance) {
  // The integrator's back office keeps its resellers (a licence names one) as its admin does.
  openToApiClients(app);
  const api = app.withTypeProvider<ZodTypeProvider>();
  const repo = () => resellerRepository(app.db, app.countCache);

  api.get(
    '/api/system-integrator/:id/reseller',
    {
      schema: {
        tags,
        operationId: 'listResellers',
        summary:
          'Reseller eines System-Integrators (LumioAdmin, dessen SystemIntegratorAdmin): Liste mit Suche, Sortierung und Seiten',
        params: integratorParams,
        querystring: resellerListQuery,
        response: { 200: resellerPage, ...errorResponses },
      },
    },
    async (request) => {
      const user = requireRole(request, READERS);
      requireIntegratorAccess(user, request.params.id);
      if (!(await systemIntegratorRepository(app.db).find(request.params.id))) {
        throw new ApiError(404, SERVER_MESSAGES.unknownSystemIntegrator);
      }
      const { items, total } = await repo().list(request.params.id, request.query);
      return pagedResult(request.query, total, items);
    },
  );

  api.get(
    '/api/system-integrator/:id/reseller/:resellerId',
    {
      schema: {
        tags,
        operationId: 'getReseller',
        summary: 'Ein Reseller (LumioAdmin, SystemIntegratorAdmin des System-Integrators)',
        params: resellerParams,
        response: { 200: resellerSchema, ...errorResponses },
      },
    },
    async (request) => {
      const user = requireRole(request, READERS);
      requireIntegratorAccess(user, request.params.id);
      const found = await repo().find(request.params.id, request.params.resellerId);
      if (!found) throw notFound();
      return found;
    },
  );

  api.post(
    '/api/system-integrator/:id/reseller',
    {
      schema: {
        tags,
        operationId: 'createReseller',
        summary:
          'Reseller anlegen (SystemIntegratorAdmin des System-Integrators); der Name ist je System-Integrator nur einmal vergeben',
        params: integratorParams,
        body: resellerBody,
        response: { 201: resellerSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const user = requireRole(request, MANAGERS);
      const systemIntegratorId = request.params.id;
      requireIntegratorAccess(user, systemIntegratorId);
      const created = await app.db.transaction(async (tx) => {
        const reseller = await resellerRepository(tx).create(systemIntegratorId, request.body.name);
        if (!reseller) throw new ApiError(409, SERVER_MESSAGES.resellerNameAlreadyInUse);
        await recordAudit(tx, user, {
          action: 'reseller.created',
          entityType: 'reseller',
          entityId: reseller.id,
          after: audited(reseller, systemIntegratorId),
        });
        return reseller;
      });
      return reply.code(201).send(created);
    },
  );

  api.put(
    '/api/system-integrator/:id/reseller/:resellerId',
    {
      schema: {
        tags,
        operationId: 'updateReseller',
        summary: 'Reseller umbenennen (SystemIntegratorAdmin des System-Integrators)',
        params: resellerParams,
        body: resellerBody,
        response: { 200: resellerSchema, ...errorResponses },
      },
    },
    async (request) => {
      const user = requireRole(request, MANAGERS);
      const { id: systemIntegratorId, resellerId } = request.params;
      requireIntegratorAccess(user, systemIntegratorId);
      return conflictOn([UNIQUE_VIOLATION], SERVER_MESSAGES.resellerNameAlreadyInUse, () =>
        app.db.transaction(async (tx) => {
          const repo = resellerRepository(tx);
          const before = await repo.lock(systemIntegratorId, resellerId);
          if (!before) throw notFound();
          if (before.name === request.body.name) return before;
          const after = (await repo.rename(systemIntegratorId, resellerId, request.body.name))!;
          await recordAudit(tx, user, {
            action: 'reseller.updated',
            entityType: 'reseller',
            entityId: resellerId,
            before: audited(before, systemIntegratorId),
            after: audited(after, systemIntegratorId),
          });
          return after;
        }),
      );
    },
  );

  api.delete(
    '/api/system-integrator/:id/reseller/:resellerId',
    {
      schema: {
        tags,
        operationId: 'deleteReseller',
        summary:
          'Reseller löschen (SystemIntegratorAdmin des System-Integrators); nicht, solange eine Lizenz ihn nennt',
        params: resellerParams,
        response: { 204: z.null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      const user = requireRole(request, MANAGERS);
      const { id: systemIntegratorId, resellerId } = request.params;
      requireIntegratorAccess(user, systemIntegratorId);
      // A reseller named on a licence stays: issue 13's licences reference resellers with
      // `reseller_id … REFERENCES resellers(id) ON DELETE RESTRICT`, so the DELETE itself fails
      // (SQLSTATE 23001; 23503 for a key left at NO ACTION), also against a licence a concurrent
      // request adds. Any table that references resellers that way is covered without a change here.
      await conflictOn([RESTRICT_VIOLATION, FOREIGN_KEY_VIOLATION], SERVER_MESSAGES.resellerInUse, () =>
        app.db.transaction(async (tx) => {
          const repo = resellerRepository(tx);
          const before = await repo.lock(systemIntegratorId, resellerId);
          if (!before) throw notFound();
          await repo.delete(systemIntegratorId, resellerId);
          await recordAudit(tx, user, {
            action: 'reseller.deleted',
            entityType: 'reseller',
            entityId: resellerId,
            before: audited(before, systemIntegratorId),
          });
        }),
      );
      return reply.code(204).send(null);
    },
  );
}
