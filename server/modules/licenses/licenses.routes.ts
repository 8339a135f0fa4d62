import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { SERVER_MESSAGES, type ServerMessage } from '../../../src/domain/errorCatalogue';
import { ApiError, forbidden, notFound } from '../../errors';
import { pagedResult } from '../../lib/paging';
import { requireRole } from '../../lib/permissions';
import { errorBodySchema, errorResponses } from '../../lib/responses';
import type { DbOrTx } from '../../db/client';
import { changesOf, recordAudit } from '../audit/audit';
import { emitLicenseEvent } from '../webhooks/events';
import { bindingMachine, recordActivation, requireMachineFree } from './machine-binding';
import { auditRepository } from '../audit/audit.repository';
import { historyPage, historyQuery } from '../audit/audit.schemas';
import { companyRepository } from '../companies/companies.repository';
import { LICENSE_MANAGERS, LICENSE_READERS, licenseScopeOf, readableLicense, requireLicenseAccess } from './access';
import { withUniqueKey } from './license-key';
import { licenseRepository, type LicenseState } from './licenses.repository';
import {
  licenseCreateBody,
  licenseListQuery,
  licensePage,
  licenseParams,
  licenseSchema,
  licenseUpdateBody,
  storeLicenseParams,
} from './licenses.schemas';
import { API_TAG } from '../../lib/api-tags';

const tags = [API_TAG.licenses];

/** What the audit trail records of a licence. */
export const auditedLicense = ({ id: _id, ...state }: LicenseState) => state;

/** A body id that names nothing the caller may use, as a field error: 'storeId: Invalid store id'. */
const invalidId = (field: string, message: ServerMessage) =>
  new ApiError(400, message, 'VALIDATION_FAILED', [`${field}: ${message}`]);

export interface LicenseRoutesOptions {
  /** The time a binding is recorded with (server/app.ts BuildOptions.clock). */
  clock: () => Date;
}

/**
 * Licences (spec sections 2 "Licence screens", 3, 6, 7): the lists, one licence, its history, and
 * the SystemIntegratorAdmin's createLicense and updateLicense. The integrator reaches its own
 * integrator's licences only, LumioAdmin all of them read-only, an Owner its company's read-only;
 * another tenant's licence is 403, an unknown one 404. Changes write audit rows (license.created,
 * license.updated) in their transaction.
 */
