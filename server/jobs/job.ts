import type { FastifyBaseLogger } from 'fastify';
import type { Queue } from 'pg-boss';
import type { z } from 'zod';
import type { AppConfig } from '../config';
import type { Db } from '../db/client';
import type { Mailer } from '../mail/mailer';
import type { MailOutbox } from '../mail/outbox';
import type { QueueWebhookDeliveries } from '../modules/webhooks/emit';

/** What a job's handler may use; the API process and `npm run worker` build it alike. */
export interface JobContext {
  db: Db;
  config: AppConfig;
  log: FastifyBaseLogger;
  /** The SMTP transport; only the mail delivery job sends. */
  mailer: Mailer;
  /** Key of the mail outbox's sealed messages (server/mail/outbox-crypto.ts). */
  outboxKey: Buffer;
  outbox: MailOutbox;
  /** Queues webhook deliveries (events a job emits, and a delivery's next attempt). */
  queueWebhookDeliveries: QueueWebhookDeliveries;
}

/** Which attempt of a job a handler is running: 0 first, then one more per retry. */
export interface JobAttempt {
  id: string;
  retryCount: number;
  /** Aborted when the worker stops; a long handler should give up at a safe point. */
  signal: AbortSignal;
}

/** The queue's settings: retries, lease, retention (pg-boss queue options). */
export type JobQueueSettings = Omit<Queue, 'name'>;

/**
 * One background job: its queue name, its payload schema, how its queue retries, and its handler.
 * Every job is one file in server/jobs/ and one entry in server/jobs/index.ts.
 */
export interface JobDefinition<Payload> {
  name: string;
  payload: z.ZodType<Payload>;
  queue(config: AppConfig): JobQueueSettings;
  /** A cron expression (Europe/Berlin) for jobs that run on a schedule. */
  schedule?: string;
  /**
   * Jobs a worker claims and runs at once (default 1). While claims come back full the worker
   * claims again without waiting, so a backlog (mails after a relay outage) drains at full speed.
   */
  batchSize?: number;
  /** Queue one run (with the payload {}) whenever a process's workers start. */
  runAtWorkerStart?: boolean;
  handler(ctx: JobContext, payload: Payload, attempt: JobAttempt): Promise<void>;
}

/** A job definition whose payload type is no longer needed (the list of all jobs). */
export interface RegisteredJob {
  name: string;
  queue(config: AppConfig): JobQueueSettings;
  schedule?: string;
  batchSize?: number;
  runAtWorkerStart?: boolean;
  /** Checks the stored payload against the job's schema, then runs the handler. */
  run(ctx: JobContext, data: unknown, attempt: JobAttempt): Promise<void>;
}

export type Job<Payload> = JobDefinition<Payload> & RegisteredJob;

export function defineJob<Payload>(definition: JobDefinition<Payload>): Job<Payload> {
  return {
    ...definition,
    run: (ctx, data, attempt) => definition.handler(ctx, definition.payload.parse(data), attempt),
  };
}
