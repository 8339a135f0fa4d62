import { randomUUID } from 'node:crypto';
import { Readable, Writable } from 'node:stream';
import { and, eq, gt, ne } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../db/client';

/**
 * Files kept in the database in chunks, per attempt of the job that builds them, so that every
 * API instance serves every file without a shared disk (the identification reports,
 * server/modules/reports/report-file-store.ts, and a person's data export,
 * server/modules/data-export). The rules that keep a download whole:
 * - an attempt writes chunks under an id of its own; the owning row names its attempt only in the
 *   transaction that marks it finished, and a download reads that attempt only, so a half-written
 *   or killed attempt is never served;
 * - the finishing transaction deletes every other attempt's chunks; an attempt that fails deletes
 *   its own; a cleanup sweeps what a killed worker left.
 *
 * A chunk table has the owner's id, the attempt, the sequence number (from 0) and the bytes; its
 * primary key is (owner, attempt, seq). `ChunkTable` names those columns of one such table.
 */
export interface ChunkTable {
  table: PgTable;
  owner: PgColumn;
  attempt: PgColumn;
  seq: PgColumn;
  data: PgColumn;
  /** The insert values of one chunk (the table's own property names). */
  row(owner: string, attempt: string, seq: number, data: Buffer): Record<string, unknown>;
}

/**
 * One row's bytes. A build holds at most one chunk and the one being inserted; a download one page.
 * 1 MiB: 32 inserts for the ZIP of 1,000,000 processes (bench/README.md "Reports").
 */
export const FILE_CHUNK_BYTES = 1 << 20;
/** Chunks read per query by a download: keyset pages, never the whole file in memory. */
const DOWNLOAD_PAGE_CHUNKS = 2;

/** Receives a file as it streams out of a compressor and stores it as chunks of a new attempt. */
export class ChunkedFileWriter extends Writable {
  readonly attempt = randomUUID();
  size = 0;
  private seq = 0;
  private pending: Buffer[] = [];
  private pendingBytes = 0;

  constructor(
    private readonly db: DbOrTx,
    private readonly chunks: ChunkTable,
    private readonly ownerId: string,
    private readonly chunkBytes = FILE_CHUNK_BYTES,
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
      .insert(this.chunks.table)
      // The values are the chunk table's own columns (ChunkTable.row); drizzle cannot type a table given as a parameter.
      .values(this.chunks.row(this.ownerId, this.attempt, this.seq++, data) as never);
  }
}

/**
 * The stored file of an attempt as a stream, read in keyset pages (`seq` after the last one read).
 * Fails (the response is cut off, which the client sees against Content-Length) if the chunks end
 * before `size` bytes: the owner was deleted or purged while it was downloaded.
 */
export function readChunkedFile(
  db: DbOrTx,
  chunks: ChunkTable,
  ownerId: string,
  attempt: string,
  size: number,
): Readable {
  async function* pages() {
    let after = -1;
    let read = 0;
    for (;;) {
      const rows = (await db
        .select({ seq: chunks.seq, data: chunks.data })
        .from(chunks.table)
        .where(and(eq(chunks.owner, ownerId), eq(chunks.attempt, attempt), gt(chunks.seq, after)))
        .orderBy(chunks.seq)
        .limit(DOWNLOAD_PAGE_CHUNKS)) as { seq: number; data: Buffer }[];
      for (const row of rows) {
        read += row.data.length;
        yield row.data;
      }
      if (rows.length < DOWNLOAD_PAGE_CHUNKS) break;
      after = rows[rows.length - 1].seq;
    }
    if (read !== size) throw new Error(`stored file ended after ${read} of ${size} bytes`);
  }
  return Readable.from(pages(), { objectMode: false });
}

/** Deletes one attempt's chunks (it failed, or its owner was finished or deleted meanwhile). */
export async function removeChunkAttempt(db: DbOrTx, chunks: ChunkTable, ownerId: string, attempt: string) {
  await db.delete(chunks.table).where(and(eq(chunks.owner, ownerId), eq(chunks.attempt, attempt)));
}

/** Deletes the chunks of every attempt of the owner but `keep` (none: all of them); answers the count. */
export async function removeOtherChunkAttempts(
  db: DbOrTx,
  chunks: ChunkTable,
  ownerId: string,
  keep?: string,
): Promise<number> {
  const rows = await db
    .delete(chunks.table)
    .where(and(eq(chunks.owner, ownerId), keep ? ne(chunks.attempt, keep) : undefined))
    .returning({ seq: chunks.seq });
  return rows.length;
}
