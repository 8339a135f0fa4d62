import { addDays } from 'date-fns/addDays';
import { and, desc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import { DATA_EXPORT_RETENTION_DAYS } from '../../../src/domain/dataExport';
import type { DbOrTx } from '../../db/client';
import type { ChunkTable } from '../../lib/chunked-file-store';
import { dataExportFileChunks, dataExports, type DataExportRow } from './data-export.table';

/** The exports' chunk table, for the shared store (server/lib/chunked-file-store.ts). */
export const DATA_EXPORT_CHUNKS: ChunkTable = {
  table: dataExportFileChunks,
  owner: dataExportFileChunks.exportId,
  attempt: dataExportFileChunks.attempt,
  seq: dataExportFileChunks.seq,
  data: dataExportFileChunks.data,
  row: (exportId, attempt, seq, data) => ({ exportId, attempt, seq, data }),
};

const e = dataExports;

/** Exports whose file can no longer be downloaded at `now`: ready ones past expiry, failed ones. */
const purgeDue = (now: Date) =>
  and(isNull(e.purgedAt), or(and(eq(e.status, 'ready'), lt(e.expiresAt, now)), eq(e.status, 'failed')));
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const IN_PREPARATION = ['queued', 'running'] as const;

/** The API's view of an export. */
export function toDataExport(row: DataExportRow) {
  return {
    id: row.id,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    readyAt: row.readyAt?.toISOString() ?? null,
    expiresAt: row.expiresAt?.toISOString() ?? null,
  };
}

export function dataExportRepository(db: DbOrTx) {
  return {
    /**
     * A new export of the user, queued; undefined when one is already in preparation (the partial
     * unique index decides, also between two requests at once).
     */
    async insertQueued(userId: string): Promise<DataExportRow | undefined> {
      const [row] = await db.insert(e).values({ userId }).onConflictDoNothing().returning();
      return row;
    },

    /** The user's export in preparation, if any. */
    async inPreparationOf(userId: string): Promise<DataExportRow | undefined> {
      const [row] = await db
        .select()
        .from(e)
        .where(and(eq(e.userId, userId), inArray(e.status, IN_PREPARATION)))
        .limit(1);
      return row;
    },

    /** The export if it is the user's; anyone else's, and an id that is no UUID, reads as unknown. */
    async findOwn(id: string, userId: string): Promise<DataExportRow | undefined> {
      if (!UUID.test(id)) return undefined;
      const [row] = await db
        .select()
        .from(e)
        .where(and(eq(e.id, id), eq(e.userId, userId)))
        .limit(1);
      return row;
    },

    /** The user's exports, newest first (a handful: one at a time, each asked for by hand). */
    async listOwn(userId: string, limit = 20): Promise<DataExportRow[]> {
      return db.select().from(e).where(eq(e.userId, userId)).orderBy(desc(e.createdAt), desc(e.id)).limit(limit);
    },

    async find(id: string): Promise<DataExportRow | undefined> {
      const [row] = await db.select().from(e).where(eq(e.id, id)).limit(1);
      return row;
    },

    /** queued → running (or running again on a retry); undefined when it is finished or gone. */
    async start(id: string): Promise<DataExportRow | undefined> {
      const [row] = await db
        .update(e)
        .set({ status: 'running' })
        .where(and(eq(e.id, id), inArray(e.status, IN_PREPARATION)))
        .returning();
      return row;
    },

    /** running → ready with the file's attempt, downloadable for DATA_EXPORT_RETENTION_DAYS from `now`. */
    async complete(id: string, file: { attempt: string; size: number }, now: Date): Promise<DataExportRow | undefined> {
      const [row] = await db
        .update(e)
        .set({
          status: 'ready',
          fileAttempt: file.attempt,
          fileSize: file.size,
          readyAt: now,
          expiresAt: addDays(now, DATA_EXPORT_RETENTION_DAYS),
        })
        .where(and(eq(e.id, id), eq(e.status, 'running')))
        .returning();
      return row;
    },

    /** The job gave up: an unfinished export becomes failed (a ready one stays as it is). */
    async fail(id: string): Promise<boolean> {
      const rows = await db
        .update(e)
        .set({ status: 'failed' })
        .where(and(eq(e.id, id), inArray(e.status, IN_PREPARATION)))
        .returning({ id: e.id });
      return rows.length > 0;
    },

    /**
     * Up to `limit` exports whose file must go at `now`: ready ones past their expiry and failed
     * ones, not purged yet (oldest first).
     */
    async toPurge(now: Date, limit: number): Promise<string[]> {
      const rows = await db
        .select({ id: e.id })
        .from(e)
        .where(purgeDue(now))
        .orderBy(e.createdAt)
        .limit(limit)
        // A second worker purging at the same time takes the next rows, not these.
        .for('update', { skipLocked: true });
      return rows.map((row) => row.id);
    },

    /** How many exports a purge at `now` would handle (the retention job's dry run). */
    async countToPurge(now: Date): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(e)
        .where(purgeDue(now));
      return row?.n ?? 0;
    },

    /** Marks the exports purged; their file is no longer named (the chunks are deleted beside). */
    async markPurged(ids: string[], now: Date): Promise<void> {
      if (ids.length === 0) return;
      await db
        .update(e)
        .set({ purgedAt: now, fileAttempt: null, fileSize: null })
        .where(and(inArray(e.id, ids), isNull(e.purgedAt)));
    },

    /** Deletes every chunk of the exports (all attempts); answers how many of them had any. */
    async deleteChunksOf(ids: string[]): Promise<number> {
      if (ids.length === 0) return 0;
      const rows = await db
        .delete(dataExportFileChunks)
        .where(inArray(dataExportFileChunks.exportId, ids))
        .returning({ exportId: dataExportFileChunks.exportId });
      return new Set(rows.map((row) => row.exportId)).size;
    },

    /** Chunk count per export (tests). */
    async chunkCount(id: string): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(dataExportFileChunks)
        .where(eq(dataExportFileChunks.exportId, id));
      return row?.n ?? 0;
    },
  };
}
