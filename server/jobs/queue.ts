import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'drizzle-orm';
import { fromDrizzle, fromPglite, PgBoss, type ConstructorOptions } from 'pg-boss';
import type { AppConfig } from '../config';
import type { Database, DbOrTx } from '../db/client';
import type { Job, JobContext, RegisteredJob } from './job';

/** pg-boss keeps its tables in their own schema of the app database. */
export const JOB_SCHEMA = 'pgboss';
/**
 * How often an idle worker looks for due jobs. New jobs also wake it at once (LISTEN/NOTIFY), but
 * a wake-up that arrives while the worker is busy is lost, and retries due later send none, so the
 * poll stays short instead of pg-boss's relaxed 30 s for notified queues.
 */
const POLLING_SECONDS = 2;
/** How long stopping waits for running jobs before it gives up on them (they are retried). */
const GRACEFUL_STOP_MS = 20_000;

/**
 * pg-boss looks up a queue's table in a cache before inserting a job, and reads it from the
 * database on a miss, through its own connection. Inside the caller's transaction on PGlite (one
 * session) that read would wait for the transaction, which waits for the send: a deadlock. Creating
 * or updating a queue drops its cache entry, so it is read back here, outside any transaction (a
 * harmless lookup of a job that does not exist); pg-boss's periodic refresh keeps every queue in it.
 */
async function warmQueueCache(boss: PgBoss, name: string) {
  await boss.getJobById(name, '00000000-0000-0000-0000-000000000000');
}

export interface JobQueue {
  /**
   * Queues a job. With `tx`, the job is written in that transaction: it exists exactly when the
   * change that causes it commits (the mail outbox relies on this).
   */
  send<Payload>(job: Job<Payload>, payload: Payload, tx?: DbOrTx): Promise<void>;
  /** Starts a worker for every job in this process. */
  startWorkers(ctx: JobContext): Promise<void>;
  /** Stops the workers, waits for running jobs (bounded), and lets go of the database. */
  stop(): Promise<void>;
}

function bossOptions(database: Database): ConstructorOptions {
  const common: ConstructorOptions = { schema: JOB_SCHEMA, useListenNotify: true };
  return database.kind === 'pglite'
    ? // PGlite is one session in this process: pg-boss shares it (PGlite serialises every
      // statement and transaction), so the queue works without a socket.
      { ...common, db: fromPglite(database.client), backend: 'pglite' }
    : { ...common, connectionString: database.url, max: 4 };
}

/**
 * The job queue of ARCHITECTURE.md: pg-boss on the app database, so jobs survive restarts and any
 * number of processes share them. Creates or updates every job's queue and schedule at start.
 */
export async function startJobQueue(
  database: Database,
  config: AppConfig,
  log: FastifyBaseLogger,
  jobs: readonly RegisteredJob[],
): Promise<JobQueue> {
  const boss = new PgBoss(bossOptions(database));
  // pg-boss reports failures of its own maintenance here; without a listener they would crash.
  boss.on('error', (err) => log.error({ err }, 'job queue error'));
  boss.on('warning', (warning) => log.warn({ warning }, 'job queue warning'));
  await boss.start();
  for (const job of jobs) {
    const settings = job.queue(config);
    if (await boss.getQueue(job.name)) {
      const { policy: _policy, partition: _partition, deadLetter: _deadLetter, ...updatable } = settings;
      await boss.updateQueue(job.name, updatable);
    } else {
      await boss.createQueue(job.name, settings);
    }
    if (job.schedule) await boss.schedule(job.name, job.schedule, {}, { tz: 'Europe/Berlin' });
    await warmQueueCache(boss, job.name);
  }

  let stopped = false;
  return {
    async send(job, payload, tx) {
      const data = job.payload.parse(payload) as object;
      await boss.send(job.name, data, tx ? { db: fromDrizzle(tx, sql) } : {});
    },

    async startWorkers(ctx) {
      for (const job of jobs) {
        await boss.work(
          job.name,
          { pollingIntervalSeconds: POLLING_SECONDS, notifyPollingIntervalSeconds: POLLING_SECONDS, batchSize: 1 },
          async ([claimed]) => {
            await job.run(ctx, claimed.data, {
              id: claimed.id,
              retryCount: claimed.retryCount,
              signal: claimed.signal,
            });
          },
        );
      }
    },

    async stop() {
      if (stopped) return;
      stopped = true;
      await boss.stop({ graceful: true, timeout: GRACEFUL_STOP_MS, close: true });
    },
  };
}
