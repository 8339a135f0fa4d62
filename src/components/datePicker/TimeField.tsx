import { useTranslate } from 'ra-core';
import { useState } from 'react';
import { LightTextField } from './LightTextField';
import { isValidTime, normalizeTime, sanitizeTimeInput, TIME_MAX_LENGTH } from './time';

export interface TimeFieldProps {
  /** H:MM or HH:MM (or what the user is typing). */
  value: string;
  onChange: (text: string) => void;
  onBlur?: () => void;
  label?: string;
  name?: string;
  required?: boolean;
  disabled?: boolean;
}

/** The optional HH:MM field of the date picker (rules in time.ts). */
export function TimeField({ value, onChange, onBlur, label, name, required = false, disabled }: TimeFieldProps) {
  const translate = useTranslate();
  const [touched, setTouched] = useState(false);
  const missing = required && value === '';
  const invalid = value !== '' && !isValidTime(value);
  const showError = touched && (missing || invalid);
  const errorText = missing ? translate('app.datePicker.errors.required') : translate('app.datePicker.errors.time');
  return (
    <LightTextField
      label={label ?? translate('app.datePicker.time')}
      name={name}
      value={value}
      required={required}
      disabled={disabled}
      fullWidth={false}
      placeholder={translate('app.datePicker.timeHint')}
      onChange={(text) => onChange(sanitizeTimeInput(text))}
      onBlur={() => {
        setTouched(true);
        const normalized = normalizeTime(value);
        if (normalized !== value) onChange(normalized);
        onBlur?.();
      }}
      error={showError}
      helperText={showError ? errorText : translate('app.datePicker.timeHint')}
      inputProps={{ maxLength: TIME_MAX_LENGTH, inputMode: 'numeric', autoComplete: 'off' }}
      sx={{ width: 140, flexShrink: 0 }}
    />
  );
}
