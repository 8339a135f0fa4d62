import TextField from '@mui/material/TextField';
import { useTranslate } from 'react-admin';
import { statementMonthLabel, statementPickerMonths } from '../../domain/statementFormat';
import { NATIVE_SELECT } from '../licenses/usage/nativeSelect';
import { T } from './names';

/** 'Monat': the running month and the 12 before it, newest first ('November 2026', …). */
export function MonthPicker({ value, onChange }: { value: string; onChange: (month: string) => void }) {
  const translate = useTranslate();
  const months = statementPickerMonths();
  return (
    <TextField
      select
      size="small"
      label={translate(`${T}.month`)}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      sx={{ minWidth: 220, maxWidth: '100%' }}
      slotProps={NATIVE_SELECT}
    >
      {months.map((month) => (
        <option key={month} value={month}>
          {statementMonthLabel(month)}
        </option>
      ))}
    </TextField>
  );
}
