import { describe, expect, it } from 'vitest';
import {
  filesToUpload,
  initialUploadState,
  uploadedEntries,
  uploadFailureText,
  uploadReducer,
  type SelectedFile,
  type UploadAction,
  type UploadState,
} from '../../src/components/upload/uploadState';
import { MAX_DOCUMENT_BYTES } from '../../src/domain/documents';

const png = (key: string, size = 1000): SelectedFile => ({ key, name: `${key}.png`, type: 'image/png', size });
const pdf = (key: string): SelectedFile => ({ key, name: `${key}.pdf`, type: 'application/pdf', size: 5000 });
const exe = (key: string): SelectedFile => ({ key, name: `${key}.exe`, type: 'application/x-msdownload', size: 10 });
const huge = (key: string): SelectedFile => png(key, MAX_DOCUMENT_BYTES + 1);

const run = (...actions: UploadAction[]): UploadState => actions.reduce(uploadReducer, initialUploadState);
const select = (...files: SelectedFile[]): UploadAction => ({ type: 'selected', files });

describe('upload state: selecting files', () => {
  it('raises the pending count by the number selected', () => {
    const state = run(select(png('a'), pdf('b'), png('c')));
    expect(state.pending).toBe(3);
    expect(state.rows.map((row) => [row.name, row.status, row.id])).toEqual([
      ['a.png', 'uploading', ''],
      ['b.pdf', 'uploading', ''],
      ['c.png', 'uploading', ''],
    ]);
    expect(state.emitted).toBeNull();
  });

  it('rejects a wrong type and a too-large file at once: status text, empty id, not pending, not uploaded', () => {
    const files = [exe('setup'), huge('big'), png('ok')];
    const state = run(select(...files));
    expect(state.rows.map((row) => [row.status, row.statusText, row.id])).toEqual([
      ['rejected', 'EXE Format ist nicht erlaubt', ''],
      ['rejected', 'Datei ist zu groß', ''],
      ['uploading', '', ''],
    ]);
    expect(state.pending).toBe(1);
    expect(filesToUpload(files).map((file) => file.key)).toEqual(['ok']);
  });

  it('adds a second selection to the one still running', () => {
    const state = run(select(png('a')), select(pdf('b'), exe('c')));
    expect(state.pending).toBe(2);
    expect(state.rows).toHaveLength(3);
  });
});

describe('upload state: outcomes', () => {
  it('marks a success with the id and "Datei hochgeladen", drops the count and emits the uploaded entries', () => {
    const state = run(select(png('a'), pdf('b')), { type: 'succeeded', key: 'b', id: 'doc-b' });
    expect(state.rows[1]).toMatchObject({ status: 'uploaded', statusText: 'Datei hochgeladen', id: 'doc-b' });
    expect(state.pending).toBe(1);
    expect(state.emitted).toEqual([{ name: 'b.pdf', id: 'doc-b', status: 'Datei hochgeladen' }]);
  });

  it('marks a failure with "Datei konnte nicht hochgeladen werden", empty id, and drops the count', () => {
    const before = run(select(png('a'), pdf('b')), { type: 'succeeded', key: 'a', id: 'doc-a' });
    const state = uploadReducer(before, { type: 'failed', key: 'b' });
    expect(state.rows[1]).toMatchObject({
      status: 'failed',
      statusText: 'Datei konnte nicht hochgeladen werden',
      id: '',
    });
    expect(state.pending).toBe(0);
    // A failure changes nothing about the uploaded entries, so nothing new is emitted.
    expect(state.emitted).toBe(before.emitted);
  });

  it('counts an answer without an id as failed', () => {
    const state = run(select(png('a')), { type: 'succeeded', key: 'a', id: '' });
    expect(state.rows[0]?.status).toBe('failed');
    expect(state.pending).toBe(0);
  });

  it('reaches 0 pending once every selected file is rejected, uploaded or failed', () => {
    const state = run(
      select(png('a'), exe('b'), pdf('c'), huge('d')),
      { type: 'succeeded', key: 'a', id: 'doc-a' },
      { type: 'failed', key: 'c' },
    );
    expect(state.pending).toBe(0);
  });

  it('ignores a second outcome for the same file (no retry, no double count)', () => {
    const once = run(select(png('a'), png('b')), { type: 'failed', key: 'a' });
    expect(uploadReducer(once, { type: 'succeeded', key: 'a', id: 'late' })).toBe(once);
    expect(uploadReducer(once, { type: 'failed', key: 'a' })).toBe(once);
  });

  it('tracks the progress of a running upload only, within 0 … 1', () => {
    let state = run(select(png('a')), { type: 'progress', key: 'a', fraction: 0.4 });
    expect(state.rows[0]?.progress).toBe(0.4);
    state = uploadReducer(state, { type: 'progress', key: 'a', fraction: 7 });
    expect(state.rows[0]?.progress).toBe(1);
    const rejected = run(select(exe('x')), { type: 'progress', key: 'x', fraction: 0.5 });
    expect(rejected.rows[0]?.progress).toBe(0);
  });
});

