import { useTranslate } from 'ra-core';
import { LightTextField } from '../../components/datePicker/LightTextField';
import { APPLICATION_FIELD_RULES, type ApplicationField } from '../../domain/companyApplication';
import { required } from '../../domain/validation';
import type { RegistrationValues } from './registrationForm';

/** What the step components need from the stepper's form state. */
export interface RegistrationForm {
  values: RegistrationValues;
  /** The message to show: only once the field was left (or chosen from a list). */
  shownError: (field: ApplicationField) => string | null;
  change: (field: ApplicationField, value: string) => void;
  touch: (field: ApplicationField) => void;
}

export const isRequiredField = (field: ApplicationField) => APPLICATION_FIELD_RULES[field].includes(required);

interface FieldProps {
  form: RegistrationForm;
  field: ApplicationField;
  hint?: string;
  type?: 'text' | 'email' | 'tel' | 'url';
  autoComplete?: string;
  /** A select of these options instead of a text input. */
  options?: readonly string[];
}

/** One registration field: label from the catalogue, required mark from the domain rules. */
export function FormField({ form, field, hint, type = 'text', autoComplete, options }: FieldProps) {
  const translate = useTranslate();
  const error = form.shownError(field);
  return (
    <LightTextField
      name={field}
      type={type}
      label={translate(`app.registration.fields.${field}`)}
      value={form.values[field]}
      required={isRequiredField(field)}
      onChange={(value) => {
        form.change(field, value);
        // A choice from a list is complete at once; text is judged when the field is left.
        if (options) form.touch(field);
      }}
      onBlur={() => form.touch(field)}
      error={Boolean(error)}
      helperText={error ?? hint}
      autoComplete={autoComplete}
      options={options}
    />
  );
}
