import { useInput, useTranslate } from 'ra-core';
import { BirthDatePickerField } from '../../components/datePicker';
import { profileFieldError } from './profileValues';

const validateBirthDate = (value: unknown) => profileFieldError('birthDate', value) ?? undefined;
// The typed text stays as it is: an empty field is '' (react-admin would store null).
const keepText = (value: unknown) => (value === null || value === undefined ? '' : String(value));

/**
 * The shared birth-date picker (typed DD.MM.YYYY or chosen in the calendar) as a react-admin
 * form input; its message follows the same rule as the server's (src/domain/profile.ts).
 */
export function BirthDateInput({ label }: { label: string }) {
  const translate = useTranslate();
  const { field, fieldState, formState } = useInput({
    source: 'birthDate',
    validate: validateBirthDate,
    parse: keepText,
    format: keepText,
  });
  const shown = fieldState.isTouched || formState.isSubmitted;
  return (
    <BirthDatePickerField
      name={field.name}
      label={label}
      value={keepText(field.value)}
      onChange={field.onChange}
      onBlur={field.onBlur}
      required
      error={shown ? profileFieldError('birthDate', field.value) : null}
      hint={translate('app.profile.birthDateHint')}
    />
  );
}
