import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';

import { useTranslate } from 'react-admin';
import { formatCount } from './format';

const T = 'app.usage.consumption';

/** A package's periods with processes: used, cancelled and the units left after each. */
export function ConsumptionTable({
  caption,
  dateHeader,
  rows,
}: {
  caption: string;
  dateHeader: string;
  rows: { date: string; label: string; used: number; cancelled: number; remaining: number }[];
}) {
  const translate = useTranslate();
  const columns = ['used', 'cancelled', 'remaining'] as const;
  return (
    // A phone scrolls the table inside this box: focusable and named, so a keyboard scrolls it too.
    <TableContainer sx={{ maxHeight: 400 }} tabIndex={0} role="group" aria-label={caption}>
      <Table size="small" stickyHeader>
        <caption style={{ captionSide: 'top', textAlign: 'left', fontWeight: 600, padding: '8px 16px' }}>
          {caption}
        </caption>
        <TableHead>
          <TableRow>
            <TableCell scope="col">{dateHeader}</TableCell>
            {columns.map((column) => (
              <TableCell key={column} scope="col" align="right">
                {translate(`${T}.columns.${column}`)}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.date}>
              <TableCell component="th" scope="row">
                {row.label}
              </TableCell>
              {columns.map((column) => (
                <TableCell key={column} align="right">
                  {formatCount(row[column])}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
