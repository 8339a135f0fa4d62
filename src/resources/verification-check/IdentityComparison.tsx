import CheckCircleOutlineOutlined from '@mui/icons-material/CheckCircleOutlineOutlined';
import WarningAmber from '@mui/icons-material/WarningAmber';
import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { alpha, type Theme } from '@mui/material/styles';
import { useTranslate } from 'react-admin';
import { EMPTY_VALUE } from '../../components/detail';
import { formatDate } from '../../domain/dates';
import { eidDocumentTypeLabel, type IdentityField } from '../../domain/eid';
import type { EidReview } from './types';

const T = 'app.eidReviews.comparison';

const differingRowSx = { bgcolor: (theme: Theme) => alpha(theme.palette.warning.main, 0.12) };

interface Row {
  /** Message key of the row's name. */
  label: string;
  profile: string;
  document: string;
  /** The compared field; rows without one (Anrede, Dokumentart) are shown, not compared. */
  field?: IdentityField;
}

function rowsOf({ user, document }: EidReview): Row[] {
  return [
    { label: `${T}.salutation`, profile: user.salutation ?? '', document: '' },
    { label: `${T}.firstName`, profile: user.firstName, document: document.givenNames, field: 'firstName' },
    { label: `${T}.lastName`, profile: user.lastName, document: document.familyName, field: 'lastName' },
    {
      label: `${T}.birthDate`,
      profile: formatDate(user.birthDate),
      document: formatDate(document.birthDate),
      field: 'birthDate',
    },
    { label: `${T}.documentType`, profile: '', document: eidDocumentTypeLabel(document.documentType) },
  ];
}

/** The verdict of one compared row: icon and word, so it does not rest on colour alone. */
function Verdict({ differs }: { differs: boolean }) {
  const translate = useTranslate();
  const Icon = differs ? WarningAmber : CheckCircleOutlineOutlined;
  return (
    <Box
      component="span"
      sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.75, fontWeight: differs ? 700 : 400 }}
    >
      <Icon fontSize="small" color={differs ? 'warning' : 'success'} aria-hidden />
      {translate(differs ? `${T}.differs` : `${T}.matches`)}
    </Box>
  );
}

/**
 * The profile's data beside the ID's (Anrede, Vorname, Nachname, Geburtsdatum; the ID's Vornamen,
 * Familienname, Geburtsdatum, Dokumentart), one row per piece of data. The rows the server found
 * differing carry 'weicht ab' with a warning icon and a tinted background.
 */
export function IdentityComparison({ review }: { review: EidReview }) {
  const translate = useTranslate();
  const differences = new Set(review.differences);
  return (
    // On a phone the table scrolls sideways inside its container, which the keyboard must reach
    // (axe scrollable-region-focusable), as the usage tables do.
    <TableContainer tabIndex={0} role="group" aria-label={translate(`${T}.title`)}>
      <Table size="small" aria-label={translate(`${T}.title`)}>
        <TableHead>
          <TableRow>
            <TableCell>{translate(`${T}.data`)}</TableCell>
            <TableCell>{translate(`${T}.profile`)}</TableCell>
            <TableCell>{translate(`${T}.document`)}</TableCell>
            <TableCell>{translate(`${T}.result`)}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rowsOf(review).map((row) => {
            const differs = row.field !== undefined && differences.has(row.field);
            return (
              <TableRow key={row.label} sx={differs ? differingRowSx : undefined}>
                <TableCell component="th" scope="row">
                  {translate(row.label)}
                </TableCell>
                <TableCell sx={{ overflowWrap: 'anywhere' }}>{row.profile || EMPTY_VALUE}</TableCell>
                <TableCell sx={{ overflowWrap: 'anywhere' }}>{row.document || EMPTY_VALUE}</TableCell>
                <TableCell>{row.field ? <Verdict differs={differs} /> : EMPTY_VALUE}</TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
