import Paper from '@mui/material/Paper';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { usePermissions, useTranslate } from 'ra-core';
import { canStartEidBinding } from '../../domain/eid';
import { eidProgress } from '../../domain/eidReview';
import type { Self } from '../../domain/self';
import { usePageTitle } from '../../layout/usePageTitle';
import { successTextKey, useEidVerification, type VerifyPhase } from './useEidVerification';
import { VerifyInstructions } from './VerifyInstructions';
import { RejectedReviewNotice } from './RejectedReviewNotice';
import { VerifyPendingApprovalDialog } from './VerifyPendingApprovalDialog';
import { StepHeading } from './StepHeading';
import { VerifyQrCode } from './VerifyQrCode';

/**
 * A short text in place of the steps: the ID is bound, or its review is pending. `focus` when the
 * page arrived here by itself (a result of the binding).
 */
function Notice({ titleKey, textKey, focus = false }: { titleKey: string; textKey: string; focus?: boolean }) {
  const translate = useTranslate();
  return (
    <Box component="section" aria-labelledby="verify-notice">
      <StepHeading id="verify-notice" focus={focus}>
        {translate(titleKey)}
      </StepHeading>
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
      return <Notice titleKey="app.verify.success.title" textKey={successTextKey(phase.status)} focus />;
    case 'reviewPending':
      return <Notice titleKey="app.verify.pending.title" textKey="app.verify.pending.text" focus />;
  }
}

/** What the page holds for where the user stands (src/domain/eidReview.ts eidProgress). */
function VerifyContent({ self }: { self: Self }) {
  if (!canStartEidBinding(self.role, self.status)) {
    return <Notice titleKey="app.verify.bound.title" textKey="app.verify.bound.text" />;
  }
  switch (eidProgress(self)) {
    // Starting again would only be refused while the review runs (issue 25: say so instead).
    case 'reviewOpen':
      return <Notice titleKey="app.verify.pending.title" textKey="app.verify.pending.text" />;
    case 'reviewRejected':
      return (
        <>
          <RejectedReviewNotice self={self} />
          <BindingFlow />
        </>
      );
    default:
      return <BindingFlow />;
  }
}

/**
 * Route verify (spec "eID verification"), for company users whose registration is unfinished.
 * Users whose ID is bound already (status Verified: the company has yet to approve them) read
 * why there is nothing to do; no call is made for them. Whose review is open reads that it runs;
 * whose review was rejected reads why and what next above the steps.
 */
export default function VerifyPage() {
  const translate = useTranslate();
  const { permissions: self } = usePermissions<Self | undefined>();
  usePageTitle(translate('app.pageTitles.verify'));

  // The access guard around this page has just read the same GET /self; no spinner of its own
  // (react-admin's Loading would cost the dashboard a split chunk, ~0.4 kB).
  if (!self) return null;
  return (
    <Box component="section" aria-labelledby="verify-title">
      <Typography id="verify-title" component="h1" variant="h1" sx={{ mb: 3 }}>
        {translate('app.pageTitles.verify')}
      </Typography>
      <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 }, maxWidth: 880 }}>
        <VerifyContent self={self} />
      </Paper>
    </Box>
  );
}
