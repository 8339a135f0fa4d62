import { randomUUID } from 'node:crypto';
import { Readable, Writable } from 'node:stream';
import { and, eq, gt, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { identificationReports, reportFileChunks } from './reports.table';

/**
 * Where report files live: in the database, table `report_file_chunks`, in pieces of
 * REPORT_CHUNK_BYTES per attempt of the build. Any API instance serves any report, without a
 * shared disk. The rules that keep a download whole:
 * - an attempt writes chunks under an id of its own; the report names its attempt (`file_attempt`)
 *   only in the transaction that marks it Completed, and a download reads that attempt only, so a
 *   half-written or killed attempt is never served;
 * - the completing transaction deletes every other attempt's chunks; an attempt that fails deletes
 *   its own; the report cleanup deletes what is left of attempts of Completed and Failed reports
 *   (a worker killed in the last attempt), and a report's deletion takes its chunks (foreign key).
 */

/**
 * One row's bytes. A build holds at most one chunk and the one being inserted; a download one page.
 * 1 MiB: 32 inserts for the ZIP of 1,000,000 processes (bench/README.md "Reports").
 */
export const REPORT_CHUNK_BYTES = 1 << 20;
/** Chunks read per query by a download: keyset pages, never the whole file in memory. */
const DOWNLOAD_PAGE_CHUNKS = 2;

/** Receives the ZIP as it streams out of the compressor and stores it as chunks of a new attempt. */
export class ReportFileWriter extends Writable {
  readonly attempt = randomUUID();
  size = 0;
  private seq = 0;
  private pending: Buffer[] = [];
  private pendingBytes = 0;

  constructor(
    private readonly db: DbOrTx,
    private readonly reportId: string,
    private readonly chunkBytes = REPORT_CHUNK_BYTES,
  ) {
    super({ highWaterMark: chunkBytes });
  }

  override _write(chunk: Buffer, _encoding: BufferEncoding, callback: (error?: Error | null) => void) {
    this.pending.push(chunk);
    this.pendingBytes += chunk.length;
    this.size += chunk.length;
    if (this.pendingBytes < this.chunkBytes) return callback();
    this.storeFull().then(() => callback(), callback);
  }

  override _final(callback: (error?: Error | null) => void) {
    this.storeFull()
      .then(() => (this.pendingBytes > 0 ? this.store(this.take(this.pendingBytes)) : undefined))
      .then(() => callback(), callback);
  }

  private take(bytes: number): Buffer {
    const all = this.pending.length === 1 ? this.pending[0] : Buffer.concat(this.pending);
    const rest = all.subarray(bytes);
    this.pending = rest.length ? [rest] : [];
    this.pendingBytes = rest.length;
    return all.subarray(0, bytes);
  }

  private async storeFull() {
    while (this.pendingBytes >= this.chunkBytes) await this.store(this.take(this.chunkBytes));
  }

  private async store(data: Buffer) {
    await this.db
      .insert(reportFileChunks)
      .values({ reportId: this.reportId, attempt: this.attempt, seq: this.seq++, data });
  }
}

/**
 * The stored file of a report's attempt as a stream, read in keyset pages (`seq` after the last
 * one read). Fails (the response is cut off, which the client sees against Content-Length) if the
 * chunks end before `size` bytes: the report was deleted while it was downloaded.
 */
export function readReportFile(db: DbOrTx, reportId: string, attempt: string, size: number): Readable {
  async function* chunks() {
    let after = -1;
    let read = 0;
    for (;;) {
      const rows = await db
        .select({ seq: reportFileChunks.seq, data: reportFileChunks.data })
        .from(reportFileChunks)
        .where(
          and(
            eq(reportFileChunks.reportId, reportId),
            eq(reportFileChunks.attempt, attempt),
            gt(reportFileChunks.seq, after),
          ),
        )
        .orderBy(reportFileChunks.seq)
        .limit(DOWNLOAD_PAGE_CHUNKS);
      for (const row of rows) {
        read += row.data.length;
        yield row.data;
      }
      if (rows.length < DOWNLOAD_PAGE_CHUNKS) break;
      after = rows[rows.length - 1].seq;
    }
    if (read !== size) throw new Error(`report file ended after ${read} of ${size} bytes`);
  }
  return Readable.from(chunks(), { objectMode: false });
}

/** Deletes one attempt's chunks (it failed, or its report was completed or deleted meanwhile). */
export async function removeAttempt(db: DbOrTx, reportId: string, attempt: string): Promise<void> {
  await db
    .delete(reportFileChunks)
    .where(and(eq(reportFileChunks.reportId, reportId), eq(reportFileChunks.attempt, attempt)));
}

/** Deletes the chunks of every attempt of the report but `keep` (none: all of them). */
export async function removeOtherAttempts(db: DbOrTx, reportId: string, keep?: string): Promise<void> {
  await db
    .delete(reportFileChunks)
    .where(and(eq(reportFileChunks.reportId, reportId), keep ? ne(reportFileChunks.attempt, keep) : undefined));
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
