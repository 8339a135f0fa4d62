import { Gauge, Registry } from 'prom-client';
import type { Database } from '../db/client';
import type { JobQueue } from '../jobs/queue';
import { withTimeout } from '../lib/timeout';
import { outboxBacklog, type OutboxBacklog } from '../mail/outbox-backlog';
import { registry } from './registry';

/** A scrape waits at most this long for the database; Prometheus's own scrape timeout is 10 s. */
const READ_TIMEOUT_MS = 2_000;

export interface ScrapeSources {
  database: Database;
  queue: Pick<JobQueue, 'depth'>;
}

/**
 * A read that all gauges of one scrape share, bounded by the timeout; undefined when the source did
 * not answer, which lumio_metrics_source_up reports. prom-client starts every collect() of a scrape
 * in one synchronous pass, so a read started in that pass is the scrape's; the next scrape reads anew.
 */
function sharedRead<T>(read: () => Promise<T>): () => Promise<T | undefined> {
  let current: Promise<T | undefined> | undefined;
  return () => {
    if (!current) {
      current = withTimeout(read(), READ_TIMEOUT_MS).catch(() => undefined);
      setImmediate(() => (current = undefined));
    }
    return current;
  };
}

/**
 * The registry a process's /metrics serves: its own counters (registry.ts) and gauges read from the
 * database at scrape time — job queue depth, mail backlog — and from its connection pool. Every
 * process reads the same database values, so dashboards take max() of them over instances, not sum().
 */
export function processMetrics({ database, queue }: ScrapeSources): Registry {
  const local = new Registry();
  const registers = [local];
  const depth = sharedRead(() => queue.depth());
  const backlog = sharedRead<OutboxBacklog>(() => outboxBacklog(database.db));

  new Gauge({
    name: 'lumio_job_queue_jobs',
    help: 'Jobs per queue and state (ready, deferred, active, failed), as pg-boss counted them last (every 15 s)',
    labelNames: ['job', 'state'] as const,
    registers,
    async collect() {
      this.reset();
      for (const q of (await depth()) ?? []) {
        this.set({ job: q.name, state: 'ready' }, q.ready);
        this.set({ job: q.name, state: 'deferred' }, q.deferred);
        this.set({ job: q.name, state: 'active' }, q.active);
        this.set({ job: q.name, state: 'failed' }, q.failed);
      }
    },
  });
  new Gauge({
    name: 'lumio_mail_outbox_backlog',
    help: 'Mails in the outbox waiting for their (next) delivery attempt',
    registers,
    async collect() {
      this.reset();
      const read = await backlog();
      if (read) this.set(read.waiting);
    },
  });
  new Gauge({
    name: 'lumio_mail_outbox_oldest_age_seconds',
    help: 'Age of the oldest mail waiting in the outbox (0 when none waits)',
    registers,
    async collect() {
      this.reset();
      const read = await backlog();
      if (read) this.set(read.oldestAgeSeconds);
    },
  });
  new Gauge({
    name: 'lumio_metrics_source_up',
    help: 'Whether a database value of this scrape could be read in time (1) or not (0)',
    labelNames: ['source'] as const,
    registers,
    async collect() {
      this.set({ source: 'job_queue' }, (await depth()) ? 1 : 0);
      this.set({ source: 'mail_outbox' }, (await backlog()) ? 1 : 0);
    },
  });

  // PGlite is one session inside the process: it has no pool to report.
  if (database.kind === 'postgres') {
    const { pool } = database;
    const poolGauge = (name: string, help: string, value: () => number) =>
      new Gauge({
        name,
        help,
        registers,
        collect() {
          this.set(value());
        },
      });
    poolGauge('lumio_db_pool_connections', 'Open connections of the database pool', () => pool.totalCount);
    poolGauge('lumio_db_pool_idle_connections', 'Idle connections of the database pool', () => pool.idleCount);
    poolGauge('lumio_db_pool_waiting_requests', 'Queries waiting for a free connection', () => pool.waitingCount);
    poolGauge('lumio_db_pool_max_connections', 'Size limit of the database pool', () => pool.options.max ?? 10);
  }
  return Registry.merge([registry, local]);
}
