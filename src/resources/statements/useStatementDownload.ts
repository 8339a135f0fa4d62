import { useState } from 'react';
import { useDialogs } from '../../components/dialogs';
import type { DownloadedFile } from '../../dataProvider';
import { saveFile } from '../open-applications/saveFile';

/**
 * A statement's file (PDF or CSV) fetched with the bearer token and saved under the answer's name
 * (Content-Disposition), else `fallbackName`; a plain link would carry no token. Failures open the
 * shared error dialog. `busy` names the download running, so its button can say so.
 */
export function useStatementDownload() {
  const { showError } = useDialogs();
  const [busy, setBusy] = useState<string | null>(null);

  async function download(key: string, fetchFile: () => Promise<DownloadedFile>, fallbackName: string) {
    setBusy(key);
    try {
      const file = await fetchFile();
      saveFile(file.blob, file.fileName ?? fallbackName);
    } catch (error) {
      void showError(error);
    } finally {
      setBusy(null);
    }
  }

  return { download, busy };
}
