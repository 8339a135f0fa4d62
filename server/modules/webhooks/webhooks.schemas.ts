import { z } from 'zod';
import { SERVER_MESSAGES } from '../../../src/domain/errorCatalogue';
import { WEBHOOK_EVENT_TYPES } from '../../../src/domain/webhooks';
import { uuidParam } from '../../lib/ids';
import { pagedResultSchema, pagingQuerySchema } from '../../lib/paging';
import { systemIntegratorParams } from '../system-integrators/system-integrators.schemas';

/** An endpoint as the API shows it: never its secret. */
export const webhookEndpointSchema = z
  .object({
    id: z.uuid(),
    url: z.string(),
    events: z.array(z.enum(WEBHOOK_EVENT_TYPES)),
    active: z.boolean(),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
  })
  .meta({ id: 'WebhookEndpoint', description: 'Ein Webhook-Empfänger eines System-Integrators (ohne Geheimnis)' });

/** The answer that creates an endpoint: the only time its secret leaves the server. */
export const createdWebhookEndpointSchema = z
  .object({
    id: z.uuid(),
    secret: z.string().meta({
      description: 'Geheimnis zum Prüfen der Signatur (`whsec_…`, Standard Webhooks); wird nur hier einmal gezeigt',
    }),
    endpoint: webhookEndpointSchema,
  })
  .meta({ id: 'CreatedWebhookEndpoint', description: 'Der angelegte Empfänger und sein Geheimnis' });

export const webhookEndpointPage = pagedResultSchema(webhookEndpointSchema).meta({
  id: 'WebhookEndpointPage',
  description: 'Eine Seite der Webhook-Empfänger',
});

export const webhookEndpointListQuery = pagingQuerySchema(['createdAt']);

/** The system integrator's id, as its own routes check it. */
export const integratorParams = systemIntegratorParams;
export const endpointParams = systemIntegratorParams.extend({
  endpointId: uuidParam(SERVER_MESSAGES.invalidWebhookEndpointId),
});
