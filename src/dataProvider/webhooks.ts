import type { Identifier } from 'ra-core';
import type { HttpClient } from './http';
import { resolvePath, routeOf, type ResourceRoute } from './resourcePaths';

/** The delivery backend's answer to a (re)delivery it queued: 202 {deliveryId}. */
export interface QueuedDelivery {
  deliveryId: string;
}

/** The webhook screen's named calls (issue 26, part 4), spread into the data provider. */
export interface WebhookCalls {
  /** POST /system-integrator/{id}/webhook-endpoint/{endpointId}/test: queues the event 'webhook.test'. */
  sendWebhookTest(systemIntegratorId: Identifier, endpointId: Identifier): Promise<QueuedDelivery>;
  /** POST …/{endpointId}/delivery/{deliveryId}/redeliver: sends the same event again as a new delivery. */
  redeliverWebhook(
    systemIntegratorId: Identifier,
    endpointId: Identifier,
    deliveryId: Identifier,
  ): Promise<QueuedDelivery>;
}

export function webhookCalls(request: HttpClient, routes: Record<string, ResourceRoute>): WebhookCalls {
  const endpointPath = (systemIntegratorId: Identifier, endpointId: Identifier) =>
    `${resolvePath(routeOf('webhook-endpoints', routes).path, { systemIntegratorId })}/${encodeURIComponent(String(endpointId))}`;
  return {
    sendWebhookTest(systemIntegratorId, endpointId) {
      return request<QueuedDelivery>('POST', `${endpointPath(systemIntegratorId, endpointId)}/test`);
    },

    redeliverWebhook(systemIntegratorId, endpointId, deliveryId) {
      const path = `${endpointPath(systemIntegratorId, endpointId)}/delivery/${encodeURIComponent(String(deliveryId))}/redeliver`;
      return request<QueuedDelivery>('POST', path);
    },
  };
}
