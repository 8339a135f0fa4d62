import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useDataProvider, useTranslate } from 'react-admin';
import { useRef, useState } from 'react';
import { useDialogs } from '../../components/dialogs';
import type { DataExport, LumioDataProvider } from '../../dataProvider';
import {
  DATA_EXPORT_SERVER_MESSAGES,
  isDataExportDownloadable,
  isDataExportInPreparation,
} from '../../domain/dataExport';
import { errorBodyOf, serverMessageToGerman } from '../../domain/errorCatalogue';
import { formatDate, todayInGermany } from '../../domain/dates';
import { i18nProvider } from '../../i18n';
import { dataExportMessages } from '../../i18n/de/dataExport';
import { saveFile } from '../../resources/open-applications/saveFile';

/* The section's texts come with its chunk, before it renders (React.lazy waits for this module). */
i18nProvider.addMessages(dataExportMessages);

const T = 'app.dataExport';
/** While an export is prepared, its state is asked for this often (and not while the tab is hidden). */
export const DATA_EXPORT_POLL_MS = 5_000;
const QUERY_KEY = ['self', 'dataExports'];
const DEFAULT_FILE_NAME = 'Meine_Daten.zip';
const EXPORT_MESSAGES: ReadonlySet<string> = new Set(Object.values(DATA_EXPORT_SERVER_MESSAGES));

/** The day in Germany until which an export can be downloaded, as dd.MM.yyyy. */
const untilDate = (expiresAt: string | null) => (expiresAt ? formatDate(todayInGermany(new Date(expiresAt))) : '');

/**
 * 'Meine Daten' on the profile (issue 28, part 3; GDPR Art. 15 and 20): every signed-in person asks
 * for their own data, sees 'Wird erstellt …' while the server prepares the ZIP (asking again every
 * few seconds, only then), and downloads it until it expires ('Bereit bis …', 'Herunterladen').
 */
export default function DataExportSection() {
  const translate = useTranslate();
  const dataProvider = useDataProvider<LumioDataProvider>();
  const queryClient = useQueryClient();
  const { showError } = useDialogs();
  const busy = useRef(false);
  const [requesting, setRequesting] = useState(false);
  const [downloading, setDownloading] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const { data, isPending, error } = useQuery({
    queryKey: QUERY_KEY,
    queryFn: () => dataProvider.getDataExports(),
    refetchInterval: (query) => {
      const latest = query.state.data?.[0];
      return latest && isDataExportInPreparation(latest.status) ? DATA_EXPORT_POLL_MS : false;
    },
  });
  const latest: DataExport | undefined = data?.[0];
  const preparing = latest ? isDataExportInPreparation(latest.status) : false;
  const downloadable = latest ? isDataExportDownloadable(latest) : false;

  async function onRequest() {
    if (busy.current) return;
    busy.current = true;
    setRequesting(true);
    setNotice(null);
    try {
      await dataProvider.requestDataExport();
    } catch (err) {
      void showError(err);
    } finally {
      busy.current = false;
      setRequesting(false);
      await queryClient.invalidateQueries({ queryKey: QUERY_KEY });
    }
  }

  async function onDownload(id: string) {
    setDownloading(true);
    setNotice(null);
    try {
      const file = await dataProvider.downloadDataExport(id);
      saveFile(file.blob, file.fileName ?? DEFAULT_FILE_NAME);
    } catch (err) {
      // The export's own answers (expired meanwhile, not ready, failed) are told here, in the
      // catalogue's German, beside the state they lead to (the list is asked again below).
      const message = errorBodyOf(err)?.messages?.[0];
      if (message && EXPORT_MESSAGES.has(message)) setNotice(serverMessageToGerman(message) ?? null);
      else void showError(err);
      await queryClient.invalidateQueries({ queryKey: QUERY_KEY });
    } finally {
      setDownloading(false);
    }
  }

  let state = null;
  if (isPending) state = <CircularProgress size={24} aria-label={translate(`${T}.loading`)} />;
  else if (error) state = <Alert severity="error">{translate(`${T}.loadFailed`)}</Alert>;
  else if (latest && preparing) {
    state = (
      <Box role="status">
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <CircularProgress size={20} aria-hidden />
          <Typography>{translate(`${T}.preparing`)}</Typography>
        </Stack>
        <Typography variant="body2" sx={{ mt: 1 }}>
          {translate(`${T}.requested`)}
        </Typography>
      </Box>
    );
  } else if (latest && downloadable) {
    state = (
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }} role="status">
        <Typography>{translate(`${T}.readyUntil`, { date: untilDate(latest.expiresAt) })}</Typography>
        <Button
          variant="outlined"
          startIcon={<DownloadOutlined />}
          disabled={downloading}
          onClick={() => void onDownload(latest.id)}
        >
          {translate(downloading ? `${T}.downloading` : `${T}.download`)}
        </Button>
      </Stack>
    );
  } else if (latest?.status === 'failed') {
    // The job gave up: said as its own state (not as expired), with 'Meine Daten anfordern' below.
    state = <Alert severity="warning">{translate(`${T}.failed`)}</Alert>;
  } else if (latest?.expiresAt) {
    state = <Typography role="status">{translate(`${T}.expired`, { date: untilDate(latest.expiresAt) })}</Typography>;
  }

  return (
    <Box component="section" aria-labelledby="profile-data-export" sx={{ mt: 4 }}>
      <Typography id="profile-data-export" component="h2" variant="h2" sx={{ fontSize: '1.25rem', mb: 1 }}>
        {translate(`${T}.title`)}
      </Typography>
      <Typography sx={{ mb: 2 }}>{translate(`${T}.text`)}</Typography>
      {notice ? (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {notice}
        </Alert>
      ) : null}
      {state ? <Box sx={{ mb: 2 }}>{state}</Box> : null}
      {preparing ? null : (
        <Button variant="contained" disabled={requesting || isPending} onClick={() => void onRequest()}>
          {translate(latest && downloadable ? `${T}.requestAgain` : `${T}.request`)}
        </Button>
      )}
    </Box>
  );
}
