import { z } from 'zod';
import { deliverQueuedMail } from '../mail/outbox-delivery';
import { defineJob } from './job';

/**
 * Retries of one mail: with backoff from MAIL_RETRY_DELAY_SECONDS (default 30 s) doubling up to an
 * hour, 12 retries bridge a relay outage of about six hours before the mail is given up.
 */
export const MAIL_RETRY_LIMIT = 12;
const MAX_RETRY_DELAY_SECONDS = 60 * 60;

/** Delivers one mail of the outbox (server/mail/outbox.ts) to the relay. */
export const mailDeliveryJob = defineJob({
  name: 'mail-delivery',
  payload: z.object({ outboxId: z.uuid() }),
  queue: (config) => ({
    retryLimit: MAIL_RETRY_LIMIT,
    retryDelay: config.mailRetryDelaySeconds,
    retryBackoff: true,
    retryDelayMax: MAX_RETRY_DELAY_SECONDS,
    // The transport's timeouts end a send within 90 s (server/mail/transport.ts), so a claim older
    // than two minutes belongs to a dead worker. A worker that dies during a slow send also stops
    // its heartbeat; either way the queue's monitor (every 15 s, server/jobs/queue.ts) hands the
    // mail to the next retry.
    expireInSeconds: 120,
    heartbeatSeconds: 10,
    notify: true,
  }),
  // A handful of mails at once over the transport's connections; a backlog drains in bursts.
  batchSize: 5,
  handler: (ctx, { outboxId }, attempt) =>
    deliverQueuedMail(ctx, outboxId, { finalAttempt: attempt.retryCount >= MAIL_RETRY_LIMIT }),
});
