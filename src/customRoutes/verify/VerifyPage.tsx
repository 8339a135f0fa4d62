import Paper from '@mui/material/Paper';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { Loading } from 'react-admin';
import { usePermissions, useTranslate } from 'ra-core';
import { canStartEidBinding } from '../../domain/eid';
import type { Self } from '../../domain/self';
import { usePageTitle } from '../../layout/usePageTitle';
import { successTextKey, useEidVerification, type VerifyPhase } from './useEidVerification';
import { VerifyInstructions } from './VerifyInstructions';
import { VerifyPendingApprovalDialog } from './VerifyPendingApprovalDialog';
import { VerifyQrCode } from './VerifyQrCode';

/** A short text in place of the steps (ID bound, review pending). */
function Notice({ titleKey, textKey }: { titleKey: string; textKey: string }) {
  const translate = useTranslate();
  return (
    <Box component="section" aria-labelledby="verify-notice">
      <Typography id="verify-notice" component="h2" variant="h2" sx={{ fontSize: '1.25rem', mb: 2 }}>
        {translate(titleKey)}
      </Typography>
      <Typography>{translate(textKey)}</Typography>
    </Box>
  );
}

function BindingFlow() {
  const { phase, starting, start, pendingDialogOpen, closePendingDialog } = useEidVerification();
  return (
    <>
      <PhaseView phase={phase} starting={starting} onStart={() => void start()} />
      <VerifyPendingApprovalDialog open={pendingDialogOpen} onClose={closePendingDialog} />
    </>
  );
}

function PhaseView({ phase, starting, onStart }: { phase: VerifyPhase; starting: boolean; onStart: () => void }) {
  switch (phase.step) {
    case 'instructions':
      return <VerifyInstructions failed={phase.failed} starting={starting} onStart={onStart} />;
    case 'qrCode':
      return <VerifyQrCode binding={phase.binding} />;
    case 'matched':
      return <Notice titleKey="app.verify.success.title" textKey={successTextKey(phase.status)} />;
    case 'reviewPending':
      return <Notice titleKey="app.verify.pending.title" textKey="app.verify.pending.text" />;
  }
}

/**
 * Route verify (spec "eID verification"), for company users whose registration is unfinished.
 * Users whose ID is bound already (status Verified: the company has yet to approve them) read
 * why there is nothing to do; no call is made for them.
 */
export default function VerifyPage() {
  const translate = useTranslate();
  const { permissions: self } = usePermissions<Self | undefined>();
  usePageTitle(translate('app.pageTitles.verify'));

  if (!self) return <Loading />;
  return (
    <Box component="section" aria-labelledby="verify-title">
      <Typography id="verify-title" component="h1" variant="h1" sx={{ mb: 3 }}>
        {translate('app.pageTitles.verify')}
      </Typography>
      <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 }, maxWidth: 880 }}>
        {canStartEidBinding(self.role, self.status) ? (
          <BindingFlow />
        ) : (
          <Notice titleKey="app.verify.bound.title" textKey="app.verify.bound.text" />
        )}
      </Paper>
    </Box>
  );
}
