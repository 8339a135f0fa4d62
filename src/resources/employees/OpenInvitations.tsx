import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useDataProvider, useTranslate, type Identifier } from 'react-admin';
import { useRef, useState } from 'react';
import { DetailSection } from '../../components/detail/DetailSection';
import { useDialogs } from '../../components/dialogs';
import type { LumioDataProvider } from '../../dataProvider';
import { formatDateTime } from '../../domain/dates';
import type { OpenInvitation } from '../../domain/employeeInvitation';
import { companyHistoryKey } from '../companies/companyHistoryKey';
import { openInvitationsKey } from './names';

const T = 'app.employees.invitations';

type InvitationAction = 'resend' | 'withdraw';

/**
 * 'Offene Einladungen' on the employees page (issue 25): every invitation still waiting for its
 * registration, with 'Erneut senden' (a new link; the old one stops working) and 'Zurückziehen',
 * each behind its confirmation dialog. One row per invitation that wraps on a phone, so both
 * actions stay reachable at 390 px.
 */
export function OpenInvitations({ companyId }: { companyId: Identifier }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<LumioDataProvider>();
  const queryClient = useQueryClient();
  const { confirm, showError, showSuccess } = useDialogs();
  const queryKey = openInvitationsKey(companyId);
  const { data, isPending, error } = useQuery({ queryKey, queryFn: () => dataProvider.getOpenInvitations(companyId) });
  // A second click can arrive before React re-renders the disabled buttons.
  const busy = useRef(false);
  const [working, setWorking] = useState(false);

  async function run(action: InvitationAction, invitation: OpenInvitation) {
    if (busy.current) return;
    busy.current = true;
    const texts = `${T}.${action}`;
    const messageArgs = { email: invitation.email };
    try {
      const confirmed = await confirm({
        title: `${texts}.confirmTitle`,
        content: `${texts}.confirmText`,
        messageArgs,
        confirmLabel: `${texts}.confirmLabel`,
        confirmColor: action === 'withdraw' ? 'error' : 'primary',
      });
      if (!confirmed) return;
      setWorking(true);
      try {
        if (action === 'resend') await dataProvider.resendInvitation(companyId, invitation.id);
        else await dataProvider.withdrawInvitation(companyId, invitation.id);
        void showSuccess({ title: `${texts}.successTitle`, text: `${texts}.successText`, messageArgs });
      } catch (err) {
        void showError(err);
      }
      await Promise.all([
        queryClient.invalidateQueries({ queryKey }),
        queryClient.invalidateQueries({ queryKey: companyHistoryKey(companyId) }),
      ]);
    } finally {
      busy.current = false;
      setWorking(false);
    }
  }

  let body;
  if (isPending) body = <CircularProgress size={24} aria-label={translate('ra.page.loading')} />;
  else if (error || !data) body = <Alert severity="error">{translate(`${T}.loadFailed`)}</Alert>;
  else if (data.length === 0) body = <Typography>{translate(`${T}.empty`)}</Typography>;
  else {
    body = (
      <Box component="ul" aria-label={translate(`${T}.title`)} sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {data.map((invitation) => (
          <Box
            component="li"
            key={invitation.id}
            sx={{
              display: 'flex',
              flexWrap: 'wrap',
              alignItems: 'center',
              columnGap: 2,
              rowGap: 1,
              py: 1.5,
              borderTop: 1,
              borderColor: 'divider',
              '&:first-of-type': { borderTop: 0 },
            }}
          >
            <Box sx={{ flex: '1 1 16rem', minWidth: 0 }}>
              <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{invitation.email}</Typography>
              <Typography variant="body2" color="text.secondary">
                {`${translate(`${T}.invitedAt`)}: ${formatDateTime(invitation.invitedAt)} · ${translate(`${T}.validUntil`)}: ${formatDateTime(invitation.validUntil)}`}
              </Typography>
            </Box>
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
              <Button
                variant="outlined"
                disabled={working}
                aria-label={translate(`${T}.resend.buttonLabel`, { email: invitation.email })}
                onClick={() => void run('resend', invitation)}
              >
                {translate(`${T}.resend.button`)}
              </Button>
              <Button
                variant="outlined"
                color="error"
                disabled={working}
                aria-label={translate(`${T}.withdraw.buttonLabel`, { email: invitation.email })}
                onClick={() => void run('withdraw', invitation)}
              >
                {translate(`${T}.withdraw.button`)}
              </Button>
            </Box>
          </Box>
        ))}
      </Box>
    );
  }

  return (
    <Card sx={{ p: { xs: 2, md: 3 }, mt: 3 }}>
      <DetailSection title={`${T}.title`}>{body}</DetailSection>
    </Card>
  );
}
