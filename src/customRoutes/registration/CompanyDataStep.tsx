import Stack from '@mui/material/Stack';
import { useTranslate } from 'ra-core';
import { COUNTRIES, LEGAL_FORMS } from '../../domain/options';
import { FormField, type RegistrationForm } from './formFields';

/** Step 2: Firmenname, Rechtsform, Adresse, Land, Telefonnummer, Telefonnummer 2, Webseite. */
export function CompanyDataStep({ form }: { form: RegistrationForm }) {
  const translate = useTranslate();
  const phoneHint = translate('app.registration.hints.phone');
  return (
    <Stack spacing={2.5}>
      <FormField form={form} field="companyName" autoComplete="organization" />
      <FormField form={form} field="legalForm" options={LEGAL_FORMS} />
      <FormField
        form={form}
        field="address"
        hint={translate('app.registration.hints.address')}
        autoComplete="street-address"
      />
      <FormField form={form} field="country" options={COUNTRIES} />
      <FormField form={form} field="phoneNumber" type="tel" hint={phoneHint} autoComplete="tel" />
      <FormField form={form} field="phoneNumber2" type="tel" hint={phoneHint} />
      <FormField form={form} field="website" type="url" autoComplete="url" />
    </Stack>
  );
}
