import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { Fragment, type ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import { licenseKeyEndLabel, packagePeriodLabel } from '../../domain/statementFormat';
import type { StatementDevice, StatementPackageLine, StatementStore } from '../../domain/statements';
import { formatCount } from '../licenses/usage/format';
import { T } from './names';

const COLUMNS = ['device', 'license', 'package', 'used', 'remaining', 'postpaid', 'cancelled'] as const;
const NUMERIC = new Set<string>(['used', 'remaining', 'postpaid', 'cancelled']);

const remainingText = (line: StatementPackageLine) =>
  line.remainingAtMonthEnd === null ? '–' : formatCount(line.remainingAtMonthEnd);

/**
 * One studio's devices in the month: per device its licence (the key's end), each prepaid package
 * it used (period, units used, units left at month end), postpaid and cancelled processes. A table
 * on a desktop (a device with several packages spans their rows); a card per device on a phone,
 * so the page never scrolls sideways.
 */
export function StoreDevices({ store }: { store: StatementStore }) {
  const translate = useTranslate();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const caption = translate(`${T}.devicesCaption`, { name: store.storeName });
  const packageText = (line: StatementPackageLine) =>
    packagePeriodLabel(line.startDate, line.endDate) || translate(`${T}.noPackage`);
  if (phone) {
    return (
      <Box component="ul" aria-label={caption} sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }}>
        {store.devices.map((device) => (
          <DeviceCard key={`${device.licenseId}|${device.machineId}`} device={device} packageText={packageText} />
        ))}
      </Box>
    );
  }
  return (
    // A table wider than a narrow window scrolls inside this box (focusable, named), not the page.
    <TableContainer tabIndex={0} role="group" aria-label={caption}>
      <Table size="small">
        <caption style={{ captionSide: 'top', textAlign: 'left', fontWeight: 600, padding: '8px 16px' }}>
          {caption}
        </caption>
        <TableHead>
          <TableRow>
            {COLUMNS.map((column) => (
              <TableCell key={column} scope="col" align={NUMERIC.has(column) ? 'right' : 'left'}>
                {translate(`${T}.columns.${column}`)}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {store.devices.flatMap((device) => deviceRows(device, packageText, translate(`${T}.noPrepaid`)))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/** A device's rows: one per package it used (at least one); its own cells span them. */
function deviceRows(device: StatementDevice, packageText: (line: StatementPackageLine) => string, noPrepaid: string) {
  const lines: (StatementPackageLine | null)[] = device.prepaid.length > 0 ? device.prepaid : [null];
  const span = lines.length;
  const key = `${device.licenseId}|${device.machineId}`;
  return lines.map((line, index) => (
    <TableRow key={`${key}|${line?.packageId ?? index}`}>
      {index === 0 ? (
        <>
          <TableCell component="th" scope="row" rowSpan={span} sx={{ overflowWrap: 'anywhere' }}>
            {device.machineId}
          </TableCell>
          <TableCell rowSpan={span} sx={{ fontFamily: 'monospace', whiteSpace: 'nowrap' }}>
            {licenseKeyEndLabel(device.licenseKeyEnd)}
          </TableCell>
        </>
      ) : null}
      <TableCell>{line ? packageText(line) : noPrepaid}</TableCell>
      <TableCell align="right">{line ? formatCount(line.used) : formatCount(0)}</TableCell>
      <TableCell align="right">{line ? remainingText(line) : '–'}</TableCell>
      {index === 0 ? (
        <>
          <TableCell align="right" rowSpan={span}>
            {formatCount(device.postpaid)}
          </TableCell>
          <TableCell align="right" rowSpan={span}>
            {formatCount(device.cancelled)}
          </TableCell>
        </>
      ) : null}
    </TableRow>
  ));
}

/** A phone's card of one device: the same figures as the table's rows, label beside value. */
function DeviceCard({
  device,
  packageText,
}: {
  device: StatementDevice;
  packageText: (line: StatementPackageLine) => string;
}) {
  const translate = useTranslate();
  const label = (column: (typeof COLUMNS)[number]) => translate(`${T}.columns.${column}`);
  return (
    <Box component="li" sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5 }}>
      <Typography component="p" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
        {device.machineId}
      </Typography>
      <PairList>
        <Pair term={label('license')} value={licenseKeyEndLabel(device.licenseKeyEnd)} />
        {device.prepaid.length === 0 ? <Pair term={label('package')} value={translate(`${T}.noPrepaid`)} /> : null}
        {device.prepaid.map((line, index) => (
          <Fragment key={line.packageId ?? index}>
            <Pair term={label('package')} value={packageText(line)} />
            <Pair term={label('used')} value={formatCount(line.used)} />
            <Pair term={label('remaining')} value={remainingText(line)} />
          </Fragment>
        ))}
        <Pair term={label('postpaid')} value={formatCount(device.postpaid)} />
        <Pair term={label('cancelled')} value={formatCount(device.cancelled)} />
      </PairList>
    </Box>
  );
}

/** Terms and values in two columns: the terms as wide as the longest, the values the rest. */
export function PairList({ children }: { children: ReactNode }) {
  return (
    <Box
      component="dl"
      sx={{ m: 0, display: 'grid', gridTemplateColumns: 'max-content minmax(0, 1fr)', columnGap: 2, rowGap: 0.5 }}
    >
      {children}
    </Box>
  );
}

export function Pair({ term, value }: { term: string; value: string }) {
  return (
    <>
      <Typography component="dt" variant="body2" color="text.secondary">
        {term}
      </Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
        {value}
      </Typography>
    </>
  );
}
