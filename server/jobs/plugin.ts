import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../db/client';
import type { QueueWebhookDeliveries } from '../modules/webhooks/emit';
import type { JobQueue } from './queue';
import { createJobRuntime } from './runtime';

declare module 'fastify' {
  interface FastifyInstance {
    jobs: JobQueue;
    /** Queues webhook deliveries in a transaction (server/modules/webhooks/emit.ts). */
    queueWebhookDeliveries: QueueWebhookDeliveries;
  }
}

/**
 * Decorates `app.jobs` (the queue), `app.mailOutbox` and `app.queueWebhookDeliveries`. With JOB_WORKERS (the default, as under
 * `npm start`) this process also runs the workers, started once every plugin is ready. Closing
 * the app stops them first and waits for running jobs, before the mail transport and the database
 * close (those are onClose hooks; preClose runs before any of them). A listening server has
 * finished its requests in flight before it closes the app (server/lib/graceful-stop.ts), so no
 * request's job or mail meets a stopped queue.
 */
export interface JobsPluginOptions {
  database: Database;
  /**
   * Start the workers once the server listens instead of once it is ready. `npm start` does: after
   * a crash a backlog of mails would otherwise compete with the start itself, and the portal
   * should answer first. Apps that are never listened on (tests with inject) start them on ready.
   */
  workersAfterListen?: boolean;
  /** False: the scheduled jobs (cleanup, package notices) are not planned (tests run them themselves). */
  jobSchedules?: boolean;
}

export const jobsPlugin = fp(
  async (app: FastifyInstance, opts: JobsPluginOptions) => {
    const log = app.log.child({ module: 'jobs' });
    const runtime = await createJobRuntime(opts.database, app.config, log, app.mailer, {
      schedules: opts.jobSchedules,
    });
    app.decorate('jobs', runtime.queue);
    app.decorate('mailOutbox', runtime.outbox);
    app.decorate('queueWebhookDeliveries', runtime.queueWebhookDeliveries);
    // Mails committed by a request are dispatched once its answer is out, not while it is awaited.
    app.addHook('onResponse', async () => runtime.outbox.flush());
    if (app.config.jobWorkers) {
      app.addHook(opts.workersAfterListen ? 'onListen' : 'onReady', () => runtime.queue.startWorkers(runtime.context));
    }
    app.addHook('preClose', async () => {
      await runtime.outbox.drain();
      // Within what is left of the stop's bound (SHUTDOWN_TIMEOUT_SECONDS) when one runs.
      await runtime.queue.stop(app.lifecycle.remainingMs());
    });
  },
  { name: 'jobs', dependencies: ['mail', 'lifecycle'] },
);
