import type { Readable } from 'node:stream';
import { and, eq, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  ChunkedFileWriter,
  type ChunkTable,
  FILE_CHUNK_BYTES,
  readChunkedFile,
  removeChunkAttempt,
  removeOtherChunkAttempts,
} from '../../lib/chunked-file-store';
import { identificationReports, reportFileChunks } from './reports.table';

/**
 * Where report files live: in the database, table `report_file_chunks`, in pieces of
 * REPORT_CHUNK_BYTES per attempt of the build, through the shared store
 * server/lib/chunked-file-store.ts. Any API instance serves any report, without a
 * shared disk. The rules that keep a download whole:
 * - an attempt writes chunks under an id of its own; the report names its attempt (`file_attempt`)
 *   only in the transaction that marks it Completed, and a download reads that attempt only, so a
 *   half-written or killed attempt is never served;
 * - the completing transaction deletes every other attempt's chunks; an attempt that fails deletes
 *   its own; the report cleanup deletes what is left of attempts of Completed and Failed reports
 *   (a worker killed in the last attempt), and a report's deletion takes its chunks (foreign key).
 */

/** The report files' chunk table, for the shared store (server/lib/chunked-file-store.ts). */
export const REPORT_CHUNKS: ChunkTable = {
  table: reportFileChunks,
  owner: reportFileChunks.reportId,
  attempt: reportFileChunks.attempt,
  seq: reportFileChunks.seq,
  data: reportFileChunks.data,
  row: (reportId, attempt, seq, data) => ({ reportId, attempt, seq, data }),
};

/** See FILE_CHUNK_BYTES: 32 inserts for the ZIP of 1,000,000 processes (bench/README.md "Reports"). */
export const REPORT_CHUNK_BYTES = FILE_CHUNK_BYTES;

/** Receives the ZIP as it streams out of the compressor and stores it as chunks of a new attempt. */
export class ReportFileWriter extends ChunkedFileWriter {
  constructor(db: DbOrTx, reportId: string, chunkBytes = REPORT_CHUNK_BYTES) {
    super(db, REPORT_CHUNKS, reportId, chunkBytes);
  }
}

/** The stored file of a report's attempt as a stream (readChunkedFile). */
export function readReportFile(db: DbOrTx, reportId: string, attempt: string, size: number): Readable {
  return readChunkedFile(db, REPORT_CHUNKS, reportId, attempt, size);
}

/** Deletes one attempt's chunks (it failed, or its report was completed or deleted meanwhile). */
export async function removeAttempt(db: DbOrTx, reportId: string, attempt: string): Promise<void> {
  await removeChunkAttempt(db, REPORT_CHUNKS, reportId, attempt);
}

/** Deletes the chunks of every attempt of the report but `keep` (none: all of them). */
export async function removeOtherAttempts(db: DbOrTx, reportId: string, keep?: string): Promise<void> {
  await removeOtherChunkAttempts(db, REPORT_CHUNKS, reportId, keep);
}

/**
 * Deletes the chunks no download can reach: attempts of Completed reports other than their file,
 * and every attempt of Failed reports. Unfinished reports are left to their next attempt. Answers
 * the number of chunks deleted.
 */
export async function sweepStrayAttempts(db: DbOrTx): Promise<number> {
  const r = identificationReports;
  const unreachable = db
    .select({ id: r.id })
    .from(r)
    .where(
      and(
        eq(r.id, reportFileChunks.reportId),
        or(
          eq(r.state, 'Failed'),
          and(eq(r.state, 'Completed'), or(isNull(r.fileAttempt), ne(r.fileAttempt, reportFileChunks.attempt))),
        ),
      ),
    );
  const rows = await db
    .delete(reportFileChunks)
    .where(sql`exists (${unreachable})`)
    .returning({ seq: reportFileChunks.seq });
  return rows.length;
}

/** The attempts that have chunks of the report (tests and checks). */
export async function attemptsOf(
  db: DbOrTx,
  reportIds: string[],
): Promise<{ reportId: string; attempt: string; bytes: number }[]> {
  if (reportIds.length === 0) return [];
  return db
    .select({
      reportId: reportFileChunks.reportId,
      attempt: reportFileChunks.attempt,
      bytes: sql<number>`sum(length(${reportFileChunks.data}))::int`,
    })
    .from(reportFileChunks)
    .where(inArray(reportFileChunks.reportId, reportIds))
    .groupBy(reportFileChunks.reportId, reportFileChunks.attempt);
}
