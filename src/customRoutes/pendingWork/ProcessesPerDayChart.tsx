import Box from '@mui/material/Box';
import { BarChart } from '@mui/x-charts/BarChart';
import { useTranslate } from 'ra-core';
import { formatDate } from '../../domain/dates';
import type { DayCount } from '../../domain/dashboard';

const count = new Intl.NumberFormat('de-DE');
/** "2026-11-15" → "15.11." on the axis. */
const shortDay = (day: string) => formatDate(day).slice(0, 6);

/**
 * The small 30-day chart of LumioAdmin and SystemIntegratorAdmin. Its own chunk (React.lazy, loaded
 * when its place is seen): @mui/x-charts is heavy, and the same library chunk serves the usage view.
 * For assistive technology it is one image with its figures in the label.
 */
export default function ProcessesPerDayChart({ days, height }: { days: readonly DayCount[]; height: number }) {
  const translate = useTranslate();
  const total = days.reduce((sum, day) => sum + day.count, 0);
  const max = days.reduce((most, day) => Math.max(most, day.count), 0);
  return (
    <Box
      role="img"
      aria-label={translate('app.dashboard.pending.chartLabel', {
        total: count.format(total),
        from: formatDate(days[0]?.day),
        to: formatDate(days[days.length - 1]?.day),
        max: count.format(max),
      })}
      sx={{ width: '100%' }}
    >
      <BarChart
        height={height}
        xAxis={[{ scaleType: 'band', data: days.map((day) => shortDay(day.day)) }]}
        yAxis={[{ valueFormatter: (value: number) => count.format(value), tickMinStep: 1, width: 48 }]}
        series={[
          {
            data: days.map((day) => day.count),
            valueFormatter: (value) => (value === null ? '' : count.format(value)),
          },
        ]}
        margin={{ left: 0, right: 8, top: 8, bottom: 0 }}
        hideLegend
      />
    </Box>
  );
}
