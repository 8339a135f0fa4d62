import { z } from 'zod';
import { SERVER_MESSAGES } from '../../../src/domain/errorCatalogue';
import { WEBHOOK_DELIVERY_STATUSES, WEBHOOK_EVENT_TYPES } from '../../../src/domain/webhooks';
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
    failingSince: z.iso.datetime().nullable().meta({
      description: 'Seit wann jede Zustellung scheitert; null, solange Zustellungen gelingen',
    }),
    disabledAt: z.iso.datetime().nullable().meta({
      description: 'Wann Lumio den Empfänger nach drei Tagen ohne erfolgreiche Zustellung abgeschaltet hat; sonst null',
    }),
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

export const deliveryParams = endpointParams.extend({
  deliveryId: uuidParam(SERVER_MESSAGES.invalidWebhookDeliveryId),
});

/** The answer of the test event and of a redelivery: the delivery that was queued. */
export const webhookDeliveryQueuedSchema = z.object({ deliveryId: z.uuid() }).meta({
  id: 'WebhookDeliveryQueued',
  description: 'Die eingeplante Zustellung; ihr Ergebnis zeigt die Liste der Zustellungen',
});

/** One delivery of the delivery log: what was sent when and how the receiver answered (never its body). */
export const webhookDeliverySchema = z
  .object({
    id: z.uuid(),
    messageId: z.string().meta({ description: 'Der Header `webhook-id`; eine erneute Zustellung behält ihn' }),
    eventType: z.string().meta({ description: 'Ereignistyp, z. B. `package.low` oder `webhook.test`' }),
    createdAt: z.iso.datetime(),
    status: z.enum(WEBHOOK_DELIVERY_STATUSES).meta({
      description: 'pending: (erneuter) Versuch steht aus; delivered: Empfänger antwortete 2xx; failed: aufgegeben',
    }),
    attempts: z.number().int(),
    lastAttemptAt: z.iso.datetime().nullable(),
    httpStatus: z.number().int().nullable().meta({ description: 'HTTP-Status der letzten Antwort; null ohne Antwort' }),
    durationMs: z.number().int().nullable().meta({ description: 'Dauer des letzten Versuchs in Millisekunden' }),
    nextAttemptAt: z.iso.datetime().nullable(),
  })
  .meta({ id: 'WebhookDelivery', description: 'Eine Zustellung eines Ereignisses an einen Webhook-Empfänger' });

export const webhookDeliveryPage = pagedResultSchema(webhookDeliverySchema).meta({
  id: 'WebhookDeliveryPage',
  description: 'Eine Seite der Zustellungen eines Webhook-Empfängers, neueste zuerst',
});

export const webhookDeliveryListQuery = pagingQuerySchema(['createdAt']);
