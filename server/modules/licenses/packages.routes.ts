import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { todayInGermany } from '../../../src/domain/dates';
import { SERVER_MESSAGES } from '../../../src/domain/errorCatalogue';
import { increaseFits, LICENSE_VALIDATION_TEXTS } from '../../../src/domain/licenses';
import { ApiError, notFound, TRANSPORT_MESSAGES } from '../../errors';
import { pagedResult } from '../../lib/paging';
import { requireRole } from '../../lib/permissions';
import { errorResponses } from '../../lib/responses';
import { changesOf, recordAudit } from '../audit/audit';
import { emitLicenseEvent } from '../webhooks/events';
import { auditRepository } from '../audit/audit.repository';
import { historyPage, historyQuery } from '../audit/audit.schemas';
import { LICENSE_MANAGERS, readableLicense, sharedLicenseOf } from './access';
import {
  licenseParams,
  packageCreateBody,
  packageIncreaseBody,
  packageListQuery,
  packagePage,
  packageParams,
  packageSchema,
  packageUpdateBody,
} from './licenses.schemas';
import { packageRepository, toPrepaidPackage, type PackageRecord } from './packages.repository';
import { API_TAG } from '../../lib/api-tags';

const tags = [API_TAG.prepaidPackages];

/** What the audit trail records of a package: everything but its id (the row's entity id). */
const auditedPackage = ({ id: _id, ...record }: PackageRecord) => record;

export interface PackageRoutesOptions {
  /** "Today" of the packages' states (server/app.ts BuildOptions.clock). */
  clock: () => Date;
}

/**
 * A licence's prepaid packages (spec sections 2, 3, 5, 6, 7; dialogs createLicensePackage,
 * updateLicensePackage, increaseLicensePackageAmount). Read like the licence; created, edited and
 * increased by its SystemIntegratorAdmin only. Each change is one transaction: the licence row
 * share-locked, the package row locked, the audit row (package.created, package.updated,
 * package.increased) written with it. amount = used + remaining always holds: the database
 * computes remaining and checks used within amount, only `increase` changes the amount.
 */
