import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import RefreshOutlined from '@mui/icons-material/RefreshOutlined';
import ReplayOutlined from '@mui/icons-material/ReplayOutlined';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import { FunctionField, useListContext, useRecordContext, useTranslate } from 'react-admin';
import { LumioDatagrid, LumioList, type PhoneRow } from '../../components/list';
import { formatDate, formatDateTime } from '../../domain/dates';
import { isReportUnfinished, requestOf, type IdentificationReport, type ReportState } from '../../domain/reports';
import { REPORTS_RESOURCE } from './names';
import type { ReportActions } from './useReportActions';

const T = 'app.reports';
/** While a report of the list is Pending or InProgress, the list asks again this often. */
export const REFRESH_INTERVAL_MS = 3_000;

const STATE_COLORS: Record<ReportState, 'default' | 'info' | 'success' | 'error'> = {
  Pending: 'default',
  InProgress: 'info',
  Completed: 'success',
  Failed: 'error',
};

/** react-query's refetchInterval: every few seconds while a shown report is unfinished, else never. */
export function refreshWhileUnfinished(query: { state: { data?: unknown } }): number | false {
  const page = query.state.data as { data?: IdentificationReport[] } | undefined;
  return page?.data?.some((report) => isReportUnfinished(report.state)) ? REFRESH_INTERVAL_MS : false;
}

/**
 * The results table below the request form (spec "Identification process reports"): Timestamp,
 * Zeitraum, Firma, Systemintegrator, Reseller, Postpaid, Status, newest change first, paged and
 * searchable; a completed row downloads its ZIP, a failed one is requested again with the same
 * values. 'Ergebnisse aktualisieren' reloads it, and it reloads itself while a report is not
 * finished.
 */
export function ReportResults({ actions, title }: { actions: ReportActions; title: string }) {
  const translate = useTranslate();
  const period = (report: IdentificationReport) =>
    translate(`${T}.period`, { start: formatDate(report.startDate), end: formatDate(report.endDate) });
  const nameOrAll = (ref: { name: string } | null) => ref?.name ?? translate(`${T}.all`);
  const rowAction = <RowAction label={`${T}.actions`} actions={actions} period={period} />;
  // Issue 25: a phone card offers the row's download or 'Erneut anfordern' as the same button as
  // the table; tapping the card itself runs nothing, as a click on the desktop row runs nothing.
  const phoneRow: PhoneRow = {
    primaryText: (report: IdentificationReport) => period(report),
    secondaryText: (report: IdentificationReport) => translate(`${T}.states.${report.state}`),
    tertiaryText: (report: IdentificationReport) => formatDateTime(report.lastModified),
    actions: rowAction,
  };
  return (
    <LumioList
      resource={REPORTS_RESOURCE}
      sort={{ field: 'lastModified', order: 'DESC' }}
      pageTitle={title}
      actions={<RefreshButton />}
      queryOptions={{ refetchInterval: refreshWhileUnfinished }}
    >
      <LumioDatagrid phoneRow={phoneRow}>
        <FunctionField<IdentificationReport>
          source="lastModified"
          render={(report) => formatDateTime(report.lastModified)}
        />
        <FunctionField<IdentificationReport> source="period" sortBy="startDate" render={period} />
        <FunctionField<IdentificationReport>
          source="company"
          sortBy="company.name"
          render={(report) => nameOrAll(report.company)}
        />
        <FunctionField<IdentificationReport>
          source="systemIntegrator"
          sortBy="systemIntegrator.name"
          render={(report) => nameOrAll(report.systemIntegrator)}
        />
        <FunctionField<IdentificationReport>
          source="reseller"
          sortBy="reseller.name"
          render={(report) => nameOrAll(report.reseller)}
        />
        <FunctionField<IdentificationReport>
          source="postPaidOnly"
          render={(report) => translate(report.postPaidOnly ? `${T}.yes` : `${T}.no`)}
        />
        <FunctionField<IdentificationReport>
          source="state"
          render={(report) => (
            <Chip
              size="small"
              variant="outlined"
              color={STATE_COLORS[report.state]}
              label={translate(`${T}.states.${report.state}`)}
              title={report.state === 'Failed' ? translate(`${T}.failedHint`) : undefined}
            />
          )}
        />
        {rowAction}
      </LumioDatagrid>
    </LumioList>
  );
}

/** 'Ergebnisse aktualisieren': the list again, now. */
function RefreshButton() {
  const translate = useTranslate();
  const { refetch, isFetching } = useListContext();
  return (
    <Button
      variant="outlined"
      startIcon={isFetching ? <CircularProgress size={16} color="inherit" /> : <RefreshOutlined />}
      onClick={() => void refetch()}
    >
      {translate(`${T}.refresh`)}
    </Button>
  );
}

/** A completed report's download; a failed one's 'Erneut anfordern'. */
function RowAction({
  actions,
  period,
}: {
  label: string;
  actions: ReportActions;
  period: (report: IdentificationReport) => string;
}) {
  const translate = useTranslate();
  const report = useRecordContext<IdentificationReport>();
  if (!report) return null;
  if (report.state === 'Completed') {
    const busy = actions.isDownloading(report.id);
    return (
      <IconButton
        aria-label={translate(`${T}.download`, { period: period(report) })}
        title={translate(`${T}.downloadShort`)}
        size="small"
        disabled={busy}
        onClick={() => void actions.downloadReport(report.id)}
      >
        {busy ? <CircularProgress size={18} /> : <DownloadOutlined fontSize="small" />}
      </IconButton>
    );
  }
  if (report.state === 'Failed') {
    return (
      <Button
        size="small"
        startIcon={<ReplayOutlined fontSize="small" />}
        aria-label={translate(`${T}.requestAgainLabel`, { period: period(report) })}
        disabled={actions.requesting}
        onClick={() => void actions.requestReport(requestOf(report))}
      >
        {translate(`${T}.requestAgain`)}
      </Button>
    );
  }
  return null;
}
