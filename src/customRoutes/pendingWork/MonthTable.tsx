import Box from '@mui/material/Box';
import { useTranslate } from 'ra-core';
import type { MonthUsage } from '../../domain/usage';

const FIELDS = ['prepaid', 'postpaid', 'cancelled'] as const;
const count = new Intl.NumberFormat('de-DE');

/** Cells of the small table. A plain table: MUI's Table would add its own chunk to the dashboard's load. */
const cellSx = { py: 0.75, px: 1, borderBottom: 1, borderColor: 'divider', textAlign: 'right' } as const;
const headSx = { ...cellSx, fontWeight: 500 } as const;

/** This month's identification processes beside last month's: three rows, two numbers each. */
export function MonthTable({
  thisMonth,
  lastMonth,
  labelledBy,
}: {
  thisMonth: MonthUsage;
  lastMonth: MonthUsage;
  labelledBy: string;
}) {
  const translate = useTranslate();
  return (
    <Box
      component="table"
      aria-labelledby={labelledBy}
      sx={{ borderCollapse: 'collapse', width: '100%', maxWidth: 420, typography: 'body2' }}
    >
      <thead>
        <tr>
          <Box component="td" sx={cellSx} />
          <Box component="th" scope="col" sx={headSx}>
            {translate('app.dashboard.pending.thisMonth')}
          </Box>
          <Box component="th" scope="col" sx={headSx}>
            {translate('app.dashboard.pending.lastMonth')}
          </Box>
        </tr>
      </thead>
      <tbody>
        {FIELDS.map((field) => (
          <tr key={field}>
            <Box component="th" scope="row" sx={{ ...headSx, textAlign: 'left' }}>
              {translate(`app.dashboard.pending.${field}`)}
            </Box>
            <Box component="td" sx={cellSx} data-testid={`this-month-${field}`}>
              {count.format(thisMonth[field])}
            </Box>
            <Box component="td" sx={cellSx} data-testid={`last-month-${field}`}>
              {count.format(lastMonth[field])}
            </Box>
          </tr>
        ))}
      </tbody>
    </Box>
  );
}
