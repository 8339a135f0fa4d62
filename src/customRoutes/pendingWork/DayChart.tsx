import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'ra-core';
import { lazy, Suspense, useId, useState } from 'react';
import type { DayCount } from '../../domain/dashboard';

const ProcessesPerDayChart = lazy(() => import('./ProcessesPerDayChart'));
const HEIGHT = 160;
const count = new Intl.NumberFormat('de-DE');

/**
 * The 30 days' processes: their sum and busiest day as text at once, the chart when asked for.
 * The chart's library (@mui/x-charts, about 90 kB) is loaded only then, so it never weighs on the
 * dashboard's load, even where the chart's place would be in view at once.
 */
export function DayChart({ days }: { days: readonly DayCount[] }) {
  const translate = useTranslate();
  const [shown, setShown] = useState(false);
  const chartId = useId();
  const total = days.reduce((sum, day) => sum + day.count, 0);
  const max = days.reduce((most, day) => Math.max(most, day.count), 0);
  return (
    <Box data-testid="processes-per-day-chart">
      <Typography variant="body1">
        {translate('app.dashboard.pending.chartSummary', { total: count.format(total), max: count.format(max) })}
      </Typography>
      {/* A toggle that stays where it is, so focus stays on it (WCAG 2.4.3). */}
      <Button
        size="small"
        onClick={() => setShown((now) => !now)}
        aria-expanded={shown}
        aria-controls={shown ? chartId : undefined}
        sx={{ mt: 1, ml: -1 }}
      >
        {translate(shown ? 'app.dashboard.pending.chartHide' : 'app.dashboard.pending.chartShow')}
      </Button>
      {shown ? (
        <Box id={chartId}>
          <Suspense fallback={<Box sx={{ height: HEIGHT }} />}>
            <ProcessesPerDayChart days={days} height={HEIGHT} />
          </Suspense>
        </Box>
      ) : null}
    </Box>
  );
}
