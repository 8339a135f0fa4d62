import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useTranslate } from 'react-admin';
import { formatDateTime } from '../../domain/dates';
import { statementMonthLabel } from '../../domain/statementFormat';
import type { StatementCorrection } from '../../domain/statements';
import { formatCount } from '../licenses/usage/format';
import { T } from './names';

const COLUMNS = ['originalMonth', 'store', 'device', 'kind', 'units', 'cancelledAt'] as const;

/**
 * Processes of earlier, issued months cancelled after their statement was issued: one line each,
 * −1 unit, in the month of the cancellation (the issued statement stays as it was).
 */
export function StatementCorrections({ corrections }: { corrections: readonly StatementCorrection[] }) {
  const translate = useTranslate();
  const caption = translate(`${T}.correctionsCaption`);
  return (
    <TableContainer tabIndex={0} role="group" aria-label={caption}>
      <Table size="small">
        <caption style={{ captionSide: 'top', textAlign: 'left', fontWeight: 600, padding: '8px 16px' }}>
          {caption}
        </caption>
        <TableHead>
          <TableRow>
            {COLUMNS.map((column) => (
              <TableCell key={column} scope="col" align={column === 'units' ? 'right' : 'left'}>
                {translate(`${T}.correctionColumns.${column}`)}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {corrections.map((correction) => (
            <TableRow key={correction.processId}>
              <TableCell component="th" scope="row">
                {statementMonthLabel(correction.originalMonth)}
              </TableCell>
              <TableCell>{correction.storeName}</TableCell>
              <TableCell sx={{ overflowWrap: 'anywhere' }}>{correction.machineId}</TableCell>
              <TableCell>{translate(`${T}.kinds.${correction.kind}`)}</TableCell>
              <TableCell align="right">{formatCount(correction.units)}</TableCell>
              <TableCell>{formatDateTime(correction.cancelledAt)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
