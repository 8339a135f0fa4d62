import CalendarMonthOutlined from '@mui/icons-material/CalendarMonthOutlined';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import { useTranslate } from 'ra-core';
import { lazy, Suspense, useState } from 'react';
import { formatDate, parseGermanDate } from '../../domain/dates';
import { validateDateText, type CalendarView, type DateConstraints, type DateValidationError } from './calendar';
import { LightTextField } from './LightTextField';
import { TimeField, type TimeFieldProps } from './TimeField';

const CalendarDialog = lazy(() => import('./CalendarDialog'));

export interface DatePickerFieldProps extends DateConstraints {
  label: string;
  /** The typed text, DD.MM.YYYY. */
  value: string;
  onChange: (text: string) => void;
  onBlur?: () => void;
  name?: string;
  required?: boolean;
  disabled?: boolean;
  /**
   * The message to show (null: none). Leave undefined to let the field show its own validators'
   * messages (parse, min, max, filter) once it was left.
   */
  error?: string | null;
  /** Shown below the field while there is no error; default 'TT.MM.JJJJ'. */
  hint?: string;
  startView?: CalendarView;
  /** Adds the optional HH:MM field next to the date. */
  time?: Omit<TimeFieldProps, 'disabled'>;
  fullWidth?: boolean;
}

const ERROR_KEYS: Record<DateValidationError, string> = {
  parse: 'app.datePicker.errors.parse',
  min: 'app.datePicker.errors.min',
  max: 'app.datePicker.errors.max',
  filter: 'app.datePicker.errors.filter',
};

/**
 * The reusable date field (spec "Reusable date-and-time picker"): the date can be typed as
 * DD.MM.YYYY or chosen in the calendar behind the button; an optional HH:MM field sits beside it.
 * No date library: the calendar is small and German only.
 */
export function DatePickerField({
  label,
  value,
  onChange,
  onBlur,
  name,
  required = false,
  disabled = false,
  error,
  hint,
  startView = 'month',
  time,
  fullWidth = true,
  min,
  max,
  filter,
}: DatePickerFieldProps) {
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  const [touched, setTouched] = useState(false);
  const constraints = { min, max, filter };

  const ownError = validateDateText(value, constraints);
  const message =
    error !== undefined
      ? error
      : touched && ownError
        ? translate(ERROR_KEYS[ownError], { date: formatDate(ownError === 'min' ? min : max) })
        : null;

  const choose = (iso: string) => {
    onChange(formatDate(iso));
    setOpen(false);
    setTouched(true);
    onBlur?.();
  };

  return (
    <Box sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', width: fullWidth ? '100%' : undefined }}>
      <LightTextField
        label={label}
        name={name}
        value={value}
        required={required}
        disabled={disabled}
        fullWidth={fullWidth}
        onChange={onChange}
        onBlur={() => {
          setTouched(true);
          onBlur?.();
        }}
        error={Boolean(message)}
        helperText={message ?? hint ?? translate('app.datePicker.dateHint')}
        placeholder={translate('app.datePicker.dateHint')}
        inputProps={{ inputMode: 'numeric', autoComplete: 'off', maxLength: 10 }}
        endAdornment={
          <InputAdornment position="end">
            <IconButton
              edge="end"
              disabled={disabled}
              aria-label={translate('app.datePicker.open')}
              aria-haspopup="dialog"
              onClick={() => setOpen(true)}
            >
              <CalendarMonthOutlined />
            </IconButton>
          </InputAdornment>
        }
      />
      {time ? <TimeField {...time} disabled={disabled} /> : null}
      {open ? (
        <Suspense fallback={null}>
          <CalendarDialog
            label={label}
            selected={parseGermanDate(value)}
            constraints={constraints}
            startView={startView}
            onSelect={choose}
            onClose={() => setOpen(false)}
          />
        </Suspense>
      ) : null}
    </Box>
  );
}
