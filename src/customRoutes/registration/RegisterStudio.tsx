import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'ra-core';
import { datePickerMessages } from '../../i18n/de/datePicker';
import { registrationMessages, uploadMessages } from '../../i18n/de/registration';
import { createPublicPageI18nProvider } from '../../i18n/public';
import { InfoNotice } from '../../layout/InfoNotice';
import { PublicLayout } from '../../layout/PublicLayout';
import { usePageTitle } from '../../layout/usePageTitle';
import { PublicPageProviders } from './PublicPageProviders';
import { RegistrationStepper } from './RegistrationStepper';

const i18nProvider = createPublicPageI18nProvider(registrationMessages, uploadMessages, datePickerMessages);

function RegisterStudioContent() {
  const translate = useTranslate();
  usePageTitle(translate('app.registration.title'));
  return (
    <PublicLayout>
      {/* On a phone the page already has its margin: gutters here would leave the long labels
          ('Mitgliedsnummer Photo-Trade-Verband') too little width and cut them off. */}
      <Container maxWidth="md" sx={{ px: { xs: 0, sm: 3 } }}>
        <Typography component="h1" variant="h1" gutterBottom>
          {translate('app.registration.title')}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {translate('app.registration.intro')}
        </Typography>
        <InfoNotice className="lumio-notice--above-form">{translate('app.registration.pilotNotice')}</InfoNotice>
        <Paper variant="outlined" sx={{ p: { xs: 2, md: 4 } }}>
          <RegistrationStepper />
        </Paper>
      </Container>
    </PublicLayout>
  );
}

/**
 * Route register-studio (public). The public shell loads this module lazily, so neither the
 * registration nor its texts weigh on the landing page; it must not import react-admin's UI,
 * zod or the admin app (budget: 200 KB gzipped initial JavaScript).
 */
export default function RegisterStudio() {
  return (
    <PublicPageProviders i18nProvider={i18nProvider}>
      <RegisterStudioContent />
    </PublicPageProviders>
  );
}
