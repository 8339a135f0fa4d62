import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useTranslate } from 'react-admin';
import type { ReportRef } from '../../domain/reports';

export interface ChoiceFieldProps {
  /** Translation key of the label. */
  label: string;
  /** Translation key of the text shown while nothing is chosen ('Alle Firmen'). */
  placeholder: string;
  options: readonly ReportRef[];
  value: ReportRef | null;
  onChange: (value: ReportRef | null) => void;
  loading?: boolean;
  /** Search text typed into the field: the options come from the server's search. */
  onSearch?: (text: string) => void;
  name: string;
}

/**
 * One of the request form's selects (company, reseller, system integrator): a combo box with the
 * options' names; cleared, it means all of them (the request leaves the id out).
 */
export function ChoiceField({
  label,
  placeholder,
  options,
  value,
  onChange,
  loading,
  onSearch,
  name,
}: ChoiceFieldProps) {
  const translate = useTranslate();
  return (
    <Autocomplete
      options={options}
      value={value}
      onChange={(_event, choice) => onChange(choice)}
      onInputChange={(_event, text, reason) => {
        if (reason === 'input' || reason === 'clear') onSearch?.(text);
      }}
      getOptionLabel={(option) => option.name}
      isOptionEqualToValue={(option, chosen) => option.id === chosen.id}
      // The server searches; the options are already the matches.
      filterOptions={onSearch ? (all) => all : undefined}
      loading={loading}
      noOptionsText={translate('app.reports.noOptions')}
      loadingText={translate('app.reports.loadingOptions')}
      clearText={translate('ra.action.clear_input_value')}
      openText={translate('ra.action.open')}
      closeText={translate('ra.action.close')}
      fullWidth
      renderInput={(params) => (
        <TextField {...params} name={name} label={translate(label)} placeholder={translate(placeholder)} />
      )}
    />
  );
}
