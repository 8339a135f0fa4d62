import CircularProgress from '@mui/material/CircularProgress';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'ra-core';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useDialogs } from '../../components/dialogs/dialogsContext';
import type { EmployeeInvitationView, InvitationRegistrationPayload } from '../../domain/employeeInvitation';
import { LANDING_PATH } from '../../domain/routes';
import { employeeInvitationMessages } from '../../i18n/de/employeeInvitation';
import { datePickerMessages } from '../../i18n/de/datePicker';
import { createPublicPageI18nProvider } from '../../i18n/public';
import { PublicLayout } from '../../layout/PublicLayout';
import { usePageTitle } from '../../layout/usePageTitle';
import { PublicPageProviders } from '../registration/PublicPageProviders';
import { usePublicApi } from '../registration/publicApiContext';
import { InvitationRegistrationForm } from './InvitationRegistrationForm';

const i18nProvider = createPublicPageI18nProvider(employeeInvitationMessages, datePickerMessages);
const InvalidInvitationDialog = lazy(() => import('./InvalidInvitationDialog'));

type State = { kind: 'loading' } | { kind: 'open'; invitation: EmployeeInvitationView } | { kind: 'invalid' };

const statusOf = (error: unknown) => (error as { status?: unknown } | null)?.status;
/** Unknown, expired, used or replaced (404), or no id at all (400): the link is no good. */
const isInvalidLink = (error: unknown) => statusOf(error) === 404 || statusOf(error) === 400;

function EmployeeInvitationContent() {
  const translate = useTranslate();
  const navigate = useNavigate();
  const api = usePublicApi();
  const { showError, showSuccess } = useDialogs();
  const { id = '' } = useParams();
  const [state, setState] = useState<State>({ kind: 'loading' });
  usePageTitle(translate('app.pageTitles.employeeInvitation'));

  useEffect(() => {
    let current = true;
    api.getEmployeeInvitation(id).then(
      (invitation) => current && setState({ kind: 'open', invitation }),
      async (error: unknown) => {
        if (!current) return;
        if (isInvalidLink(error)) {
          setState({ kind: 'invalid' });
          return;
        }
        await showError(error);
        navigate(LANDING_PATH);
      },
    );
    // StrictMode's second run reads the invitation again; reading changes nothing.
    return () => {
      current = false;
    };
  }, [api, id, showError, navigate]);

  const register = async (payload: InvitationRegistrationPayload) => {
    try {
      await api.registerThroughInvitation(id, payload);
    } catch (error) {
      if (isInvalidLink(error) && statusOf(error) === 404) setState({ kind: 'invalid' });
      else await showError(error);
      return;
    }
    await showSuccess({
      title: translate('app.employeeInvitation.success.title'),
      text: translate('app.employeeInvitation.success.text'),
    });
    navigate(LANDING_PATH);
  };

  return (
    <Container maxWidth="sm" sx={{ px: { xs: 0, sm: 3 } }}>
      <Typography component="h1" variant="h1" gutterBottom>
        {translate('app.pageTitles.employeeInvitation')}
      </Typography>
      {state.kind === 'open' ? (
        <>
          <Typography color="text.secondary" sx={{ mb: 3 }}>
            {translate('app.employeeInvitation.intro', { company: state.invitation.company.name })}
          </Typography>
          <Paper variant="outlined" sx={{ p: { xs: 2, md: 4 } }}>
            <InvitationRegistrationForm invitation={state.invitation} onRegister={register} />
          </Paper>
        </>
      ) : state.kind === 'loading' ? (
        <Stack spacing={2} sx={{ alignItems: 'center', mt: 4 }} role="status">
          <CircularProgress aria-hidden />
          <Typography>{translate('app.employeeInvitation.loading')}</Typography>
        </Stack>
      ) : (
        <Suspense fallback={null}>
          <InvalidInvitationDialog onClose={() => navigate(LANDING_PATH)} />
        </Suspense>
      )}
    </Container>
  );
}

/**
 * Route employee-invitation/{id} (public, title 'Registrierung'): the invited person registers
 * with the link from the invitation mail (spec sections 2 and 4). The public shell loads this module
 * lazily; like register-studio it must not import react-admin's UI, zod or the admin app.
 */
export default function EmployeeInvitation() {
  return (
    <PublicPageProviders i18nProvider={i18nProvider}>
      <PublicLayout>
        <EmployeeInvitationContent />
      </PublicLayout>
    </PublicPageProviders>
  );
}
