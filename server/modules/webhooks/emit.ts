import type { WebhookEventType, WebhookPayload } from '../../../src/domain/webhooks';
import type { DbOrTx } from '../../db/client';
import { webhookDeliveryRepository } from './deliveries.repository';

/**
 * Queues the delivery job of each delivery, in `tx` (and not before `startAfter` when given). The
 * job queue provides it (server/jobs/runtime.ts: the webhook-delivery job); the webhook module
 * takes it as a parameter so that it does not import the jobs that import it.
 */
export type QueueWebhookDeliveries = (deliveryIds: readonly string[], tx: DbOrTx, startAfter?: Date) => Promise<void>;

export interface WebhookEvent<Data extends object = Record<string, unknown>> {
  systemIntegratorId: string;
  type: WebhookEventType;
  data: Data;
}

/**
 * Emits an event to the integrator's active endpoints that subscribed to its type: one delivery
 * row per endpoint and its delivery job, both in the caller's transaction `tx`. So the event is
 * sent exactly when the change that causes it commits; a change rolled back (or refused) sends
 * nothing. Returns the delivery ids.
 */
export async function emitWebhookEvent(
  tx: DbOrTx,
  queue: QueueWebhookDeliveries,
  { systemIntegratorId, type, data }: WebhookEvent<object>,
  now = new Date(),
): Promise<string[]> {
  const repo = webhookDeliveryRepository(tx);
  const endpointIds = await repo.receivers(systemIntegratorId, type);
  if (endpointIds.length === 0) return [];
  const payload: WebhookPayload = { type, timestamp: now.toISOString(), data: { ...data } };
  const ids = await repo.create(endpointIds, payload);
  await queue(ids, tx);
  return ids;
}