describe('upload state: deleting', () => {
  it('removes the row and re-emits the successful entries', () => {
    const uploaded = run(
      select(png('a'), pdf('b')),
      { type: 'succeeded', key: 'a', id: 'doc-a' },
      { type: 'succeeded', key: 'b', id: 'doc-b' },
    );
    const state = uploadReducer(uploaded, { type: 'removed', key: 'a' });
    expect(state.rows.map((row) => row.key)).toEqual(['b']);
    expect(state.emitted).toEqual([{ name: 'b.pdf', id: 'doc-b', status: 'Datei hochgeladen' }]);
  });

  it('re-emits also when a rejected row is deleted (a new list, same entries)', () => {
    const before = run(select(png('a'), exe('b')), { type: 'succeeded', key: 'a', id: 'doc-a' });
    const state = uploadReducer(before, { type: 'removed', key: 'b' });
    expect(state.emitted).not.toBe(before.emitted);
    expect(state.emitted).toEqual([{ name: 'a.png', id: 'doc-a', status: 'Datei hochgeladen' }]);
  });

  it('takes a deleted running upload off the pending count and ignores its late answer', () => {
    const state = run(select(png('a'), png('b')), { type: 'removed', key: 'a' });
    expect(state.pending).toBe(1);
    const late = uploadReducer(state, { type: 'succeeded', key: 'a', id: 'doc-a' });
    expect(late).toBe(state);
    expect(uploadedEntries(late.rows)).toEqual([]);
  });

  it('does not change the pending count when a finished row is deleted', () => {
    const state = run(select(png('a'), png('b')), { type: 'failed', key: 'a' }, { type: 'removed', key: 'a' });
    expect(state.pending).toBe(1);
  });
});

describe('uploaded entries', () => {
  it('are only rows with a non-empty id', () => {
    const state = run(
      select(png('a'), exe('b'), pdf('c'), png('d')),
      { type: 'succeeded', key: 'a', id: 'doc-a' },
      { type: 'failed', key: 'c' },
    );
    expect(uploadedEntries(state.rows)).toEqual([{ name: 'a.png', id: 'doc-a', status: 'Datei hochgeladen' }]);
  });
});

describe('upload state: the text of a failed upload', () => {
  it('is the catalogue text when the server has reached its upload cap, else the spec text', () => {
    const capacity = { errorCode: 'UPLOAD_CAPACITY_REACHED', messages: ['Upload capacity reached'] };
    expect(uploadFailureText({ status: 503, body: capacity })).toBe(
      'Derzeit können keine weiteren Dateien angenommen werden. Bitte versuchen Sie es später erneut.',
    );
    for (const error of [new Error('Payload too large'), { body: { messages: ['Internal error'] } }, undefined]) {
      expect(uploadFailureText(error)).toBe('Datei konnte nicht hochgeladen werden');
    }
  });

  it('shows that text on the failed row', () => {
    const state = run(select(png('a')), {
      type: 'failed',
      key: 'a',
      statusText: uploadFailureText({ body: { messages: ['Upload capacity reached'] } }),
    });
    expect(state.rows[0]).toMatchObject({ status: 'failed', id: '' });
    expect(state.rows[0]!.statusText).toMatch(/^Derzeit können keine weiteren Dateien angenommen werden/);
    expect(state.pending).toBe(0);
  });
});
