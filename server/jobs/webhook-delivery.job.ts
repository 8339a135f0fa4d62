import { z } from 'zod';
import { deliverWebhook } from '../modules/webhooks/delivery';
import { defineJob } from './job';

/**
 * One attempt of one webhook delivery (server/modules/webhooks/delivery.ts). The waits between
 * attempts (5 s up to 24 h, for three days) are the domain's and are scheduled by the attempt
 * itself as a new job; the queue's own retries only cover a worker that died or a database error
 * while recording, so they are few and quick.
 */
export const webhookDeliveryJob = defineJob({
  name: 'webhook-delivery',
  payload: z.object({ deliveryId: z.uuid() }),
  queue: () => ({
    retryLimit: 3,
    retryDelay: 30,
    retryBackoff: true,
    // A receiver has 10 s (plus the name's lookup); a claim older than a minute belongs to a dead worker.
    expireInSeconds: 60,
    notify: true,
  }),
  // Receivers answer slowly, so several at once: one slow receiver does not hold up the others.
  batchSize: 5,
  handler: (ctx, { deliveryId }) => deliverWebhook(ctx, deliveryId),
});
