import Stack from '@mui/material/Stack';
import { useTranslate } from 'ra-core';
import { todayIso } from '../../components/datePicker/calendar';
import { DatePickerField } from '../../components/datePicker/DatePickerField';
import { SALUTATIONS } from '../../domain/options';
import { FormField, isRequiredField, type RegistrationForm } from './formFields';

/** Birth dates before this day are refused by the domain rule as well (isoBirthDate). */
const EARLIEST_BIRTH_DATE = '1900-01-01';

/** Step 1: Anrede, Vorname, Nachname, Geburtsdatum (typed DD.MM.YYYY or picked), E-Mail. */
export function PersonalDataStep({ form }: { form: RegistrationForm }) {
  const translate = useTranslate();
  return (
    <Stack spacing={2.5}>
      <FormField form={form} field="salutation" options={SALUTATIONS} />
      <FormField form={form} field="firstName" autoComplete="given-name" />
      <FormField form={form} field="lastName" autoComplete="family-name" />
      <DatePickerField
        name="birthDate"
        label={translate('app.registration.fields.birthDate')}
        value={form.values.birthDate}
        required={isRequiredField('birthDate')}
        onChange={(text) => form.change('birthDate', text)}
        onBlur={() => form.touch('birthDate')}
        error={form.shownError('birthDate')}
        hint={translate('app.registration.hints.birthDate')}
        min={EARLIEST_BIRTH_DATE}
        max={todayIso()}
        startView="multi-year"
      />
      <FormField form={form} field="email" type="email" autoComplete="email" />
    </Stack>
  );
}
