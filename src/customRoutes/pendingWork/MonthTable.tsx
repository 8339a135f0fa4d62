import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useTranslate } from 'ra-core';
import type { MonthUsage } from '../../domain/usage';

const FIELDS = ['prepaid', 'postpaid', 'cancelled'] as const;
const count = new Intl.NumberFormat('de-DE');

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
    <Table size="small" aria-labelledby={labelledBy} sx={{ maxWidth: 420 }}>
      <TableHead>
        <TableRow>
          <TableCell component="td" />
          <TableCell align="right">{translate('app.dashboard.pending.thisMonth')}</TableCell>
          <TableCell align="right">{translate('app.dashboard.pending.lastMonth')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {FIELDS.map((field) => (
          <TableRow key={field}>
            <TableCell component="th" scope="row">
              {translate(`app.dashboard.pending.${field}`)}
            </TableCell>
            <TableCell align="right" data-testid={`this-month-${field}`}>
              {count.format(thisMonth[field])}
            </TableCell>
            <TableCell align="right" data-testid={`last-month-${field}`}>
              {count.format(lastMonth[field])}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
