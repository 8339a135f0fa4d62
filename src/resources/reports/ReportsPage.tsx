import Alert from '@mui/material/Alert';
import Card from '@mui/material/Card';
import Typography from '@mui/material/Typography';
import { Loading, usePermissions, useTranslate } from 'react-admin';
import { canRequestReports } from '../../domain/reports';
import type { Self } from '../../domain/self';
import { ReportRequestForm } from './ReportRequestForm';
import { ReportResults } from './ReportResults';
import { useReportActions } from './useReportActions';

/**
 * Route identification-process-reports, title 'Vorgangsauswertung anfordern' (spec "Identification
 * process reports", issue 14): the request form, and below it the results of the user's scope.
 */
export default function ReportsPage() {
  const translate = useTranslate();
  const { permissions: self } = usePermissions<Self | undefined>();
  const actions = useReportActions();
  const title = translate('app.reports.title');
  if (!self) return <Loading />;
  if (!canRequestReports(self.role)) return <Alert severity="info">{translate('ra.page.access_denied')}</Alert>;
  return (
    <>
      <Card sx={{ p: { xs: 2, md: 3 }, mb: 3 }}>
        <ReportRequestForm self={self} onRequest={actions.requestReport} requesting={actions.requesting} />
      </Card>
      <Typography component="h2" variant="h2" sx={{ mb: 1 }}>
        {translate('app.reports.results')}
      </Typography>
      <ReportResults actions={actions} title={title} />
    </>
  );
}
