import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import NativeSelect from '@mui/material/NativeSelect';
import OutlinedInput from '@mui/material/OutlinedInput';
import type { SxProps, Theme } from '@mui/material/styles';
import { useId, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';

export interface LightTextFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  name?: string;
  type?: string;
  required?: boolean;
  disabled?: boolean;
  /** Marks the field invalid; the message goes into helperText. */
  error?: boolean;
  helperText?: ReactNode;
  placeholder?: string;
  autoComplete?: string;
  endAdornment?: ReactNode;
  inputProps?: InputHTMLAttributes<HTMLInputElement>;
  /** The text input itself, e.g. to give it the focus back when a dialog closes. */
  inputRef?: Ref<HTMLInputElement>;
  /** Renders a native select with these options (and an empty first entry) instead of a text input. */
  options?: readonly string[];
  fullWidth?: boolean;
  /** 'small' for a row of filters above a list, as MUI's small fields there. */
  size?: 'small' | 'medium';
  sx?: SxProps<Theme>;
}

/**
 * An outlined text field (or native select) that looks like MUI's TextField but is built from
 * its parts. TextField always bundles the menu-based Select (Menu, Popover, MenuList, …), about
 * 10 KB gzipped that the public registration page cannot afford within its 200 KB budget.
 */
export function LightTextField({
  label,
  value,
  onChange,
  onBlur,
  name,
  type = 'text',
  required = false,
  disabled = false,
  error = false,
  helperText,
  placeholder,
  autoComplete,
  endAdornment,
  inputProps,
  inputRef,
  options,
  fullWidth = true,
  size = 'medium',
  sx,
}: LightTextFieldProps) {
  const id = useId();
  const helperId = `${id}-helper`;
  const describedBy = helperText ? helperId : undefined;
  return (
    <FormControl
      variant="outlined"
      size={size}
      required={required}
      disabled={disabled}
      error={error}
      fullWidth={fullWidth}
      sx={sx}
    >
      {/* A native select always shows its (empty) entry, so its label stays small above it. */}
      <InputLabel htmlFor={id} shrink={options ? true : undefined}>
        {label}
      </InputLabel>
      {options ? (
        <NativeSelect
          value={value}
          onChange={(event) => onChange(event.target.value)}
          onBlur={onBlur}
          input={<OutlinedInput id={id} name={name} label={label} notched />}
          inputProps={{ 'aria-describedby': describedBy }}
        >
          <option value="" disabled={required} />
          {options.map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </NativeSelect>
      ) : (
        <OutlinedInput
          id={id}
          name={name}
          type={type}
          label={label}
          value={value}
          placeholder={placeholder}
          autoComplete={autoComplete}
          onChange={(event) => onChange(event.target.value)}
          onBlur={onBlur}
          endAdornment={endAdornment}
          inputRef={inputRef}
          inputProps={{ ...inputProps, 'aria-describedby': describedBy }}
        />
      )}
      {helperText ? <FormHelperText id={helperId}>{helperText}</FormHelperText> : null}
    </FormControl>
  );
}
