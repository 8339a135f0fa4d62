import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import { formatDate } from '../../domain/dates';
import { germanDayOf } from '../../domain/statementFormat';
import type { StatementStatus } from '../../domain/statements';
import { T } from './names';

/**
 * 'vorläufig' for the running month, 'ausgestellt am 01.11.2026' for an issued one. The frame
 * carries the colour; the text stays the body colour, readable on white (WCAG 1.4.3), as the
 * package state's chip does.
 */
export function StatusChip({ status, issuedAt }: { status: StatementStatus; issuedAt: string | null }) {
  const translate = useTranslate();
  const label =
    status === 'preview'
      ? translate(`${T}.preview`)
      : translate(`${T}.issuedOn`, { date: issuedAt ? germanDayOf(issuedAt) : '' });
  return (
    <Chip
      size="small"
      variant="outlined"
      label={label}
      sx={{
        borderColor: status === 'preview' ? 'warning.main' : 'success.main',
        borderWidth: 2,
        color: 'text.primary',
      }}
    />
  );
}

/** The preview's warning, or when the statement was issued and that it no longer changes. */
export function StatusNotice({ status, issuedAt }: { status: StatementStatus; issuedAt: string | null }) {
  const translate = useTranslate();
  if (status === 'preview') return <Alert severity="warning">{translate(`${T}.previewNotice`)}</Alert>;
  return (
    <Alert severity="info">{translate(`${T}.issuedNotice`, { date: issuedAt ? germanDayOf(issuedAt) : '' })}</Alert>
  );
}

export interface Fact {
  label: string;
  value: string;
}

/** Labelled facts of a statement's head (company, address, period, integrators), wrapping on a phone. */
export function StatementFacts({ facts }: { facts: readonly Fact[] }) {
  return (
    <Box
      component="dl"
      sx={{
        m: 0,
        display: 'grid',
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(auto-fill, minmax(220px, 1fr))' },
        gap: 2,
      }}
    >
      {facts.map((fact) => (
        <Box key={fact.label}>
          <Typography component="dt" variant="body2" color="text.secondary">
            {fact.label}
          </Typography>
          <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
            {fact.value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

/** "01.10.2026 bis 31.10.2026". */
export function usePeriodText() {
  const translate = useTranslate();
  return (period: { startDate: string; endDate: string }) =>
    translate(`${T}.periodValue`, { start: formatDate(period.startDate), end: formatDate(period.endDate) });
}
