import Box from '@mui/material/Box';
import { Suspense, type ReactNode } from 'react';
import { ChartPlaceholder } from './ChartPlaceholder';
import { useNearViewport } from './useNearViewport';

/**
 * The place of a chart: a placeholder of the chart's height until the place is seen, then the
 * (React.lazy) chart, whose chunk brings @mui/x-charts with it.
 */
export function LazyChart({ height, children }: { height: number; children: ReactNode }) {
  const { ref, near } = useNearViewport<HTMLDivElement>();
  const placeholder = <ChartPlaceholder height={height} />;
  return <Box ref={ref}>{near ? <Suspense fallback={placeholder}>{children}</Suspense> : placeholder}</Box>;
}