export async function packageRoutes(app: FastifyInstance, opts: PackageRoutesOptions) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const today = () => todayInGermany(opts.clock());

  api.get(
    '/api/license/:id/prepaid-package',
    {
      schema: {
        tags,
        summary: 'Vorgangspakete einer Lizenz mit ihrem Zustand am heutigen Tag; Sortierung, Seiten',
        operationId: 'listPrepaidPackages',
        params: licenseParams,
        querystring: packageListQuery,
        response: { 200: packagePage, ...errorResponses },
      },
    },
    async (request) => {
      await readableLicense(app.db, request, request.params.id);
      const { items, total } = await packageRepository(app.db).list(request.params.id, request.query);
      const day = today();
      return pagedResult(
        request.query,
        total,
        items.map((item) => toPrepaidPackage(item, day)),
      );
    },
  );

  api.get(
    '/api/license/:id/prepaid-package/:packageId/history',
    {
      schema: {
        tags,
        summary: 'Änderungen eines Vorgangspakets, neueste zuerst',
        operationId: 'getPrepaidPackageHistory',
        params: packageParams,
        querystring: historyQuery,
        response: { 200: historyPage, ...errorResponses },
      },
    },
    async (request) => {
      const { id, packageId } = request.params;
      await readableLicense(app.db, request, id);
      if (!(await packageRepository(app.db).find(id, packageId))) throw notFound();
      const { items, total } = await auditRepository(app.db).listForEntity('package', packageId, request.query);
      return { pageIndex: request.query.pageIndex, pageSize: request.query.pageSize, totalItemCount: total, items };
    },
  );

  api.post(
    '/api/license/:id/prepaid-package',
    {
      schema: {
        tags,
        summary: 'Vorgangspaket anlegen (SystemIntegratorAdmin): gültig von, gültig bis, Anzahl',
        operationId: 'createPrepaidPackage',
        params: licenseParams,
        body: packageCreateBody,
        response: { 201: packageSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const user = requireRole(request, LICENSE_MANAGERS);
      const created = await app.db.transaction(async (tx) => {
        const license = await sharedLicenseOf(tx, user, request.params.id);
        const row = await packageRepository(tx).create(request.params.id, request.body);
        await emitLicenseEvent(tx, app.queueWebhookDeliveries, row.licenseId, { type: 'package.created', pkg: row });
        await recordAudit(tx, user, {
          action: 'package.created',
          entityType: 'package',
          entityId: row.id,
          companyId: license.companyId,
          after: auditedPackage(row),
        });
        return row;
      });
      return reply.code(201).send(toPrepaidPackage(created, today()));
    },
  );

  api.put(
    '/api/license/:id/prepaid-package/:packageId',
    {
      schema: {
        tags,
        summary:
          'Vorgangspaket ändern (SystemIntegratorAdmin): Daten und Sperre; Anzahl und verbleibende Anzahl nur unverändert',
        operationId: 'updatePrepaidPackage',
        params: packageParams,
        body: packageUpdateBody,
        response: { 200: packageSchema, ...errorResponses },
      },
    },
    async (request) => {
      const user = requireRole(request, LICENSE_MANAGERS);
      const { id, packageId } = request.params;
      const { startDate, endDate, suspended, amount, remainingAmount } = request.body;
      const saved = await app.db.transaction(async (tx) => {
        const license = await sharedLicenseOf(tx, user, id);
        const repo = packageRepository(tx);
        const before = await repo.lock(id, packageId);
        if (!before) throw notFound();
        // The dialog shows the counters read-only; sent along, they must still be the package's.
        const stale =
          (amount !== undefined && amount !== before.amount) ||
          (remainingAmount !== undefined && remainingAmount !== before.remainingAmount);
        if (stale) throw new ApiError(409, SERVER_MESSAGES.prepaidPackageChanged);
        const change = { startDate, endDate, suspended };
        if (changesOf(auditedPackage(before), auditedPackage({ ...before, ...change })).length === 0) return before;
        const after = await repo.update(id, packageId, change);
        await recordAudit(tx, user, {
          action: 'package.updated',
          entityType: 'package',
          entityId: packageId,
          companyId: license.companyId,
          before: auditedPackage(before),
          after: auditedPackage(after),
        });
        return after;
      });
      return toPrepaidPackage(saved, today());
    },
  );

  api.put(
    '/api/license/:id/prepaid-package/:packageId/amount/increase',
    {
      schema: {
        tags,
        summary: 'Anzahl eines Vorgangspakets erhöhen (SystemIntegratorAdmin); die verbleibende Anzahl wächst mit',
        operationId: 'increasePrepaidPackageAmount',
        params: packageParams,
        body: packageIncreaseBody,
        response: { 200: packageSchema, ...errorResponses },
      },
    },
    async (request) => {
      const user = requireRole(request, LICENSE_MANAGERS);
      const { id, packageId } = request.params;
      const by = request.body.amount;
      const increased = await app.db.transaction(async (tx) => {
        const license = await sharedLicenseOf(tx, user, id);
        const repo = packageRepository(tx);
        const before = await repo.lock(id, packageId);
        if (!before) throw notFound();
        if (!increaseFits(before.amount, by)) {
          const message = `amount: ${LICENSE_VALIDATION_TEXTS.packageTooLarge}`;
          throw new ApiError(400, TRANSPORT_MESSAGES.badRequest, 'VALIDATION_FAILED', [message]);
        }
        const after = await repo.increase(id, packageId, by);
        await emitLicenseEvent(tx, app.queueWebhookDeliveries, id, {
          type: 'package.increased',
          pkg: after,
          previousAmount: before.amount,
        });
        await recordAudit(tx, user, {
          action: 'package.increased',
          entityType: 'package',
          entityId: packageId,
          companyId: license.companyId,
          before: auditedPackage(before),
          after: auditedPackage(after),
        });
        return after;
      });
      return toPrepaidPackage(increased, today());
    },
  );
}
