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
    // The transport's timeouts end a send within 90 s (server/mail/transport.ts). A worker that
    // dies mid-send stops its heartbeat, and the mail is retried about half a minute later.
    expireInSeconds: 300,
    heartbeatSeconds: 30,
    notify: true,
  }),
  handler: (ctx, { outboxId }, attempt) =>
    deliverQueuedMail(ctx, outboxId, { finalAttempt: attempt.retryCount >= MAIL_RETRY_LIMIT }),
});
