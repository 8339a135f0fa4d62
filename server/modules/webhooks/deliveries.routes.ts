import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { notFound } from '../../errors';
import { pagedResult } from '../../lib/paging';
import { errorResponses } from '../../lib/responses';
import { recordAudit } from '../audit/audit';
import { requireOwnIntegrator } from './access';
import { webhookDeliveryRepository } from './deliveries.repository';
import { testEventPayload } from './events';
import { webhookEndpointRepository } from './webhooks.repository';
import {
  deliveryParams,
  endpointParams,
  webhookDeliveryListQuery,
  webhookDeliveryPage,
  webhookDeliveryQueuedSchema,
} from './webhooks.schemas';

const tags = ['Webhooks'];

/**
 * An endpoint's deliveries, for its integrator's own SystemIntegratorAdmin: the test event
 * ('Testereignis senden'), the delivery log (the newest 100 are kept) and a redelivery ('Erneut
 * senden'). Each queued delivery and its job are written in one transaction with the audit row.
 */
export function webhookDeliveryRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/api/system-integrator/:id/webhook-endpoint/:endpointId/test',
    {
      schema: {
        tags,
        operationId: 'sendWebhookTestEvent',
        summary:
          'Testereignis `webhook.test` an den Empfänger senden, auch wenn er es nicht abonniert hat (SystemIntegratorAdmin des System-Integrators)',
        params: endpointParams,
        response: { 202: webhookDeliveryQueuedSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const user = requireOwnIntegrator(request, request.params.id);
      const { id: systemIntegratorId, endpointId } = request.params;
      const deliveryId = await app.db.transaction(async (tx) => {
        if (!(await webhookEndpointRepository(tx).lock(systemIntegratorId, endpointId))) throw notFound();
        const [id] = await webhookDeliveryRepository(tx).create(
          [endpointId],
          testEventPayload(endpointId, systemIntegratorId),
        );
        await app.queueWebhookDeliveries([id], tx);
        await recordAudit(tx, user, {
          action: 'webhook-endpoint.test-sent',
          entityType: 'webhook-endpoint',
          entityId: endpointId,
          after: { deliveryId: id, systemIntegratorId },
        });
        return id;
      });
      return reply.code(202).send({ deliveryId });
    },
  );

  api.get(
    '/api/system-integrator/:id/webhook-endpoint/:endpointId/delivery',
    {
      schema: {
        tags,
        operationId: 'listWebhookDeliveries',
        summary:
          'Zustellungen an den Empfänger, neueste zuerst; die neuesten 100 werden aufbewahrt (SystemIntegratorAdmin des System-Integrators)',
        params: endpointParams,
        querystring: webhookDeliveryListQuery,
        response: { 200: webhookDeliveryPage, ...errorResponses },
      },
    },
    async (request) => {
      requireOwnIntegrator(request, request.params.id);
      const { id: systemIntegratorId, endpointId } = request.params;
      if (!(await webhookEndpointRepository(app.db).find(systemIntegratorId, endpointId))) throw notFound();
      const { items, total } = await webhookDeliveryRepository(app.db).list(endpointId, request.query);
      return pagedResult(request.query, total, items);
    },
  );

  api.post(
    '/api/system-integrator/:id/webhook-endpoint/:endpointId/delivery/:deliveryId/redeliver',
    {
      schema: {
        tags,
        operationId: 'redeliverWebhookDelivery',
        summary:
          'Zustellung erneut senden: eine neue Zustellung mit derselben `webhook-id` und demselben Inhalt (SystemIntegratorAdmin des System-Integrators)',
        params: deliveryParams,
        response: { 202: webhookDeliveryQueuedSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const user = requireOwnIntegrator(request, request.params.id);
      const { id: systemIntegratorId, endpointId, deliveryId: originalId } = request.params;
      const deliveryId = await app.db.transaction(async (tx) => {
        if (!(await webhookEndpointRepository(tx).lock(systemIntegratorId, endpointId))) throw notFound();
        const repo = webhookDeliveryRepository(tx);
        const original = await repo.find(endpointId, originalId);
        if (!original) throw notFound();
        const [id] = await repo.create([endpointId], original.payload, original.messageId);
        await app.queueWebhookDeliveries([id], tx);
        await recordAudit(tx, user, {
          action: 'webhook-delivery.redelivered',
          entityType: 'webhook-endpoint',
          entityId: endpointId,
          after: { deliveryId: id, redeliveryOf: originalId, messageId: original.messageId, systemIntegratorId },
        });
        return id;
      });
      return reply.code(202).send({ deliveryId });
    },
  );
}
