import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { useTranslate } from 'react-admin';
import { addUsageCounts, emptyUsageCounts, type UsageRow } from '../../../domain/usage';
import { CountsTable, type CountsTableRow } from './CountsTable';
import { monthLabel } from './format';
import { NATIVE_SELECT } from './nativeSelect';

const ALL = '';

/** The range's rows summed per studio and device, for one month or the whole range. */
export function breakdownRows(rows: readonly UsageRow[], month: string): CountsTableRow[] {
  const byDevice = new Map<string, CountsTableRow>();
  for (const row of rows) {
    if (month !== ALL && row.month !== month) continue;
    const key = `${row.storeId}|${row.machineId}`;
    const entry = byDevice.get(key) ?? { key, labels: [row.storeName, row.machineId], counts: emptyUsageCounts() };
    addUsageCounts(entry.counts, row);
    byDevice.set(key, entry);
  }
  return [...byDevice.values()].sort(
    (a, b) => a.labels[0].localeCompare(b.labels[0], 'de') || a.labels[1].localeCompare(b.labels[1], 'de'),
  );
}

/**
 * 'Vorgänge je Studio und Gerät': what each studio's devices (machine ids) recorded, over the
 * whole range or in one month of it (the months with processes, newest first).
 */
export function UsageBreakdown({ rows }: { rows: readonly UsageRow[] }) {
  const translate = useTranslate();
  const [month, setMonth] = useState(ALL);
  const months = useMemo(() => [...new Set(rows.map((row) => row.month))].sort().reverse(), [rows]);
  const chosen = months.includes(month) ? month : ALL;
  const tableRows = breakdownRows(rows, chosen);
  const totals = tableRows.reduce((sum, row) => addUsageCounts(sum, row.counts), emptyUsageCounts());
  const title = translate('app.usage.breakdownTitle');
  return (
    <Stack spacing={1}>
      <TextField
        select
        size="small"
        label={translate('app.usage.breakdownMonth')}
        value={chosen}
        onChange={(event) => setMonth(event.target.value)}
        sx={{ maxWidth: 260 }}
        slotProps={NATIVE_SELECT}
      >
        <option value={ALL}>{translate('app.usage.wholePeriod')}</option>
        {months.map((value) => (
          <option key={value} value={value}>
            {monthLabel(value)}
          </option>
        ))}
      </TextField>
      {tableRows.length === 0 ? (
        <Typography color="text.secondary">{translate('app.usage.breakdownEmpty')}</Typography>
      ) : (
        <CountsTable
          caption={chosen === ALL ? title : `${title}: ${monthLabel(chosen)}`}
          labelColumns={['app.usage.columns.store', 'app.usage.columns.device']}
          rows={tableRows}
          totals={totals}
        />
      )}
    </Stack>
  );
}
