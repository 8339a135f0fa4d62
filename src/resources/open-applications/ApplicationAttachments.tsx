import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Typography from '@mui/material/Typography';
import { useDataProvider, useTranslate } from 'react-admin';
import { useState } from 'react';
import { useDialogs } from '../../components/dialogs';
import type { LumioDataProvider } from '../../dataProvider';
import { saveFile } from './saveFile';
import type { ApplicationDocument } from './types';

/**
 * The uploaded proofs of the application, each downloadable under its own name (GET
 * /api/document/{id} with the bearer token). A failed download opens the error dialog.
 */
export function ApplicationAttachments({ documents }: { documents: readonly ApplicationDocument[] }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<LumioDataProvider>();
  const { showError } = useDialogs();
  const [loading, setLoading] = useState<ReadonlySet<string>>(new Set());

  const setLoadingOf = (id: string, active: boolean) =>
    setLoading((current) => {
      const next = new Set(current);
      if (active) next.add(id);
      else next.delete(id);
      return next;
    });

  const download = async (attachment: ApplicationDocument) => {
    setLoadingOf(attachment.id, true);
    try {
      saveFile(await dataProvider.downloadDocument(attachment.id), attachment.name);
    } catch (error) {
      void showError(error);
    } finally {
      setLoadingOf(attachment.id, false);
    }
  };

  if (documents.length === 0) {
    return <Typography color="text.secondary">{translate('app.openApplications.noAttachments')}</Typography>;
  }
  return (
    <List disablePadding aria-label={translate('app.openApplications.attachments')}>
      {documents.map((attachment) => {
        const busy = loading.has(attachment.id);
        return (
          <ListItem key={attachment.id} disableGutters>
            <Button
              variant="text"
              onClick={() => void download(attachment)}
              disabled={busy}
              aria-label={translate('app.openApplications.download', { name: attachment.name })}
              startIcon={busy ? <CircularProgress size={16} color="inherit" /> : <DownloadOutlined />}
              sx={{ textAlign: 'left', overflowWrap: 'anywhere' }}
            >
              {attachment.name}
            </Button>
          </ListItem>
        );
      })}
    </List>
  );
}
