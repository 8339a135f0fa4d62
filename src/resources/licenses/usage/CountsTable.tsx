import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableFooter from '@mui/material/TableFooter';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useTranslate } from 'react-admin';
import { USAGE_COUNT_FIELDS, type UsageCounts } from '../../../domain/usage';
import { formatCount } from './format';

/** The sum row reads like the rows above it, only bold (a table footer is small and grey by default). */
const SUM_CELL = { fontWeight: 600, color: 'text.primary', fontSize: '0.875rem' } as const;

export interface CountsTableRow {
  key: string;
  /** The row's labels, one per label column; the first one heads the row. */
  labels: string[];
  counts: UsageCounts;
}

/**
 * A table of process counts with German headers (Prepaid, Postpaid, Storniert, Abrechenbar),
 * numbers in German notation and a 'Summe' footer: the accessible form of what a chart shows.
 */
export function CountsTable({
  caption,
  labelColumns,
  rows,
  totals,
}: {
  caption: string;
  /** Message keys of the label columns, e.g. app.usage.columns.month. */
  labelColumns: string[];
  rows: CountsTableRow[];
  totals: UsageCounts;
}) {
  const translate = useTranslate();
  return (
    // A phone scrolls the table inside this box: focusable and named, so a keyboard scrolls it too.
    <TableContainer tabIndex={0} role="group" aria-label={caption}>
      <Table size="small">
        <caption style={{ captionSide: 'top', textAlign: 'left', fontWeight: 600, padding: '8px 16px' }}>
          {caption}
        </caption>
        <TableHead>
          <TableRow>
            {labelColumns.map((column) => (
              <TableCell key={column} scope="col">
                {translate(column)}
              </TableCell>
            ))}
            {USAGE_COUNT_FIELDS.map((field) => (
              <TableCell key={field} scope="col" align="right">
                {translate(`app.usage.columns.${field}`)}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.key}>
              {row.labels.map((label, index) =>
                index === 0 ? (
                  <TableCell key={index} component="th" scope="row">
                    {label}
                  </TableCell>
                ) : (
                  <TableCell key={index}>{label}</TableCell>
                ),
              )}
              {USAGE_COUNT_FIELDS.map((field) => (
                <TableCell key={field} align="right">
                  {formatCount(row.counts[field])}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
        <TableFooter>
          <TableRow sx={{ '& > .MuiTableCell-root': SUM_CELL }}>
            <TableCell component="th" scope="row" colSpan={labelColumns.length}>
              {translate('app.usage.total')}
            </TableCell>
            {USAGE_COUNT_FIELDS.map((field) => (
              <TableCell key={field} align="right">
                {formatCount(totals[field])}
              </TableCell>
            ))}
          </TableRow>
        </TableFooter>
      </Table>
    </TableContainer>
  );
}
