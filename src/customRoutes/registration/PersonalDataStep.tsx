import Stack from '@mui/material/Stack';
import { useTranslate } from 'ra-core';
import { BirthDatePickerField } from '../../components/datePicker/BirthDatePickerField';
import { SALUTATIONS } from '../../domain/options';
import { FormField, isRequiredField, type RegistrationForm } from './formFields';

/** Step 1: Anrede, Vorname, Nachname, Geburtsdatum (typed DD.MM.YYYY or picked), E-Mail. */
export function PersonalDataStep({ form }: { form: RegistrationForm }) {
  const translate = useTranslate();
  return (
    <Stack spacing={2.5}>
      <FormField form={form} field="salutation" options={SALUTATIONS} />
      <FormField form={form} field="firstName" autoComplete="given-name" />
      <FormField form={form} field="lastName" autoComplete="family-name" />
      <BirthDatePickerField
        name="birthDate"
        label={translate('app.registration.fields.birthDate')}
        value={form.values.birthDate}
        required={isRequiredField('birthDate')}
        onChange={(text) => form.change('birthDate', text)}
        onBlur={() => form.touch('birthDate')}
        error={form.shownError('birthDate')}
        hint={translate('app.registration.hints.birthDate')}
      />
      <FormField form={form} field="email" type="email" autoComplete="email" />
    </Stack>
  );
}
