import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import { useTranslate } from 'react-admin';
import type { DownloadedFile } from '../../dataProvider';
import { fallbackStatementFileName, type StatementFileFormat } from '../../domain/statementFormat';
import { T } from './names';
import { useStatementDownload } from './useStatementDownload';

const LABELS: Record<StatementFileFormat, string> = { pdf: `${T}.downloadPdf`, csv: `${T}.downloadCsv` };

/**
 * 'PDF herunterladen' and 'CSV herunterladen' (or only the formats given) of one month's statement.
 * `subject` goes into the fallback file name ("abrechnung-integrator-2026-10.pdf").
 */
export function DownloadButtons({
  month,
  load,
  formats = ['pdf', 'csv'],
  subject,
}: {
  month: string;
  load: (format: StatementFileFormat) => Promise<DownloadedFile>;
  formats?: readonly StatementFileFormat[];
  subject?: string;
}) {
  const translate = useTranslate();
  const { download, busy } = useStatementDownload();
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
      {formats.map((format) => {
        const running = busy === format;
        return (
          <Button
            key={format}
            variant="outlined"
            disabled={busy !== null}
            startIcon={running ? <CircularProgress size={16} color="inherit" /> : <DownloadOutlined />}
            onClick={() => void download(format, () => load(format), fallbackStatementFileName(month, format, subject))}
          >
            {translate(running ? `${T}.downloading` : LABELS[format])}
          </Button>
        );
      })}
    </Stack>
  );
}
