import { checkFileBeforeUpload, UPLOAD_TEXTS } from '../../domain/documents';
import { errorBodyOf, SERVER_MESSAGE_TEXTS, SERVER_MESSAGES } from '../../domain/errorCatalogue';

/**
 * State rules of the document upload widget (spec sections 3, 4, 5 and 8), as a pure reducer:
 * - a selected file is either rejected at once (wrong type or too large: status text, empty id,
 *   never uploaded) or starts uploading;
 * - an upload ends as uploaded ('Datei hochgeladen', with the server's id) or failed ('Datei
 *   konnte nicht hochgeladen werden', empty id; any request error, no retry), except when the
 *   server is full ('Upload capacity reached'): then its catalogue text says to try again later;
 * - the pending count rises by the number selected and drops by one per rejected, succeeded or
 *   failed file; 'Upload im Gange ...' shows while it is above 0;
 * - deleting a row removes it and re-emits the successful entries;
 * - every emission carries only entries with a non-empty id.
 */

export type UploadStatus = 'rejected' | 'uploading' | 'uploaded' | 'failed';

export interface UploadRow {
  /** Local key of the row (a file name may be chosen twice). */
  key: string;
  name: string;
  /** The document id from the server; empty unless uploaded. */
  id: string;
  status: UploadStatus;
  /** Spec status text; empty while uploading. */
  statusText: string;
  /** Share of bytes sent, 0 … 1. */
  progress: number;
}

/** The spec's uploaded-file entry, as the widget emits it. */
export interface UploadedFileEntry {
  name: string;
  id: string;
  status: string;
}

export interface UploadState {
  rows: UploadRow[];
  pending: number;
  /** The latest list handed to onChange; a new array only when the widget must emit. */
  emitted: UploadedFileEntry[] | null;
}

export interface SelectedFile {
  key: string;
  name: string;
  type: string;
  size: number;
}

export type UploadAction =
  | { type: 'selected'; files: SelectedFile[] }
  | { type: 'progress'; key: string; fraction: number }
  | { type: 'succeeded'; key: string; id: string }
  | { type: 'failed'; key: string; statusText?: string }
  | { type: 'removed'; key: string };

export const initialUploadState: UploadState = { rows: [], pending: 0, emitted: null };

/** The entries the widget reports: uploaded files only (spec: only entries with a non-empty id). */
export function uploadedEntries(rows: readonly UploadRow[]): UploadedFileEntry[] {
  return rows.filter((row) => row.id !== '').map(({ name, id, statusText }) => ({ name, id, status: statusText }));
}

function rowFor(file: SelectedFile): UploadRow {
  const rejection = checkFileBeforeUpload(file);
  return rejection
    ? { key: file.key, name: file.name, id: '', status: 'rejected', statusText: rejection, progress: 0 }
    : { key: file.key, name: file.name, id: '', status: 'uploading', statusText: '', progress: 0 };
}

/** Rows a 'selected' action will upload (the widget starts exactly these requests). */
export function filesToUpload(files: readonly SelectedFile[]): SelectedFile[] {
  return files.filter((file) => checkFileBeforeUpload(file) === null);
}

/**
 * The status text of a failed upload: the spec's generic one, but the catalogue's own text when
 * the server has reached its cap on uploads, because trying again later helps there.
 */
export function uploadFailureText(error: unknown): string {
  const message = errorBodyOf(error)?.messages?.[0];
  return message === SERVER_MESSAGES.uploadCapacityReached
    ? SERVER_MESSAGE_TEXTS.uploadCapacityReached
    : UPLOAD_TEXTS.failed;
}

function finishUpload(
  state: UploadState,
  key: string,
  outcome: { id: string } | null,
  failedText: string = UPLOAD_TEXTS.failed,
): UploadState {
  const row = state.rows.find((candidate) => candidate.key === key);
  // A row deleted while uploading was already taken off the pending count.
  if (!row || row.status !== 'uploading') return state;
  const finished: UploadRow = outcome
    ? { ...row, id: outcome.id, status: 'uploaded', statusText: UPLOAD_TEXTS.uploaded, progress: 1 }
    : { ...row, id: '', status: 'failed', statusText: failedText };
  const rows = state.rows.map((candidate) => (candidate.key === key ? finished : candidate));
  return {
    rows,
    pending: Math.max(state.pending - 1, 0),
    emitted: outcome ? uploadedEntries(rows) : state.emitted,
  };
}

export function uploadReducer(state: UploadState, action: UploadAction): UploadState {
  switch (action.type) {
    case 'selected': {
      const added = action.files.map(rowFor);
      const rejected = added.filter((row) => row.status === 'rejected').length;
      return {
        ...state,
        rows: [...state.rows, ...added],
        pending: state.pending + action.files.length - rejected,
      };
    }
    case 'progress':
      return {
        ...state,
        rows: state.rows.map((row) =>
          row.key === action.key && row.status === 'uploading'
            ? { ...row, progress: Math.min(Math.max(action.fraction, 0), 1) }
            : row,
        ),
      };
    case 'succeeded':
      // An answer without an id cannot be attached to the application: it counts as failed.
      return finishUpload(state, action.key, action.id ? { id: action.id } : null);
    case 'failed':
      return finishUpload(state, action.key, null, action.statusText);
    case 'removed': {
      const row = state.rows.find((candidate) => candidate.key === action.key);
      if (!row) return state;
      const rows = state.rows.filter((candidate) => candidate.key !== action.key);
      return {
        rows,
        pending: row.status === 'uploading' ? Math.max(state.pending - 1, 0) : state.pending,
        emitted: uploadedEntries(rows),
      };
    }
  }
}
