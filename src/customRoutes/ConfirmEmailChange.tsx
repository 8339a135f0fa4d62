import CheckCircleOutlined from '@mui/icons-material/CheckCircleOutlined';
import ErrorOutlined from '@mui/icons-material/ErrorOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'ra-core';
import { useEffect, useState } from 'react';
import { Link as RouterLink, useParams, useSearchParams } from 'react-router';
import { useRuntime } from '../authProvider/runtime';
import { useStartLogin } from '../authProvider/useStartLogin';
import type { PublicApi } from '../dataProvider/publicApi';
import { errorToGermanText } from '../domain/errorCatalogue';
import { LANDING_PATH, type EmailChangeKind } from '../domain/routes';
import { emailChangeConfirmMessages } from '../i18n/de/profile';
import { createPublicPageI18nProvider } from '../i18n/public';
import { PublicLayout } from '../layout/PublicLayout';
import { usePageTitle } from '../layout/usePageTitle';
import { PublicPageProviders } from './registration/PublicPageProviders';
import { usePublicApi } from './registration/publicApiContext';

const i18nProvider = createPublicPageI18nProvider(emailChangeConfirmMessages);

type Outcome = { kind: 'pending' } | { kind: 'changed'; email: string } | { kind: 'failed'; text: string };

/**
 * One confirm call per link and API: StrictMode runs effects twice in development and a remount
 * must not open the link again (the second call would answer 'already confirmed').
 */
const confirmCalls = new WeakMap<PublicApi, Map<string, Promise<{ email: string }>>>();

function confirmOnce(api: PublicApi, kind: EmailChangeKind, id: string, token: string) {
  let calls = confirmCalls.get(api);
  if (!calls) {
    calls = new Map();
    confirmCalls.set(api, calls);
  }
  const key = `${kind}/${id}?${token}`;
  let call = calls.get(key);
  if (!call) {
    call = api.confirmEmailChange(kind, id, token);
    calls.set(key, call);
  }
  return call;
}

function ConfirmEmailChangeContent({ kind }: { kind: EmailChangeKind }) {
  const translate = useTranslate();
  const api = usePublicApi();
  const { session } = useRuntime();
  const { id = '' } = useParams();
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'pending' });
  const { login, loggingIn } = useStartLogin(session);
  usePageTitle(translate('app.pageTitles.emailChangeConfirmation'));

  useEffect(() => {
    let current = true;
    confirmOnce(api, kind, id, token).then(
      ({ email }) => current && setOutcome({ kind: 'changed', email }),
      (error: unknown) => current && setOutcome({ kind: 'failed', text: errorToGermanText(error) }),
    );
    return () => {
      current = false;
    };
  }, [api, kind, id, token]);

  return (
    <Paper variant="outlined" sx={{ p: { xs: 3, md: 5 }, maxWidth: 640, mx: 'auto', mt: 2, textAlign: 'center' }}>
      {outcome.kind === 'pending' ? (
        <Stack spacing={2} sx={{ alignItems: 'center' }} role="status">
          <CircularProgress aria-hidden />
          <Typography>{translate('app.emailChangeConfirm.loading')}</Typography>
        </Stack>
      ) : outcome.kind === 'changed' ? (
        <Stack spacing={2} sx={{ alignItems: 'center' }}>
          <CheckCircleOutlined color="success" sx={{ fontSize: 64 }} aria-hidden />
          <Typography component="h1" variant="h2">
            {translate('app.emailChangeConfirm.title')}
          </Typography>
          <Typography>{translate('app.emailChangeConfirm.text', { email: outcome.email })}</Typography>
          <Button variant="contained" onClick={login} disabled={loggingIn}>
            {translate('app.emailChangeConfirm.login')}
          </Button>
        </Stack>
      ) : (
        <Stack spacing={2} sx={{ alignItems: 'center' }}>
          <ErrorOutlined color="error" sx={{ fontSize: 64 }} aria-hidden />
          <Typography component="h1" variant="h2">
            {translate('app.emailChangeConfirm.failedTitle')}
          </Typography>
          <Box role="alert">
            <Typography>{outcome.text}</Typography>
          </Box>
          <Link component={RouterLink} to={LANDING_PATH}>
            {translate('app.emailChangeConfirm.toLanding')}
          </Link>
        </Stack>
      )}
    </Paper>
  );
}

/**
 * Routes user-email-change-request/{id}/confirm and administrator-email-change-request/{id}/confirm
 * (public): the link mailed to the new address. Opening it confirms the change at once (spec
 * section 2); then the user logs in with the new address.
 */
export default function ConfirmEmailChange({ kind }: { kind: EmailChangeKind }) {
  return (
    <PublicPageProviders i18nProvider={i18nProvider}>
      <PublicLayout>
        <ConfirmEmailChangeContent kind={kind} />
      </PublicLayout>
    </PublicPageProviders>
  );
}
