import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { SERVER_MESSAGES } from '../../../src/domain/errorCatalogue';
import {
  requiresHttps,
  WEBHOOK_SECRET_PREFIX,
  WEBHOOK_VALIDATION_TEXTS,
  webhookEndpointPayloadSchema,
  type WebhookEndpointPayload,
} from '../../../src/domain/webhooks';
import { ApiError, notFound, TRANSPORT_MESSAGES } from '../../errors';
import { pagedResult } from '../../lib/paging';
import { errorResponses } from '../../lib/responses';
import { openToApiClients } from '../../plugins/auth';
import { recordAudit } from '../audit/audit';
import { systemIntegratorRepository } from '../system-integrators/system-integrators.repository';
import { webhookEndpointRepository, type WebhookEndpoint } from './webhooks.repository';
import {
  createdWebhookEndpointSchema,
  endpointParams,
  integratorParams,
  webhookEndpointListQuery,
  webhookEndpointPage,
  webhookEndpointSchema,
} from './webhooks.schemas';
import { targetCheckFor } from './target-guard';
import { API_TAG } from '../../lib/api-tags';
import { requireOwnIntegrator } from './access';
import { webhookDeliveryRoutes } from './deliveries.routes';
import { devWebhookReceiver } from './dev-receiver';

const tags = [API_TAG.webhooks];

/** Standard Webhooks: `whsec_` + base64 of the key; 24 random bytes, as the specification's examples. */
const newSecret = () => `${WEBHOOK_SECRET_PREFIX}${randomBytes(24).toString('base64')}`;

/** What the audit trail keeps of an endpoint: never its secret. */
const audited = (endpoint: WebhookEndpoint, systemIntegratorId: string) => ({
  url: endpoint.url,
  events: endpoint.events,
  active: endpoint.active,
  systemIntegratorId,
});

/**
 * A system integrator's webhook endpoints: GET/POST /api/system-integrator/{id}/webhook-endpoint
 * and PUT/DELETE …/webhook-endpoint/{endpointId}. The secret is generated here and answered once,
 * by the POST. In production an address that is not public (loopback, private, link-local, or a
 * name resolving to one) is refused with 400 'Webhook target refused' (server-side request
 * forgery; target-guard.ts). Every change writes an audit row in its transaction.
 */
export async function webhooksModule(app: FastifyInstance) {
  // The integrator's back office manages its endpoints too (issue 26, part 3), every route here.
  openToApiClients(app);
  const api = app.withTypeProvider<ZodTypeProvider>();
  const isAllowedTarget = targetCheckFor(app.config);

  /** Refuses (400) an address this installation sends no events to: http in production, a non-public target. */
  async function checkTarget(body: WebhookEndpointPayload): Promise<void> {
    if (requiresHttps(body.url, { allowHttp: !app.config.webhookPublicTargetsOnly })) {
      throw new ApiError(400, TRANSPORT_MESSAGES.badRequest, 'VALIDATION_FAILED', [
        `url: ${WEBHOOK_VALIDATION_TEXTS.urlInvalid}`,
      ]);
    }
    if (!(await isAllowedTarget(new URL(body.url)))) throw new ApiError(400, SERVER_MESSAGES.webhookTargetRefused);
  }

  api.get(
    '/api/system-integrator/:id/webhook-endpoint',
    {
      schema: {
        tags,
        operationId: 'listWebhookEndpoints',
        summary: 'Webhook-Empfänger des eigenen System-Integrators (SystemIntegratorAdmin): Liste ohne Geheimnisse',
        params: integratorParams,
        querystring: webhookEndpointListQuery,
        response: { 200: webhookEndpointPage, ...errorResponses },
      },
    },
    async (request) => {
      requireOwnIntegrator(request, request.params.id);
      const { items, total } = await webhookEndpointRepository(app.db).list(request.params.id, request.query);
      return pagedResult(request.query, total, items);
    },
  );

  api.post(
    '/api/system-integrator/:id/webhook-endpoint',
    {
      schema: {
        tags,
        operationId: 'createWebhookEndpoint',
        summary:
          'Webhook-Empfänger anlegen (SystemIntegratorAdmin des System-Integrators); die Antwort enthält das Geheimnis zum einzigen Mal',
        params: integratorParams,
        body: webhookEndpointPayloadSchema,
        response: { 201: createdWebhookEndpointSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const user = requireOwnIntegrator(request, request.params.id);
      const systemIntegratorId = request.params.id;
      const input = request.body;
      await checkTarget(input);
      if (!(await systemIntegratorRepository(app.db).find(systemIntegratorId))) throw notFound();
      const secret = newSecret();
      const endpoint = await app.db.transaction(async (tx) => {
        const created = await webhookEndpointRepository(tx).create(systemIntegratorId, input, secret);
        await recordAudit(tx, user, {
          action: 'webhook-endpoint.created',
          entityType: 'webhook-endpoint',
          entityId: created.id,
          after: audited(created, systemIntegratorId),
        });
        return created;
      });
      return reply.code(201).send({ id: endpoint.id, secret, endpoint });
    },
  );

  api.put(
    '/api/system-integrator/:id/webhook-endpoint/:endpointId',
    {
      schema: {
        tags,
        operationId: 'updateWebhookEndpoint',
        summary:
          'Webhook-Empfänger ändern: Adresse, Ereignisse, aktiv (SystemIntegratorAdmin des System-Integrators); das Geheimnis bleibt',
        params: endpointParams,
        body: webhookEndpointPayloadSchema,
        response: { 200: webhookEndpointSchema, ...errorResponses },
      },
    },
    async (request) => {
      const user = requireOwnIntegrator(request, request.params.id);
      const { id: systemIntegratorId, endpointId } = request.params;
      const input = request.body;
      await checkTarget(input);
      return app.db.transaction(async (tx) => {
        const repo = webhookEndpointRepository(tx);
        const before = await repo.lock(systemIntegratorId, endpointId);
        if (!before) throw notFound();
        const after = (await repo.update(systemIntegratorId, endpointId, input))!;
        await recordAudit(tx, user, {
          action: 'webhook-endpoint.updated',
          entityType: 'webhook-endpoint',
          entityId: endpointId,
          before: audited(before, systemIntegratorId),
          after: audited(after, systemIntegratorId),
        });
        return after;
      });
    },
  );

  api.delete(
    '/api/system-integrator/:id/webhook-endpoint/:endpointId',
    {
      schema: {
        tags,
        operationId: 'deleteWebhookEndpoint',
        summary: 'Webhook-Empfänger löschen (SystemIntegratorAdmin des System-Integrators)',
        params: endpointParams,
        response: { 204: z.null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      const user = requireOwnIntegrator(request, request.params.id);
      const { id: systemIntegratorId, endpointId } = request.params;
      await app.db.transaction(async (tx) => {
        const repo = webhookEndpointRepository(tx);
        const before = await repo.lock(systemIntegratorId, endpointId);
        if (!before) throw notFound();
        await repo.delete(systemIntegratorId, endpointId);
        await recordAudit(tx, user, {
          action: 'webhook-endpoint.deleted',
          entityType: 'webhook-endpoint',
          entityId: endpointId,
          before: audited(before, systemIntegratorId),
        });
      });
      return reply.code(204).send(null);
    },
  );

  // The test event, the delivery log and redelivery (deliveries.routes.ts).
  webhookDeliveryRoutes(app);
  // Embedded mode's own receiver, to try it all out (never in production); in its own context,
  // as it reads JSON bodies as text.
  if (app.config.devRoutes) await app.register(devWebhookReceiver);
}
