import CalendarMonthOutlined from '@mui/icons-material/CalendarMonthOutlined';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import { useTranslate } from 'ra-core';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { formatDate, formatTypedDate, parseGermanDate } from '../../domain/dates';
import type { CalendarView } from './calendar';
import { validateDateText, type DateConstraints, type DateValidationError } from './dateConstraints';
import { LightTextField } from './LightTextField';
import type { TimeFieldProps } from './TimeField';

const CalendarDialog = lazy(() => import('./CalendarDialog'));
// Only where a time is asked for: the birth dates of the public registration pages have none.
const TimeField = lazy(() => import('./TimeField').then((module) => ({ default: module.TimeField })));

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
  /** Where the calendar opens while the field holds no date (ISO); default today. */
  openTo?: string;
  /** Adds the optional HH:MM field next to the date. */
  time?: Omit<TimeFieldProps, 'disabled'>;
  fullWidth?: boolean;
  /** 'small' in a row of filters above a list (the other filters there are small). */
  size?: 'small' | 'medium';
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
 * When the calendar closes (a day chosen, Escape, Abbrechen) the focus returns to the text field.
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
  openTo,
  time,
  fullWidth = true,
  size = 'medium',
  min,
  max,
  filter,
}: DatePickerFieldProps) {
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  const [touched, setTouched] = useState(false);
  const constraints = { min, max, filter };
  const input = useRef<HTMLInputElement>(null);
  // Set when the calendar closes; the focus moves once the dialog is gone (it would pull it back).
  const returnFocus = useRef(false);
  useEffect(() => {
    if (open || !returnFocus.current) return;
    returnFocus.current = false;
    input.current?.focus();
  }, [open]);
  const close = () => {
    returnFocus.current = true;
    setOpen(false);
  };

  const ownError = validateDateText(value, constraints);
  const message =
    error !== undefined
      ? error
      : touched && ownError
        ? translate(ERROR_KEYS[ownError], { date: formatDate(ownError === 'min' ? min : max) })
        : null;

  const choose = (iso: string) => {
    onChange(formatDate(iso));
    close();
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
        size={size}
        // Digits alone or other separators become DD.MM.YYYY as they are typed (the digit pad has no dot).
        onChange={(text) => onChange(formatTypedDate(text))}
        inputRef={input}
        onBlur={() => {
          setTouched(true);
          onBlur?.();
        }}
        error={Boolean(message)}
        helperText={message ?? hint ?? translate('app.datePicker.dateHint')}
        placeholder={translate('app.datePicker.dateHint')}
        inputProps={{ inputMode: 'numeric', autoComplete: 'off' }}
        // The button itself is the adornment: InputAdornment would only add its 8 px margin
        // (ml: 1 here) and be one more download for the public pages' birth dates.
        endAdornment={
          <IconButton
            edge="end"
            size={size}
            sx={{ ml: 1 }}
            disabled={disabled}
            aria-label={translate('app.datePicker.open')}
            aria-haspopup="dialog"
            onClick={() => setOpen(true)}
          >
            <CalendarMonthOutlined />
          </IconButton>
        }
      />
      {time ? (
        <Suspense fallback={null}>
          <TimeField {...time} disabled={disabled} />
        </Suspense>
      ) : null}
      {open ? (
        <Suspense fallback={null}>
          <CalendarDialog
            label={label}
            selected={parseGermanDate(value)}
            constraints={constraints}
            startView={startView}
            openTo={openTo}
            onSelect={choose}
            onClose={close}
          />
        </Suspense>
      ) : null}
    </Box>
  );
}
