import { todayInGermany } from './dates';
import { SERVER_MESSAGES } from './errorCatalogue';

/**
 * A person's own data export ('Meine Daten', GDPR Art. 15 and 20; issue 28, part 3): its states,
 * how long it is kept, what the ZIP holds and how it is named. Pure and without zod, so the
 * profile page reads it without loading the API's schemas.
 */

export const DATA_EXPORT_STATUSES = ['queued', 'running', 'ready', 'failed'] as const;
export type DataExportStatus = (typeof DATA_EXPORT_STATUSES)[number];

/** Being prepared: a person has at most one of these at a time, and the profile polls while one is. */
export function isDataExportInPreparation(status: DataExportStatus): boolean {
  return status === 'queued' || status === 'running';
}

/** A ready export can be downloaded this long; then its file is purged. */
export const DATA_EXPORT_RETENTION_DAYS = 7;

/** Whether a ready export can still be downloaded at `now`. */
export function isDataExportDownloadable(
  item: { status: DataExportStatus; expiresAt: string | Date | null },
  now: Date = new Date(),
): boolean {
  return item.status === 'ready' && item.expiresAt !== null && new Date(item.expiresAt).getTime() > now.getTime();
}

/** The ZIP's entries: one readable summary and the data as JSON. */
export const DATA_EXPORT_ENTRIES = {
  summary: 'Meine_Daten.html',
  profile: 'profil.json',
  company: 'firma_und_rolle.json',
  statusHistory: 'statusverlauf.json',
  eid: 'eid_verknuepfung.json',
  processes: 'identifizierungsvorgaenge.json',
  audit: 'protokolleintraege.json',
} as const;

/** The download's file name: Meine_Daten_{dd.MM.yyyy without dots}.zip, the day it was made in Germany. */
export function dataExportFileName(createdAt: Date): string {
  const [year, month, day] = todayInGermany(createdAt).split('-');
  return `Meine_Daten_${day}${month}${year}.zip`;
}

/**
 * The server's messages about an export (English, like every server message, spec section 8), as
 * in the shared catalogue (src/domain/errorCatalogue.ts), which gives every screen their German text.
 */
export const DATA_EXPORT_SERVER_MESSAGES = {
  notReady: SERVER_MESSAGES.dataExportNotReady,
  expired: SERVER_MESSAGES.dataExportExpired,
  failed: SERVER_MESSAGES.dataExportFailed,
} as const;
export type DataExportServerMessage = (typeof DATA_EXPORT_SERVER_MESSAGES)[keyof typeof DATA_EXPORT_SERVER_MESSAGES];

/** The errorCode of the download of an export whose preparation failed (409): nothing to download, ask again. */
export const DATA_EXPORT_FAILED_ERROR_CODE = 'DATA_EXPORT_FAILED';
