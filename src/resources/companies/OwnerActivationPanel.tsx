import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useDataProvider, useTranslate, type Identifier } from 'react-admin';
import { useRef } from 'react';
import { useCurrentRole } from '../../components/auth/useCurrentRole';
import { DetailSection } from '../../components/detail';
import { useDialogs } from '../../components/dialogs';
import type { LumioDataProvider, OwnerActivation } from '../../dataProvider';
import { formatDateTime } from '../../domain/dates';
import { COMPANIES_RESOURCE } from './names';

const T = 'app.companies.ownerActivation';

/** The sentence about the newest activation mail, from its delivery record. */
function mailLine(mail: OwnerActivation['lastMail']): [string, Record<string, unknown>] {
  if (!mail) return [`${T}.mailNone`, {}];
  if (mail.status === 'sent') return [`${T}.mailSent`, { date: formatDateTime(mail.sentAt) }];
  if (mail.status === 'failed') return [`${T}.mailFailed`, { date: formatDateTime(mail.createdAt) }];
  if (mail.attempts > 0) return [`${T}.mailRetrying`, { smart_count: mail.attempts }];
  return [`${T}.mailQueued`, {}];
}

/**
 * The owner's account on the company page, for LumioAdmin (the only role the API answers): whether
 * the owner has set a password, how the last activation mail fared, and 'Aktivierungsmail erneut
 * senden' while the activation is open (a new link; earlier links stop working).
 */
export function OwnerActivationPanel({ companyId }: { companyId: Identifier }) {
  const { role } = useCurrentRole();
  if (role !== 'LumioAdmin') return null;
  return <OwnerActivationSection companyId={companyId} />;
}

function OwnerActivationSection({ companyId }: { companyId: Identifier }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<LumioDataProvider>();
  const queryClient = useQueryClient();
  const { confirm, showError, showSuccess } = useDialogs();
  const queryKey = [COMPANIES_RESOURCE, 'ownerActivation', String(companyId)];
  const { data, isPending, error } = useQuery({
    queryKey,
    queryFn: () => dataProvider.getOwnerActivation(companyId),
  });
  // A second click can arrive before React re-renders the disabled button.
  const busy = useRef(false);
  const resend = useMutation({ mutationFn: () => dataProvider.resendOwnerActivation(companyId) });

  async function onResend(email: string) {
    if (busy.current) return;
    busy.current = true;
    try {
      const confirmed = await confirm({
        title: `${T}.confirmTitle`,
        content: `${T}.confirmText`,
        messageArgs: { email },
        confirmLabel: `${T}.confirmLabel`,
      });
      if (!confirmed) return;
      try {
        const answer = await resend.mutateAsync();
        void showSuccess({ text: `${T}.successText`, messageArgs: { email: answer.email } });
      } catch (err) {
        void showError(err);
      }
      await queryClient.invalidateQueries({ queryKey });
    } finally {
      busy.current = false;
    }
  }

  let body;
  if (isPending) body = <CircularProgress size={24} aria-label={translate(`${T}.loading`)} />;
  else if (error || !data) body = <Alert severity="error">{translate(`${T}.loadFailed`)}</Alert>;
  else if (!data.email) body = <Typography>{translate(`${T}.noOwner`)}</Typography>;
  else if (!data.pending) body = <Typography>{translate(`${T}.activated`, { email: data.email })}</Typography>;
  else {
    const [line, args] = mailLine(data.lastMail);
    const email = data.email;
    body = (
      <Stack spacing={1.5} sx={{ alignItems: 'flex-start' }}>
        <Typography>{translate(`${T}.pending`, { email })}</Typography>
        <Typography color={data.lastMail?.status === 'failed' ? 'error' : 'text.secondary'}>
          {translate(line, args)}
        </Typography>
        <Button variant="contained" disabled={resend.isPending} onClick={() => void onResend(email)}>
          {translate(`${T}.resend`)}
        </Button>
      </Stack>
    );
  }
  return <DetailSection title={`${T}.title`}>{body}</DetailSection>;
}
