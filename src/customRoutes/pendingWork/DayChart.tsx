import Box from '@mui/material/Box';
import { lazy, Suspense } from 'react';
import type { DayCount } from '../../domain/dashboard';
import { useNearViewport } from '../../resources/licenses/usage/useNearViewport';

const ProcessesPerDayChart = lazy(() => import('./ProcessesPerDayChart'));
const HEIGHT = 160;

/**
 * The chart's place: an empty box of its height until the place is seen, then the lazily loaded
 * chart. So a dashboard whose chart is below the fold does not download the chart library.
 */
export function DayChart({ days }: { days: readonly DayCount[] }) {
  const { ref, near } = useNearViewport<HTMLDivElement>();
  const placeholder = <Box sx={{ height: HEIGHT }} />;
  return (
    <Box ref={ref} data-testid="processes-per-day-chart">
      {near ? (
        <Suspense fallback={placeholder}>
          <ProcessesPerDayChart days={days} height={HEIGHT} />
        </Suspense>
      ) : (
        placeholder
      )}
    </Box>
  );
}
