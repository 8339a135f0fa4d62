import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import { BarChart } from '@mui/x-charts/BarChart';
import { useTranslate } from 'react-admin';
import type { MonthUsage } from '../../../domain/usage';
import { formatCount, monthLabel } from './format';

/**
 * Processes per month as stacked bars (prepaid, postpaid, cancelled). Loaded lazily by UsagePanel:
 * @mui/x-charts with its d3 parts is heavy and belongs only to the screens that show a chart.
 * For assistive technology the chart is one image whose label points to the table with the same
 * numbers.
 */
export default function UsageChart({
  months,
  from,
  to,
  height,
}: {
  months: readonly MonthUsage[];
  from: string;
  to: string;
  height: number;
}) {
  const translate = useTranslate();
  const theme = useTheme();
  const valueFormatter = (value: number | null) => (value === null ? '' : formatCount(value));
  const series = (field: 'prepaid' | 'postpaid' | 'cancelled', color: string) => ({
    id: field,
    data: months.map((month) => month[field]),
    label: translate(`app.usage.columns.${field}`),
    stack: 'processes',
    color,
    valueFormatter,
  });
  return (
    <Box
      role="img"
      aria-label={translate('app.usage.chartLabel', { from: monthLabel(from), to: monthLabel(to) })}
      sx={{ width: '100%' }}
    >
      <BarChart
        height={height}
        xAxis={[{ scaleType: 'band', data: months.map((month) => monthLabel(month.month)) }]}
        yAxis={[{ valueFormatter: (value: number) => formatCount(value), tickMinStep: 1 }]}
        series={[
          series('prepaid', theme.palette.primary.main),
          series('postpaid', theme.palette.secondary.main),
          series('cancelled', theme.palette.grey[400]),
        ]}
        localeText={{ noData: translate('app.usage.noData'), loading: translate('app.usage.chartLoading') }}
      />
    </Box>
  );
}
