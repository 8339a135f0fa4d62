import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { mailOutbox } from './outbox.table';

export interface OutboxBacklog {
  /** Mails waiting for their (next) delivery attempt. */
  waiting: number;
  /** Seconds since the oldest of them was written; 0 when none waits. */
  oldestAgeSeconds: number;
}

/**
 * What the outbox holds back (the metrics, server/metrics/scrape.ts): a count over the outbox's
 * rows, which the cleanup keeps to 30 days of mails (server/jobs/cleanup.job.ts).
 */
export async function outboxBacklog(db: DbOrTx): Promise<OutboxBacklog> {
  const [row] = await db
    .select({
      waiting: sql<number>`count(*)::int`,
      oldestAgeSeconds: sql<number>`coalesce(extract(epoch from now() - min(${mailOutbox.createdAt})), 0)::float8`,
    })
    .from(mailOutbox)
    .where(sql`${mailOutbox.status} = 'queued'`);
  return { waiting: Number(row.waiting), oldestAgeSeconds: Number(row.oldestAgeSeconds) };
}
