import type { Db, Tx } from '../../db/client';
import { dataExportRepository } from './data-export.repository';

/** Exports handled per transaction by the purge. */
export const DATA_EXPORT_PURGE_BATCH = 100;

/**
 * Deletes the files of exports that can no longer be downloaded at `now` (ready ones past their
 * expiry, failed ones), batch by batch, each batch one short transaction: the chunks go and the
 * export is marked purged, so a second run (or a second worker at the same time) finds nothing
 * left of them. The export rows stay (that an export was made; the retention job decides about
 * them). Answers how many exports were checked and how many had their file deleted.
 */
export async function purgeExpiredDataExports(
  db: Db,
  now: Date = new Date(),
  { batchSize = DATA_EXPORT_PURGE_BATCH }: { batchSize?: number } = {},
): Promise<{ checked: number; deleted: number }> {
  let checked = 0;
  let deleted = 0;
  for (;;) {
    const batch = await db.transaction((tx) => purgeDataExportBatch(tx, now, batchSize));
    checked += batch.picked;
    deleted += batch.deleted;
    if (batch.picked < batchSize) return { checked, deleted };
  }
}

/**
 * One batch of the purge in the caller's transaction (the retention job's 'dataExports' step):
 * up to `limit` exports picked, their chunks deleted, marked purged.
 */
export async function purgeDataExportBatch(
  tx: Tx,
  now: Date,
  limit: number,
): Promise<{ picked: number; deleted: number }> {
  const repo = dataExportRepository(tx);
  const ids = await repo.toPurge(now, limit);
  const deleted = await repo.deleteChunksOf(ids);
  await repo.markPurged(ids, now);
  return { picked: ids.length, deleted };
}
