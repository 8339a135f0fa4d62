import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'drizzle-orm';
import { fromDrizzle, fromPglite, PgBoss, type ConstructorOptions } from 'pg-boss';
import type { AppConfig } from '../config';
import type { Database, DbOrTx } from '../db/client';
import { metrics } from '../metrics/registry';
import type { Job, JobContext, RegisteredJob } from './job';

/** pg-boss keeps its tables in their own schema of the app database. */
export const JOB_SCHEMA = 'pgboss';
/**
 * How often an idle worker looks for due jobs. New jobs also wake it at once (LISTEN/NOTIFY), but
 * a wake-up that arrives while the worker is busy is lost, and retries due later send none, so the
 * poll stays short instead of pg-boss's relaxed 30 s for notified queues.
 */
const POLLING_SECONDS = 2;
/**
 * How long stopping waits for running jobs before it gives up on them (they are retried), unless
 * the stop names its own bound (SHUTDOWN_TIMEOUT_SECONDS, server/lib/graceful-stop.ts).
 */
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
  /** Queues several jobs of one kind in one statement (in `tx`, when given; not due before `startAfter`). */
  sendMany<Payload>(job: Job<Payload>, payloads: readonly Payload[], tx?: DbOrTx, startAfter?: Date): Promise<void>;
  /** Starts a worker for every job in this process. */
  startWorkers(ctx: JobContext): Promise<void>;
  /**
   * Stops the workers and waits for running jobs up to `timeoutMs` (at least a second, pg-boss's
   * floor); pg-boss fails what still runs then, so another worker retries it. Lets go of the database.
   */
  stop(timeoutMs?: number): Promise<void>;
  /** Whether pg-boss runs in this process, and whether this process's workers do (readiness). */
  state(): { started: boolean; workers: boolean };
  /** Jobs per queue and state, as pg-boss's monitor last counted them (every 15 s; the metrics). */
  depth(): Promise<QueueDepth[]>;
}

export interface QueueDepth {
  name: string;
  /** Due now and waiting for a worker. */
  ready: number;
  /** Waiting for a later start (a retry's delay, a scheduled time). */
  deferred: number;
  active: number;
  /** Failed for good and still kept (the queue's retention). */
  failed: number;
}

function bossOptions(database: Database): ConstructorOptions {
  // The monitor finds jobs whose worker died (no heartbeat); pg-boss checks every 60 s by default,
  // which would leave a crashed worker's mails waiting longer than their first retry. The monitor
  // runs inside the supervisor's passes, which also come every 60 s by default: both every 15 s, so
  // a killed worker's report or mail is retried within heartbeat + 15 s (it took up to 80 s).
  const common: ConstructorOptions = {
    schema: JOB_SCHEMA,
    useListenNotify: true,
    monitorIntervalSeconds: 15,
    superviseIntervalSeconds: 15,
  };
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
  options: { schedules?: boolean } = {},
): Promise<JobQueue> {
  const boss = new PgBoss(bossOptions(database));
  let stopped = false;
  // pg-boss reports failures of its own maintenance here; without a listener they would crash.
  // While it stops, a handler that returns after its job was released finds the queue's connection
  // closed: expected, and the job is retried elsewhere, so no error line for the operator.
  boss.on('error', (err) => {
    if (stopped) log.info({ err }, 'job queue error while stopping');
    else log.error({ err }, 'job queue error');
  });
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
    if (job.schedule && options.schedules !== false)
      await boss.schedule(job.name, job.schedule, {}, { tz: 'Europe/Berlin' });
    await warmQueueCache(boss, job.name);
  }

  let workersRunning = false;
  const names = jobs.map((job) => job.name);
  return {
    async send(job, payload, tx) {
      const data = job.payload.parse(payload) as object;
      await boss.send(job.name, data, tx ? { db: fromDrizzle(tx, sql) } : {});
    },

    async sendMany(job, payloads, tx, startAfter) {
      if (payloads.length === 0) return;
      const jobs = payloads.map((payload) => ({
        data: job.payload.parse(payload) as object,
        ...(startAfter ? { startAfter } : {}),
      }));
      await boss.insert(job.name, jobs, tx ? { db: fromDrizzle(tx, sql) } : {});
    },

    async startWorkers(ctx) {
      for (const job of jobs) {
        const options = {
          pollingIntervalSeconds: POLLING_SECONDS,
          notifyPollingIntervalSeconds: POLLING_SECONDS,
          batchSize: job.batchSize ?? 1,
          burstWhenBatchFull: true,
          // Each job of a claim settles on its own: one mail refused by the relay is retried
          // alone, not with the others of its batch (which would send those twice).
          perJobResults: true,
        } as const;
        await boss.work(job.name, options, async (claimed) => {
          const outcomes = await Promise.allSettled(
            claimed.map((c) => {
              const started = performance.now();
              const seconds = () => (performance.now() - started) / 1000;
              return job.run(ctx, c.data, { id: c.id, retryCount: c.retryCount, signal: c.signal }).then(
                () => metrics.jobRun(job.name, 'completed', seconds()),
                (err: unknown) => {
                  metrics.jobRun(job.name, 'failed', seconds());
                  throw err;
                },
              );
            }),
          );
          return outcomes.map((outcome, i) => {
            if (outcome.status === 'fulfilled') return { id: claimed[i].id, status: 'completed' as const };
            // Logged with the safe serializer (unless the handler logged it already); the job itself
            // keeps only the error's class, as a message may carry personal data (a relay quoting
            // the recipient).
            if (!(outcome.reason as { logged?: boolean } | undefined)?.logged) {
              ctx.log.warn({ err: outcome.reason, job: job.name, jobId: claimed[i].id }, 'job failed');
            }
            const type = outcome.reason instanceof Error ? outcome.reason.name : 'Error';
            return { id: claimed[i].id, status: 'failed' as const, output: { error: type } };
          });
        });
        // A stately queue keeps at most one such run waiting, however many processes start.
        if (job.runAtWorkerStart) await boss.send(job.name, {});
      }
      workersRunning = true;
    },

    async stop(timeoutMs = GRACEFUL_STOP_MS) {
      if (stopped) return;
      stopped = true;
      workersRunning = false;
      await boss.stop({ graceful: true, timeout: timeoutMs, close: true });
    },

    state: () => ({ started: !stopped, workers: workersRunning }),

    async depth() {
      const queues = await boss.getQueues(names);
      return queues.map((q) => ({
        name: q.name,
        ready: q.readyCount,
        deferred: q.deferredCount,
        active: q.activeCount,
        failed: q.failedCount,
      }));
    },
  };
}
