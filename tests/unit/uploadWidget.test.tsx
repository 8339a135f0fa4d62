import { act, cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpError, I18nContext } from 'ra-core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FileUpload, type UploadedFileEntry } from '../../src/components/upload';
import type { UploadOptions } from '../../src/dataProvider/publicApi';
import { MAX_DOCUMENT_BYTES, UPLOAD_TEXTS } from '../../src/domain/documents';
import { uploadMessages } from '../../src/i18n/de/registration';
import { createPublicPageI18nProvider } from '../../src/i18n/public';

afterEach(cleanup);

const i18nProvider = createPublicPageI18nProvider(uploadMessages);

interface PendingUpload {
  file: File;
  options: UploadOptions;
  resolve: (id: string) => void;
  reject: (error: unknown) => void;
}

/** An upload function whose requests the test answers one by one. */
function controlledUpload() {
  const calls: PendingUpload[] = [];
  const upload = vi.fn(
    (file: File, options: UploadOptions) =>
      new Promise<{ id: string }>((resolve, reject) => {
        calls.push({ file, options, resolve: (id) => resolve({ id }), reject });
      }),
  );
  return { upload, calls };
}

function renderWidget() {
  const { upload, calls } = controlledUpload();
  const onChange = vi.fn<(entries: UploadedFileEntry[]) => void>();
  const onPendingChange = vi.fn<(pending: number) => void>();
  render(
    <I18nContext.Provider value={i18nProvider}>
      <FileUpload upload={upload} onChange={onChange} onPendingChange={onPendingChange} />
    </I18nContext.Provider>,
  );
  const input = screen.getByLabelText(UPLOAD_TEXTS.label) as HTMLInputElement;
  // applyAccept: false plays a user who switched the file dialog to "all files".
  const user = userEvent.setup({ applyAccept: false });
  return { upload, calls, onChange, onPendingChange, input, user };
}

const png = (name: string, size = 2048) => new File([new Uint8Array(size)], name, { type: 'image/png' });
const pdf = (name: string) => new File(['%PDF-1.4'], name, { type: 'application/pdf' });
const exe = (name: string) => new File(['MZ'], name, { type: 'application/x-msdownload' });

const row = (name: string) => screen.getByText(name).closest('li') as HTMLElement;

