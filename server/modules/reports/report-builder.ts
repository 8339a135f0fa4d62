import { once } from 'node:events';
import { PassThrough, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import yazl from 'yazl';
import { REPORT_ENTRIES } from '../../../src/domain/reports';
import type { DbOrTx } from '../../db/client';
import { csvHeader, PROCESS_COLUMNS, SUMMARY_COLUMNS, summaryLine } from './report-csv';
import { germanTimeFormatter } from './german-time';
import { removeAttempt, ReportFileWriter } from './report-file-store';
import { processBatches, reportNames, type ProcessRow, type ReportNames, type ReportSelection } from './report-query';
import { lineWriter, summaryCounter, type LineOf } from './report-rows';

/** Rows read per query on PostgreSQL. */
export const REPORT_BATCH_SIZE = 2_000;
/**
 * Rows read per query on PGlite: it runs every statement on this process's event loop, so a
 * bigger batch holds the API's requests up for longer (a list request waited up to 77 ms behind
 * batches of 2,000, 40 ms behind 250; bench/README.md, "Reports").
 */
export const PGLITE_BATCH_SIZE = 250;

/** The batch size for the database `db` belongs to. */
export function batchSizeFor(db: DbOrTx): number {
  const client = (db as { $client?: unknown }).$client;
  return client instanceof pg.Pool || client instanceof pg.Client ? REPORT_BATCH_SIZE : PGLITE_BATCH_SIZE;
}
/**
 * Rows written between two turns of the event loop: a build in the API process (`npm start`)
 * holds requests up for a few milliseconds at most (bench/README.md, "Reports").
 */
const ROWS_PER_TURN = 250;
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));
/**
 * Deflate level of both entries. CSV shrinks about ninefold at level 1 already; level 6 would take
 * nearly three times the CPU for a file about 8 % smaller (bench/README.md, "Reports").
 */
export const REPORT_COMPRESSION_LEVEL = 1;
/** How much CSV text waits for the compressor before the build waits for it (back-pressure). */
const CSV_BUFFER_BYTES = 1 << 20;

export interface BuildOptions {
  reportId: string;
  selection: ReportSelection;
  /** The time written into the ZIP's entries. */
  createdAt: Date;
  /** Stops the build at the next batch (the worker stops); the job is then retried. */
  signal?: AbortSignal;
  batchSize?: number;
  /** Called after each batch is written, with the number of processes so far (tests, progress). */
  onBatch?: (written: number) => Promise<void> | void;
}

export interface BuiltReport {
  /** The attempt whose chunks hold the file (report-file-store.ts). */
  attempt: string;
  size: number;
  processCount: number;
}

/**
 * A slice of a batch as lines, each row counted in the summary; names not known yet are read once,
 * then their rows are written.
 */
async function sliceText(
  rows: readonly ProcessRow[],
  from: number,
  to: number,
  lineOf: LineOf,
  names: ReportNames,
  time: ReturnType<typeof germanTimeFormatter>,
  summary: ReturnType<typeof summaryCounter>,
): Promise<string> {
  let text = '';
  let pending: (string | { row: ProcessRow; at: string })[] | undefined;
  for (let i = from; i < to; i++) {
    const row = rows[i];
    const at = time.format(Number(row.at_epoch));
    summary.add(row, time.month);
    const line = lineOf(row, at);
    if (line !== undefined && pending === undefined) text += line;
    else (pending ??= []).push(line ?? { row, at });
  }
  if (!pending) return text;
  await names.loadMissing();
  for (const item of pending) text += typeof item === 'string' ? item : lineOf(item.row, item.at)!;
  return text;
}

/**
 * Builds the report's ZIP (issue 14): `vorgaenge.csv`, streamed batch by batch through the
 * compressor into the database as chunks of a new attempt (report-file-store.ts), then
 * `zusammenfassung.csv`. The report is not touched here: the job names the attempt as its file
 * when it marks it Completed. On any failure the attempt's chunks are removed and the error
 * rethrown (the job retries); a killed process leaves its chunks behind, which no download reads.
 */
export async function buildReportFile(db: DbOrTx, options: BuildOptions): Promise<BuiltReport> {
  const { reportId, selection, signal } = options;
  const batchSize = options.batchSize ?? batchSizeFor(db);
  const file = new ReportFileWriter(db, reportId);
  const entry = { mtime: options.createdAt, compressionLevel: REPORT_COMPRESSION_LEVEL };

  const zip = new yazl.ZipFile();
  const csv = new PassThrough({ highWaterMark: CSV_BUFFER_BYTES });
  zip.addReadStreamLazy(REPORT_ENTRIES.processes, entry, (cb) => cb(null, csv));
  const written = pipeline(zip.outputStream, file);
  // A failed write ends the build at the next batch instead of surfacing as an unhandled rejection.
  let writeError: unknown;
  written.catch((err: unknown) => (writeError ??= err));

  try {
    const names = reportNames(db);
    const summary = summaryCounter(names);
    const lineOf = lineWriter(names);
    const time = germanTimeFormatter();
    let processCount = 0;
    const send = async (text: string) => {
      if (writeError) throw writeError;
      if (!csv.write(text)) await Promise.race([once(csv, 'drain'), written]);
    };
    await send(csvHeader(PROCESS_COLUMNS));
    for await (const rows of processBatches(db, selection, batchSize)) {
      signal?.throwIfAborted();
      for (let from = 0; from < rows.length; from += ROWS_PER_TURN) {
        const to = Math.min(rows.length, from + ROWS_PER_TURN);
        await send(await sliceText(rows, from, to, lineOf, names, time, summary));
        await nextTurn();
      }
      processCount += rows.length;
      await options.onBatch?.(processCount);
    }
    csv.end();
    const summaryText = csvHeader(SUMMARY_COLUMNS) + summary.records().map(summaryLine).join('');
    zip.addBuffer(Buffer.from(summaryText, 'utf8'), REPORT_ENTRIES.summary, entry);
    zip.end();
    await written;
    if (writeError) throw writeError;
    return { attempt: file.attempt, size: file.size, processCount };
  } catch (err) {
    csv.destroy();
    (zip.outputStream as Readable).destroy();
    await written.catch(() => undefined);
    await removeAttempt(db, reportId, file.attempt);
    throw err;
  }
}
