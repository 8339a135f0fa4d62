import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../db/client';
import type { JobQueue } from './queue';
import { createJobRuntime } from './runtime';

declare module 'fastify' {
  interface FastifyInstance {
    jobs: JobQueue;
  }
}

/**
 * Decorates `app.jobs` (the queue) and `app.mailOutbox`. With JOB_WORKERS (the default, as under
 * `npm start`) this process also runs the workers, started once every plugin is ready. Closing
 * the app stops them first and waits for running jobs, before the mail transport and the database
 * close (those are onClose hooks; preClose runs before any of them).
 */
export const jobsPlugin = fp(
  async (app: FastifyInstance, opts: { database: Database }) => {
    const log = app.log.child({ module: 'jobs' });
    const runtime = await createJobRuntime(opts.database, app.config, log, app.mailer);
    app.decorate('jobs', runtime.queue);
    app.decorate('mailOutbox', runtime.outbox);
    if (app.config.jobWorkers) app.addHook('onReady', () => runtime.queue.startWorkers(runtime.context));
    app.addHook('preClose', () => runtime.queue.stop());
  },
  { name: 'jobs', dependencies: ['mail'] },
);
