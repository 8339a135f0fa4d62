import CheckCircleOutlined from '@mui/icons-material/CheckCircleOutlined';
import ErrorOutlined from '@mui/icons-material/ErrorOutlined';
import InfoOutlined from '@mui/icons-material/InfoOutlined';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'ra-core';
import { useEffect, useState } from 'react';
import { Link as RouterLink, useParams, useSearchParams } from 'react-router';
import type { PublicApi } from '../dataProvider/publicApi';
import { errorToGermanText } from '../domain/errorCatalogue';
import { LANDING_PATH } from '../domain/routes';
import { confirmApplicationMessages } from '../i18n/de/registration';
import { createPublicPageI18nProvider } from '../i18n/public';
import { PublicLayout } from '../layout/PublicLayout';
import { usePageTitle } from '../layout/usePageTitle';
import { PublicPageProviders } from './registration/PublicPageProviders';
import { usePublicApi } from './registration/publicApiContext';

const i18nProvider = createPublicPageI18nProvider(confirmApplicationMessages);

type Outcome =
  | { kind: 'pending' }
  | { kind: 'confirmed' }
  | { kind: 'decided' }
  | { kind: 'failed'; text: string; notFound: boolean };

const statusOf = (error: unknown) => (error as { status?: unknown } | null)?.status;

/**
 * One confirm call per application id and API: React's StrictMode runs effects twice in
 * development, and a remount must not send the link again either (it would be harmless, but
 * the spec says the call happens once when the page is displayed).
 */
const confirmCalls = new WeakMap<PublicApi, Map<string, Promise<void>>>();

function confirmOnce(api: PublicApi, id: string, token: string): Promise<void> {
  let calls = confirmCalls.get(api);
  if (!calls) {
    calls = new Map();
    confirmCalls.set(api, calls);
  }
  const key = `${id}?${token}`;
  let call = calls.get(key);
  if (!call) {
    call = api.confirmApplication(id, token);
    calls.set(key, call);
  }
  return call;
}

function ConfirmApplicationContent() {
  const translate = useTranslate();
  const api = usePublicApi();
  const { id = '' } = useParams();
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'pending' });
  usePageTitle(translate('app.confirmApplication.pageTitle'));

  useEffect(() => {
    let current = true;
    confirmOnce(api, id, token).then(
      () => current && setOutcome({ kind: 'confirmed' }),
      (error: unknown) => {
        if (!current) return;
        if (statusOf(error) === 409) setOutcome({ kind: 'decided' });
        else setOutcome({ kind: 'failed', text: errorToGermanText(error), notFound: statusOf(error) === 404 });
      },
    );
    // StrictMode's second run attaches its own handlers to the same call.
    return () => {
      current = false;
    };
  }, [api, id, token]);

  const title = {
    confirmed: 'app.confirmApplication.title',
    decided: 'app.confirmApplication.decidedTitle',
    failed: 'app.confirmApplication.failedTitle',
  } as const;

  return (
    <Paper variant="outlined" sx={{ p: { xs: 3, md: 5 }, maxWidth: 640, mx: 'auto', mt: 2, textAlign: 'center' }}>
      {outcome.kind === 'pending' ? (
        <Stack spacing={2} sx={{ alignItems: 'center' }} role="status">
          <CircularProgress aria-hidden />
          <Typography>{translate('app.confirmApplication.loading')}</Typography>
        </Stack>
      ) : (
        <Stack spacing={2} sx={{ alignItems: 'center' }}>
          {outcome.kind === 'failed' ? (
            <ErrorOutlined color="error" sx={{ fontSize: 64 }} aria-hidden />
          ) : outcome.kind === 'decided' ? (
            <InfoOutlined color="info" sx={{ fontSize: 64 }} aria-hidden />
          ) : (
            <CheckCircleOutlined color="success" sx={{ fontSize: 64 }} aria-hidden />
          )}
          <Typography component="h1" variant="h2">
            {translate(title[outcome.kind])}
          </Typography>
          <Box role={outcome.kind === 'failed' ? 'alert' : undefined}>
            <Typography>
              {outcome.kind === 'failed'
                ? outcome.text
                : translate(
                    outcome.kind === 'decided' ? 'app.confirmApplication.decided' : 'app.confirmApplication.text',
                  )}
            </Typography>
            {outcome.kind === 'failed' && outcome.notFound ? (
              <Typography color="text.secondary" sx={{ mt: 1 }}>
                {translate('app.confirmApplication.expiredHint')}
              </Typography>
            ) : null}
          </Box>
          <Link component={RouterLink} to={LANDING_PATH}>
            {translate('app.confirmApplication.toLanding')}
          </Link>
        </Stack>
      )}
    </Paper>
  );
}

/** Route company-application/{id}/confirm?token=… (public): the applicant's link from the confirmation mail. */
export default function ConfirmApplication() {
  return (
    <PublicPageProviders i18nProvider={i18nProvider}>
      <PublicLayout>
        <ConfirmApplicationContent />
      </PublicLayout>
    </PublicPageProviders>
  );
}
