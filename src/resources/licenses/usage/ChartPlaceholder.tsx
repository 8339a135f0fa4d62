import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';

/** Holds the chart's place (same height, no jump) while its chunk loads. */
export function ChartPlaceholder({ height = 300 }: { height?: number }) {
  const translate = useTranslate();
  return (
    <Box sx={{ height, display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
      <Typography color="text.secondary">{translate('app.usage.chartLoading')}</Typography>
    </Box>
  );
}
