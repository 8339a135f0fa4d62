import BarChartOutlined from '@mui/icons-material/BarChartOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { lazy, useId, useState } from 'react';
import { useTranslate, type Identifier } from 'react-admin';
import type { CompanyUsageQuery } from '../../../dataProvider';
import { todayInGermany } from '../../../domain/dates';
import { addMonths, monthOf, USAGE_DEFAULT_MONTHS, USAGE_MAX_MONTHS, type CompanyUsage } from '../../../domain/usage';
import { CountsTable } from './CountsTable';
import { formatCount, monthLabel } from './format';
import { LazyChart } from './LazyChart';
import { UsageBreakdown } from './UsageBreakdown';
import { useCompanyUsage } from './useUsage';
import { NATIVE_SELECT } from './nativeSelect';

// The chart library (@mui/x-charts with d3, 90 kB gzip) loads only when the chart is asked for:
// below the studios it was in view at once on a desktop and doubled the page's weight (issue 25).
const loadUsageChart = () => import('./UsageChart');
const UsageChart = lazy(loadUsageChart);
const USAGE_CHART_HEIGHT = 300;

/** The periods to choose from; the first is the API's default range. */
export const USAGE_PERIODS = [USAGE_DEFAULT_MONTHS, 24, USAGE_MAX_MONTHS] as const;

/** The query of a period: none for the default (the server's months in Germany), else the last `months`. */
function periodQuery(months: number): Pick<CompanyUsageQuery, 'from' | 'to'> {
  if (months === USAGE_DEFAULT_MONTHS) return {};
  const to = monthOf(todayInGermany());
  return { from: addMonths(to, -(months - 1)), to };
}

/**
 * The company's usage (issue 13, part 4): identification processes per month, studio and device —
 * prepaid, postpaid and cancelled — as a table and, on 'Diagramm anzeigen', a stacked bar chart of
 * the same numbers; a
 * breakdown per studio and device, a studio filter and the period. For the license-management
 * studios level ({companyId}); the API shows the Owner its company, a SystemIntegratorAdmin the
 * processes of its own licences, LumioAdmin everything.
 */
export function UsagePanel({ companyId }: { companyId: Identifier }) {
  const translate = useTranslate();
  const headingId = useId();
  const [storeId, setStoreId] = useState('');
  const [months, setMonths] = useState<number>(USAGE_DEFAULT_MONTHS);
  const { data, isPending, error } = useCompanyUsage(companyId, {
    ...periodQuery(months),
    storeId: storeId || undefined,
  });

  return (
    // minmax(0, 1fr): the column is as wide as the page, not as its widest table (which scrolls
    // inside its own box on a phone instead of pushing the page sideways).
    <Box
      component="section"
      aria-labelledby={headingId}
      sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 2 }}
    >
      <Typography variant="h6" component="h2" id={headingId}>
        {translate('app.usage.title')}
      </Typography>
      <Typography color="text.secondary">{translate('app.usage.intro')}</Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField
          select
          size="small"
          label={translate('app.usage.store')}
          value={storeId}
          onChange={(event) => setStoreId(event.target.value)}
          sx={{ minWidth: 240 }}
          slotProps={NATIVE_SELECT}
        >
          <option value="">{translate('app.usage.allStores')}</option>
          {(data?.stores ?? []).map((store) => (
            <option key={store.id} value={store.id}>
              {store.name}
            </option>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label={translate('app.usage.period')}
          value={String(months)}
          onChange={(event) => setMonths(Number(event.target.value))}
          sx={{ minWidth: 200 }}
          slotProps={NATIVE_SELECT}
        >
          {USAGE_PERIODS.map((count) => (
            <option key={count} value={count}>
              {translate('app.usage.lastMonths', { smart_count: count })}
            </option>
          ))}
        </TextField>
      </Stack>
      <Alert severity="info">{translate('app.usage.cancelledNote')}</Alert>
      {isPending ? (
        <CircularProgress size={24} aria-label={translate('app.usage.loading')} />
      ) : error || !data ? (
        <Alert severity="error">{translate('app.usage.loadFailed')}</Alert>
      ) : (
        <UsageResult usage={data} />
      )}
    </Box>
  );
}

function UsageResult({ usage }: { usage: CompanyUsage }) {
  const translate = useTranslate();
  const { totals } = usage;
  const [chartShown, setChartShown] = useState(false);
  return (
    <>
      <Typography>
        {translate('app.usage.range', { from: monthLabel(usage.from), to: monthLabel(usage.to) })}
        {' · '}
        {translate('app.usage.summary', {
          billable: formatCount(totals.billable),
          prepaid: formatCount(totals.prepaid),
          postpaid: formatCount(totals.postpaid),
          cancelled: formatCount(totals.cancelled),
        })}
      </Typography>
      <Box>
        <Button
          variant="outlined"
          size="small"
          startIcon={<BarChartOutlined />}
          aria-expanded={chartShown}
          // The chunk starts loading while the pointer or focus is on the button.
          onPointerEnter={() => void loadUsageChart()}
          onFocus={() => void loadUsageChart()}
          onClick={() => setChartShown((shown) => !shown)}
        >
          {translate(chartShown ? 'app.usage.hideChart' : 'app.usage.showChart')}
        </Button>
      </Box>
      {chartShown ? (
        <LazyChart height={USAGE_CHART_HEIGHT}>
          <UsageChart months={usage.months} from={usage.from} to={usage.to} height={USAGE_CHART_HEIGHT} />
        </LazyChart>
      ) : null}
      <CountsTable
        caption={translate('app.usage.monthsTitle')}
        labelColumns={['app.usage.columns.month']}
        rows={usage.months.map((month) => ({ key: month.month, labels: [monthLabel(month.month)], counts: month }))}
        totals={totals}
      />
      <Typography variant="subtitle1" component="h3">
        {translate('app.usage.breakdownTitle')}
      </Typography>
      <UsageBreakdown rows={usage.rows} />
    </>
  );
}
