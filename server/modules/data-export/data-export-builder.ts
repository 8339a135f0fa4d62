import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import yazl from 'yazl';
import { formatDate } from '../../../src/domain/dates';
import { DATA_EXPORT_ENTRIES } from '../../../src/domain/dataExport';
import { eidDocumentTypeLabel } from '../../../src/domain/eid';
import { licenseKeyEndLabel } from '../../../src/domain/statementFormat';
import { userStatusLabel } from '../../../src/domain/userStatus';
import type { DbOrTx } from '../../db/client';
import { renderView } from '../../html';
import { ChunkedFileWriter, removeChunkAttempt } from '../../lib/chunked-file-store';
import { germanTimeFormatter } from '../reports/german-time';
import {
  collectDataExport,
  processPages,
  SUMMARY_PROCESS_LIMIT,
  type DataExportContent,
  type ExportChange,
  type ExportProcess,
} from './data-export-content';
import { DATA_EXPORT_CHUNKS } from './data-export.repository';

/** The recorded fields' names in German (the summary's change column). */
const FIELD_TEXTS: Record<string, string> = {
  salutation: 'Anrede',
  firstName: 'Vorname',
  lastName: 'Nachname',
  birthDate: 'Geburtsdatum',
  email: 'E-Mail-Adresse',
  role: 'Rolle',
  status: 'Status',
  documentType: 'Dokumentart',
  reviewReason: 'Begründung der Prüfung',
};

/**
 * The ZIP's JSON files in the summary's order: each made from the collected content, but for the
 * processes' (null here), which is written from pages as they are read (processesFile).
 */
const JSON_ENTRIES = [
  [DATA_EXPORT_ENTRIES.profile, (c: DataExportContent) => c.profile],
  [DATA_EXPORT_ENTRIES.company, (c: DataExportContent) => c.company],
  [DATA_EXPORT_ENTRIES.statusHistory, (c: DataExportContent) => c.statusHistory],
  [DATA_EXPORT_ENTRIES.eid, (c: DataExportContent) => c.eid],
  [DATA_EXPORT_ENTRIES.processes, null],
  [DATA_EXPORT_ENTRIES.audit, (c: DataExportContent) => c.audit],
] as const;

/**
 * The processes' file, `{ note, count, items }` as JSON.stringify(…, null, 2) writes it, from the
 * pages as they are read: the items of one page in memory at a time.
 */
export async function* processesFile(
  note: string,
  count: number,
  pages: AsyncIterable<ExportProcess[]>,
): AsyncGenerator<Buffer> {
  yield Buffer.from(`{\n  "note": ${JSON.stringify(note)},\n  "count": ${count},\n  "items": [`);
  let first = true;
  for await (const page of pages) {
    const items = page.map((item) => `\n    ${JSON.stringify(item, null, 2).replace(/\n/g, '\n    ')}`).join(',');
    yield Buffer.from(`${first ? '' : ','}${items}`);
    first = false;
  }
  yield Buffer.from(first ? ']\n}\n' : '\n  ]\n}\n');
}

const PROCESS_STATUS_TEXTS: Record<'Completed' | 'Cancelled', string> = {
  Completed: 'Abgeschlossen',
  Cancelled: 'Storniert',
};

/** The readable German summary (Meine_Daten.html): dates as dd.MM.yyyy and times in Germany. */
export function renderSummary(content: DataExportContent): string {
  const time = germanTimeFormatter();
  const at = (iso: string | null) => (iso ? time.format(Math.floor(Date.parse(iso) / 1000)) : '');
  const value = (field: string, v: unknown) => {
    if (v === null || v === undefined || v === '') return '–';
    if (field === 'birthDate' && typeof v === 'string') return formatDate(v);
    if (field === 'status' && typeof v === 'string') return userStatusLabel(v as Parameters<typeof userStatusLabel>[0]);
    return String(v);
  };
  const change = (c: ExportChange) => ({
    label: FIELD_TEXTS[c.field] ?? c.field,
    before: value(c.field, c.before),
    after: value(c.field, c.after),
  });
  return renderView('data-export/summary', {
    createdAt: at(content.createdAt),
    files: JSON_ENTRIES.map(([name]) => name).join(', '),
    profile: {
      ...content.profile,
      salutation: content.profile.salutation ?? '–',
      birthDate: content.profile.birthDate ? formatDate(content.profile.birthDate) : '–',
      createdAt: at(content.profile.createdAt),
    },
    company: content.company,
    statusHistory: content.statusHistory.map((row) => ({ ...row, at: at(row.at) })),
    eid: {
      ...content.eid,
      // The summary names the document in German ('Personalausweis'); the JSON keeps the eID code.
      documentType: content.eid.documentType && eidDocumentTypeLabel(content.eid.documentType),
      startedAt: at(content.eid.startedAt),
      boundAt: at(content.eid.boundAt),
    },
    processes: {
      note: content.processes.note,
      countText:
        content.processes.count === 1
          ? 'einen Identifizierungsvorgang'
          : `${content.processes.count.toLocaleString('de-DE')} Identifizierungsvorgänge`,
      capped: content.processes.count > SUMMARY_PROCESS_LIMIT,
      limit: SUMMARY_PROCESS_LIMIT,
      file: DATA_EXPORT_ENTRIES.processes,
      items: content.processes.newest.map((process) => ({
        at: at(process.at),
        studio: process.studio,
        license: licenseKeyEndLabel(process.licenseKeyEnd),
        status: PROCESS_STATUS_TEXTS[process.status],
        cancelledAt: at(process.cancelledAt) || '–',
      })),
    },
    audit: content.audit.map((row) => ({ ...row, at: at(row.at), changes: row.changes.map(change) })),
  });
}

export interface BuiltDataExport {
  attempt: string;
  size: number;
}

/**
 * Builds the person's ZIP (the summary and the JSON files) into the database as chunks of a new
 * attempt. A person's data are small, so the entries are made in memory and streamed through the
 * compressor, but for the processes' file, which is written from pages as they are read;
 * undefined when the account is gone. On failure the attempt's chunks are removed and
 * the error rethrown (the job retries).
 */
export async function buildDataExportFile(
  db: DbOrTx,
  options: { exportId: string; userId: string; now: Date },
): Promise<BuiltDataExport | undefined> {
  const content = await collectDataExport(db, options.userId, options.now);
  if (!content) return undefined;
  const file = new ChunkedFileWriter(db, DATA_EXPORT_CHUNKS, options.exportId);
  const entry = { mtime: options.now, compressionLevel: 6 };
  const zip = new yazl.ZipFile();
  zip.addBuffer(Buffer.from(renderSummary(content), 'utf8'), DATA_EXPORT_ENTRIES.summary, entry);
  const { note, count } = content.processes;
  for (const [name, part] of JSON_ENTRIES) {
    if (part) {
      zip.addBuffer(Buffer.from(`${JSON.stringify(part(content), null, 2)}\n`, 'utf8'), name, entry);
      continue;
    }
    const processes = Readable.from(processesFile(note, count, processPages(db, options.userId, options.now)));
    // yazl leaves an entry's stream errors unheard: a failed read ends the ZIP, and so the build.
    processes.on('error', (err) => (zip.outputStream as Readable).destroy(err));
    zip.addReadStream(processes, name, entry);
  }
  zip.end();
  try {
    await pipeline(zip.outputStream as Readable, file);
    return { attempt: file.attempt, size: file.size };
  } catch (err) {
    await removeChunkAttempt(db, DATA_EXPORT_CHUNKS, options.exportId, file.attempt);
    throw err;
  }
}