export async function licenseRoutes(app: FastifyInstance, opts: LicenseRoutesOptions) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const repo = () => licenseRepository(app.db);

  /** The webhook events of a licence change (issue 26, part 4): suspended or reinstated, bound by hand. */
  async function emitLicenseChangeEvents(
    tx: DbOrTx,
    before: { id: string; suspended: boolean; boundMachineId: string | null },
    after: { suspended: boolean; boundMachineId: string | null },
    at: Date,
  ) {
    const queue = app.queueWebhookDeliveries;
    if (after.suspended !== before.suspended) {
      await emitLicenseEvent(
        tx,
        queue,
        before.id,
        after.suspended
          ? { type: 'license.suspended', suspendedAt: at }
          : { type: 'license.reinstated', reinstatedAt: at },
      );
    }
    if (after.boundMachineId !== null && after.boundMachineId !== before.boundMachineId) {
      await emitLicenseEvent(
        tx,
        queue,
        before.id,
        before.boundMachineId === null
          ? { type: 'license.activated', machineId: after.boundMachineId, activatedAt: at }
          : {
              type: 'license.rebound',
              machineId: after.boundMachineId,
              previousMachineId: before.boundMachineId,
              reboundAt: at,
              forced: false,
            },
      );
    }
  }

  api.get(
    '/api/license',
    {
      schema: {
        tags,
        summary: 'Lizenzen: alle (LumioAdmin), die des eigenen System-Integrators oder der eigenen Firma (Inhaber)',
        operationId: 'listLicenses',
        querystring: licenseListQuery,
        response: { 200: licensePage, ...errorResponses },
      },
    },
    async (request) => {
      const user = requireRole(request, LICENSE_READERS);
      const { items, total } = await repo().list(request.query, licenseScopeOf(user));
      return pagedResult(request.query, total, items);
    },
  );

  api.get(
    '/api/company/:id/store/:storeId/license',
    {
      schema: {
        tags,
        summary: 'Lizenzen eines Studios: Suche über Schlüssel und Geräte-ID, Sortierung, Seiten',
        operationId: 'listStoreLicenses',
        params: storeLicenseParams,
        querystring: licenseListQuery,
        response: { 200: licensePage, ...errorResponses },
      },
    },
    async (request) => {
      const user = requireRole(request, LICENSE_READERS);
      const { id: companyId, storeId } = request.params;
      const scope = licenseScopeOf(user);
      if (scope.companyId && scope.companyId !== companyId) throw forbidden();
      const store = await companyRepository(app.db).findStore(companyId, storeId);
      if (!store) throw notFound();
      // The integrator's licence screens start from the studios it serves.
      if (scope.systemIntegratorId && store.systemIntegratorId !== scope.systemIntegratorId) throw forbidden();
      const { items, total } = await repo().list(request.query, { ...scope, storeId });
      return pagedResult(request.query, total, items);
    },
  );

  api.get(
    '/api/license/:id',
    {
      schema: {
        tags,
        summary: 'Eine Lizenz',
        operationId: 'getLicense',
        params: licenseParams,
        response: { 200: licenseSchema, ...errorResponses },
      },
    },
    async (request) => (await readableLicense(app.db, request, request.params.id)).license,
  );

  api.get(
    '/api/license/:id/history',
    {
      schema: {
        tags,
        summary: 'Änderungen einer Lizenz, neueste zuerst',
        operationId: 'getLicenseHistory',
        params: licenseParams,
        querystring: historyQuery,
        response: { 200: historyPage, ...errorResponses },
      },
    },
    async (request) => {
      await readableLicense(app.db, request, request.params.id);
      const { items, total } = await auditRepository(app.db).listForEntity('license', request.params.id, request.query);
      return { pageIndex: request.query.pageIndex, pageSize: request.query.pageSize, totalItemCount: total, items };
    },
  );

  api.post(
    '/api/license',
    {
      schema: {
        tags,
        summary:
          'Lizenz anlegen (SystemIntegratorAdmin) für ein Studio, das der eigene System-Integrator betreut; der Server erzeugt den Schlüssel',
        operationId: 'createLicense',
        body: licenseCreateBody,
        response: { 201: licenseSchema, ...errorResponses, 503: errorBodySchema },
      },
    },
    async (request, reply) => {
      const user = requireRole(request, LICENSE_MANAGERS);
      const storeId = request.body.storeId.toLowerCase();
      const systemIntegratorId = request.body.systemIntegratorId.toLowerCase();
      const resellerId = request.body.resellerId?.toLowerCase() ?? null;
      if (!user.systemIntegratorId || systemIntegratorId !== user.systemIntegratorId) throw forbidden();
      const id = await app.db.transaction(async (tx) => {
        const repo = licenseRepository(tx);
        const store = await repo.shareStore(storeId);
        if (!store) throw invalidId('storeId', SERVER_MESSAGES.invalidStoreId);
        if (store.systemIntegratorId !== systemIntegratorId) throw forbidden();
        // Another integrator's reseller reads like an unknown one: nothing about it is revealed.
        if (resellerId && !(await repo.shareReseller(systemIntegratorId, resellerId))) {
          throw invalidId('resellerId', SERVER_MESSAGES.invalidResellerId);
        }
        const created = await withUniqueKey((key) =>
          repo.insert(
            {
              key,
              storeId,
              companyId: store.companyId,
              systemIntegratorId,
              resellerId,
              postpaidAllowed: request.body.postpaidAllowed,
              boundMachineId: null,
              suspended: false,
            },
            null,
          ),
        );
        await recordAudit(tx, user, {
          action: 'license.created',
          entityType: 'license',
          entityId: created.id,
          companyId: created.companyId,
          after: auditedLicense(created),
        });
        return created.id;
      });
      return reply.code(201).send((await repo().find(id))!);
    },
  );

  api.put(
    '/api/license/:id',
    {
      schema: {
        tags,
        summary: 'Lizenz ändern (SystemIntegratorAdmin): Postpaid, Geräte-ID (null löst die Bindung), Sperre',
        operationId: 'updateLicense',
        params: licenseParams,
        body: licenseUpdateBody,
        response: { 200: licenseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const user = requireRole(request, LICENSE_MANAGERS);
      const { id } = request.params;
      const change = request.body;
      await bindingMachine(() =>
        app.db.transaction(async (tx) => {
          const repo = licenseRepository(tx);
          const before = await repo.lock(id);
          if (!before) throw notFound();
          requireLicenseAccess(user, before);
          // Saving unchanged data is no change and leaves no trace in the history.
          if (changesOf(auditedLicense(before), auditedLicense({ ...before, ...change })).length === 0) return;
          const rebound = change.boundMachineId !== before.boundMachineId;
          const boundAt = rebound ? (change.boundMachineId === null ? null : opts.clock()) : undefined;
          if (rebound && change.boundMachineId !== null) {
            // Bound by hand: the same rule and the same activation row as the device API's activation.
            const machineId = change.boundMachineId;
            await requireMachineFree(tx, { licenseId: id, systemIntegratorId: before.systemIntegratorId, machineId });
            await recordActivation(tx, {
              licenseId: id,
              machineId,
              replacedMachineId: before.boundMachineId,
              forced: false,
              at: boundAt!,
              actorId: user.id,
            });
          }
          const after = await repo.update(id, change, boundAt);
          await emitLicenseChangeEvents(tx, before, after, boundAt ?? opts.clock());
          await recordAudit(tx, user, {
            action: 'license.updated',
            entityType: 'license',
            entityId: id,
            companyId: before.companyId,
            before: auditedLicense(before),
            after: auditedLicense(after),
          });
        }),
      );
      return (await repo().find(id))!;
    },
  );
}