describe('upload widget', () => {
  it('shows the spec label with an icon and takes several JPEG, PNG and PDF files', () => {
    const { input } = renderWidget();
    expect(screen.getByText(UPLOAD_TEXTS.label)).toBeVisible();
    expect(UPLOAD_TEXTS.label).toBe(
      'JPEG-, PNG-, PDF-Dokumente hochladen. Die Datei darf die Größe 2MB nicht überschreiten.',
    );
    expect(screen.getByTestId('UploadFileOutlinedIcon')).toBeInTheDocument();
    expect(input).toHaveAttribute('type', 'file');
    expect(input).toHaveAttribute('accept', 'image/jpeg,image/png,application/pdf');
    expect(input.multiple).toBe(true);
  });

  it('refuses a too-large file and a wrong type with the spec texts and uploads neither', async () => {
    const { input, user, upload, onPendingChange } = renderWidget();
    await user.upload(input, [png('riesig.png', MAX_DOCUMENT_BYTES + 1), exe('programm.exe')]);
    expect(within(row('riesig.png')).getByText('Datei ist zu groß')).toBeVisible();
    expect(within(row('programm.exe')).getByText('EXE Format ist nicht erlaubt')).toBeVisible();
    expect(upload).not.toHaveBeenCalled();
    expect(screen.queryByText('Upload im Gange ...')).toBeNull();
    expect(onPendingChange).toHaveBeenLastCalledWith(0);
  });

  it('shows "Upload im Gange ..." and a progress bar while files upload, then "Datei hochgeladen"', async () => {
    const { input, user, calls, onChange } = renderWidget();
    await user.upload(input, [png('ausweis.png'), pdf('gewerbe.pdf')]);
    expect(screen.getByRole('status')).toHaveTextContent('Upload im Gange ...');
    expect(calls.map((call) => call.file.name)).toEqual(['ausweis.png', 'gewerbe.pdf']);

    act(() => calls[0]!.options.onProgress?.(0.5));
    expect(within(row('ausweis.png')).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '50');
    expect(within(row('ausweis.png')).getByText('Wird hochgeladen … 50 %')).toBeVisible();

    await act(async () => calls[0]!.resolve('doc-1'));
    expect(within(row('ausweis.png')).getByText('Datei hochgeladen')).toBeVisible();
    expect(within(row('ausweis.png')).queryByRole('progressbar')).toBeNull();
    expect(screen.getByText('Upload im Gange ...')).toBeVisible();

    await act(async () => calls[1]!.resolve('doc-2'));
    expect(screen.queryByText('Upload im Gange ...')).toBeNull();
    expect(onChange).toHaveBeenLastCalledWith([
      { name: 'ausweis.png', id: 'doc-1', status: 'Datei hochgeladen' },
      { name: 'gewerbe.pdf', id: 'doc-2', status: 'Datei hochgeladen' },
    ]);
  });

  it('emits only uploaded entries; a failed request shows its text and is not retried', async () => {
    const { input, user, calls, upload, onChange } = renderWidget();
    await user.upload(input, [png('gut.png'), pdf('kaputt.pdf'), exe('virus.exe')]);
    await act(async () => calls[1]!.reject(new Error('Payload too large')));
    expect(within(row('kaputt.pdf')).getByText('Datei konnte nicht hochgeladen werden')).toBeVisible();
    expect(onChange).not.toHaveBeenCalled();

    await act(async () => calls[0]!.resolve('doc-gut'));
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(onChange).toHaveBeenLastCalledWith([{ name: 'gut.png', id: 'doc-gut', status: 'Datei hochgeladen' }]);
    expect(upload).toHaveBeenCalledTimes(2);
    expect(screen.queryByText('Upload im Gange ...')).toBeNull();
  });

  it('says to try again later when the server takes no more uploads (503), and keeps the generic text otherwise', async () => {
    const { input, user, calls, onChange } = renderWidget();
    await user.upload(input, [png('voll.png'), png('kaputt.png')]);
    const full = {
      errorCode: 'UPLOAD_CAPACITY_REACHED',
      messages: ['Upload capacity reached'],
      traceId: 't',
      status: 503,
    };
    await act(async () => calls[0]!.reject(new HttpError('Upload capacity reached', 503, full)));
    await act(async () => calls[1]!.reject(new HttpError('Internal error', 500, { messages: ['Internal error'] })));
    expect(
      within(row('voll.png')).getByText(
        'Derzeit können keine weiteren Dateien angenommen werden. Bitte versuchen Sie es später erneut.',
      ),
    ).toBeVisible();
    expect(within(row('voll.png')).queryByText('Datei konnte nicht hochgeladen werden')).toBeNull();
    expect(within(row('kaputt.png')).getByText('Datei konnte nicht hochgeladen werden')).toBeVisible();
    expect(screen.queryByText('Upload im Gange ...')).toBeNull();
    expect(onChange).not.toHaveBeenCalled();
  });

  it('deletes a row with "Datei entfernen" and re-emits the remaining uploaded entries', async () => {
    const { input, user, calls, onChange } = renderWidget();
    await user.upload(input, [png('eins.png'), png('zwei.png')]);
    await act(async () => {
      calls[0]!.resolve('doc-1');
      calls[1]!.resolve('doc-2');
    });
    await user.click(within(row('eins.png')).getByRole('button', { name: 'Datei entfernen' }));
    expect(screen.queryByText('eins.png')).toBeNull();
    expect(onChange).toHaveBeenLastCalledWith([{ name: 'zwei.png', id: 'doc-2', status: 'Datei hochgeladen' }]);

    await user.click(within(row('zwei.png')).getByRole('button', { name: 'Datei entfernen' }));
    expect(onChange).toHaveBeenLastCalledWith([]);
  });

  it('stops a running upload when its row is deleted', async () => {
    const { input, user, calls, onPendingChange } = renderWidget();
    await user.upload(input, [png('abbruch.png')]);
    expect(onPendingChange).toHaveBeenLastCalledWith(1);
    await user.click(within(row('abbruch.png')).getByRole('button', { name: 'Datei entfernen' }));
    expect(calls[0]!.options.signal?.aborted).toBe(true);
    expect(screen.queryByText('Upload im Gange ...')).toBeNull();
    expect(onPendingChange).toHaveBeenLastCalledWith(0);
  });

  it('lets the same file be chosen again', async () => {
    const { input, user, upload } = renderWidget();
    const file = png('nochmal.png');
    await user.upload(input, [file]);
    await user.upload(input, [file]);
    expect(upload).toHaveBeenCalledTimes(2);
    expect(screen.getAllByText('nochmal.png')).toHaveLength(2);
  });
});
