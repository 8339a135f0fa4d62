import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../config';
import type { Database } from '../db/client';
import type { Mailer } from '../mail/mailer';
import type { QueueWebhookDeliveries } from '../modules/webhooks/emit';
import { createMailOutbox, type MailOutbox } from '../mail/outbox';
import { deriveOutboxKey } from '../mail/outbox-crypto';
import { loadDocumentKey } from '../modules/documents/crypto';
import { ALL_JOBS } from './index';
import type { JobContext } from './job';
import { mailDeliveryJob } from './mail-delivery.job';
import { startJobQueue, type JobQueue } from './queue';
import { webhookDeliveryJob } from './webhook-delivery.job';

export interface JobRuntime {
  queue: JobQueue;
  outbox: MailOutbox;
  queueWebhookDeliveries: QueueWebhookDeliveries;
  /** What the workers' handlers get. */
  context: JobContext;
}

/** The job queue with every job, the mail outbox on it, and the workers' context: one recipe for
 * the API process (server/jobs/plugin.ts) and for `npm run worker` (server/worker.ts). */
export async function createJobRuntime(
  database: Database,
  config: AppConfig,
  log: FastifyBaseLogger,
  mailer: Mailer,
  options: { schedules?: boolean } = {},
): Promise<JobRuntime> {
  const outboxKey = deriveOutboxKey(await loadDocumentKey(config));
  const queue = await startJobQueue(database, config, log, ALL_JOBS, options);
  const outbox = createMailOutbox(
    database.db,
    outboxKey,
    (outboxIds, tx) =>
      queue.sendMany(
        mailDeliveryJob,
        outboxIds.map((outboxId) => ({ outboxId })),
        tx,
      ),
    log,
  );
  const queueWebhookDeliveries: QueueWebhookDeliveries = (deliveryIds, tx, startAfter) =>
    queue.sendMany(
      webhookDeliveryJob,
      deliveryIds.map((deliveryId) => ({ deliveryId })),
      tx,
      startAfter,
    );
  return {
    queue,
    outbox,
    queueWebhookDeliveries,
    context: { db: database.db, config, log, mailer, outboxKey, outbox, queueWebhookDeliveries },
  };
}
