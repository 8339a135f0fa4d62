import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import { BarPlot } from '@mui/x-charts/BarChart';
import { ChartsAxis } from '@mui/x-charts/ChartsAxis';
import { ChartsAxisHighlight } from '@mui/x-charts/ChartsAxisHighlight';
import { ChartsDataProvider } from '@mui/x-charts/ChartsDataProvider';
import { ChartsLegend } from '@mui/x-charts/ChartsLegend';
import { ChartsSurface } from '@mui/x-charts/ChartsSurface';
import { ChartsTooltip } from '@mui/x-charts/ChartsTooltip';
import { ChartsWrapper } from '@mui/x-charts/ChartsWrapper';
import { LinePlot } from '@mui/x-charts/LineChart';
import { useTranslate } from 'react-admin';
import type { ConsumptionGranularity, ConsumptionPoint } from '../../../domain/usage';
import { formatCount, shortDayLabel } from './format';

/**
 * A package's consumption: units used per day or week as bars (left axis) and the units left
 * after each as a line (right axis). Loaded lazily by PackageConsumption, like UsageChart.
 */
export default function ConsumptionChart({
  points,
  granularity,
  height,
}: {
  points: readonly ConsumptionPoint[];
  granularity: ConsumptionGranularity;
  height: number;
}) {
  const translate = useTranslate();
  const theme = useTheme();
  const valueFormatter = (value: number | null) => (value === null ? '' : formatCount(value));
  const T = 'app.usage.consumption';
  return (
    <Box
      role="img"
      aria-label={translate(`${T}.chartLabel`, {
        unit: translate(granularity === 'day' ? `${T}.unitDay` : `${T}.unitWeek`),
      })}
      sx={{ width: '100%' }}
    >
      <ChartsDataProvider
        height={height}
        series={[
          {
            type: 'bar',
            id: 'used',
            data: points.map((point) => point.used),
            label: translate(`${T}.columns.used`),
            yAxisId: 'used',
            color: theme.palette.primary.main,
            valueFormatter,
          },
          {
            type: 'line',
            id: 'remaining',
            data: points.map((point) => point.remaining),
            label: translate(`${T}.columns.remaining`),
            yAxisId: 'remaining',
            color: theme.palette.secondary.main,
            curve: 'stepAfter',
            showMark: false,
            valueFormatter,
          },
        ]}
        xAxis={[{ id: 'period', scaleType: 'band', data: points.map((point) => shortDayLabel(point.date)) }]}
        yAxis={[
          { id: 'used', position: 'left', tickMinStep: 1, valueFormatter: (value: number) => formatCount(value) },
          {
            id: 'remaining',
            position: 'right',
            min: 0,
            tickMinStep: 1,
            valueFormatter: (value: number) => formatCount(value),
          },
        ]}
        localeText={{ noData: translate('app.usage.noData'), loading: translate('app.usage.chartLoading') }}
      >
        <ChartsWrapper>
          <ChartsLegend />
          <ChartsSurface>
            <BarPlot />
            <LinePlot />
            <ChartsAxisHighlight x="band" />
            <ChartsAxis />
          </ChartsSurface>
          <ChartsTooltip />
        </ChartsWrapper>
      </ChartsDataProvider>
    </Box>
  );
}
