import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useDataProvider, useTranslate } from 'react-admin';
import type { LumioDataProvider } from '../../dataProvider';
import { currentStatementMonth } from '../../domain/statementFormat';
import { usePageTitle } from '../../layout/usePageTitle';
import { DownloadButtons } from './DownloadButtons';
import { MonthPicker } from './MonthPicker';
import { T } from './names';

const E = `${T}.export`;
const CSV_ONLY = ['csv'] as const;

/**
 * statements/export (issue 27, part 3): the LumioAdmin's 'Abrechnungsexport', one CSV for a
 * month with every company's billable postpaid processes and prepaid units used, per integrator
 * (GET /api/statement/{month}/csv).
 */
export function StatementExportPage() {
  const translate = useTranslate();
  const dataProvider = useDataProvider<LumioDataProvider>();
  const title = translate(`${E}.title`);
  usePageTitle(title);
  const [month, setMonth] = useState(() => currentStatementMonth());
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 2 }}>
      <Typography component="h1" variant="h1">
        {title}
      </Typography>
      <Card sx={{ p: { xs: 2, md: 3 }, display: 'grid', gap: 2, justifyItems: 'start' }}>
        <Typography color="text.secondary">{translate(`${E}.intro`)}</Typography>
        <MonthPicker value={month} onChange={setMonth} />
        <DownloadButtons
          month={month}
          subject="export"
          formats={CSV_ONLY}
          load={() => dataProvider.downloadStatementExport(month)}
        />
      </Card>
    </Box>
  );
}
