import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { useTranslate } from 'react-admin';
import { USAGE_COUNT_FIELDS } from '../../domain/usage';
import { CountsTable, type CountsTableRow } from '../licenses/usage/CountsTable';
import { formatCount } from '../licenses/usage/format';
import type { UsageCounts } from '../../domain/usage';
import { Pair, PairList } from './StoreDevices';

/**
 * A statement's totals per studio (or per company) and in all, with the usage view's columns
 * (Prepaid, Postpaid, Storniert, Abrechenbar): a table on a desktop, a card per row on a phone.
 */
export function StatementTotals({
  caption,
  labelColumn,
  rows,
  totals,
}: {
  caption: string;
  /** Message key of the label column ('Studio', 'Firma'). */
  labelColumn: string;
  rows: CountsTableRow[];
  totals: UsageCounts;
}) {
  const translate = useTranslate();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  if (!phone) return <CountsTable caption={caption} labelColumns={[labelColumn]} rows={rows} totals={totals} />;
  const cards = [...rows, { key: 'total', labels: [translate('app.usage.total')], counts: totals }];
  return (
    <Box component="ul" aria-label={caption} sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }}>
      {cards.map((row) => (
        <Box component="li" key={row.key} sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5 }}>
          <Typography component="p" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
            {row.labels[0]}
          </Typography>
          <PairList>
            {USAGE_COUNT_FIELDS.map((field) => (
              <Pair key={field} term={translate(`app.usage.columns.${field}`)} value={formatCount(row.counts[field])} />
            ))}
          </PairList>
        </Box>
      ))}
    </Box>
  );
}
