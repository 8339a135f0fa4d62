import ArrowBack from '@mui/icons-material/ArrowBack';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import { Labeled, LinkBase, Loading, useShowContext, useTranslate } from 'react-admin';
import Typography from '@mui/material/Typography';
import { DetailSection, FieldGrid, ShowOrBackToList } from '../../components/detail';
import { formatDateTime } from '../../domain/dates';
import { roleLabel } from '../../domain/roles';
import { useState } from 'react';
import { IdentityComparison } from './IdentityComparison';
import { EID_REVIEWS_RESOURCE } from './names';
import { RejectEidReviewDialog } from './RejectEidReviewDialog';
import { fullName, type EidReview } from './types';
import { useEidReviewDecision } from './useEidReviewDecision';

const T = 'app.eidReviews';
const LIST_PATH = `/${EID_REVIEWS_RESOURCE}`;

/**
 * One eID review (route verification-check/{id}, LumioAdmin): who it is about, the profile beside
 * the ID's data with the differences marked, and the decision. A review that cannot be loaded (also
 * 404: decided meanwhile) shows the error dialog and the list again.
 */
export function EidReviewDetail() {
  return (
    <ShowOrBackToList listResource={EID_REVIEWS_RESOURCE}>
      <Review />
    </ShowOrBackToList>
  );
}

/** A labelled read-only value of the person section. */
function Value({ label, value }: { label: string; value: string }) {
  return (
    <Labeled label={label}>
      <Typography variant="body2">{value}</Typography>
    </Labeled>
  );
}

function Review() {
  const translate = useTranslate();
  const { record: cached } = useShowContext<EidReview>();
  // The list pre-fills react-admin's getOne cache with its row, which has no comparison: only the
  // full record of GET /eid-review/{id} is reviewed and judged.
  const review = cached?.user === undefined ? undefined : cached;
  const { decide, pending, decided, messageArgs } = useEidReviewDecision(review);
  const [asksReason, setAsksReason] = useState(false);

  if (!review || !messageArgs) return <Loading />;
  const { user } = review;
  const busy = pending !== null || decided;

  return (
    <Box sx={{ p: { xs: 2, md: 3 } }}>
      <DetailSection title={`${T}.personSection`}>
        <FieldGrid>
          <Value label={`${T}.name`} value={fullName(user)} />
          <Value label="resources.verification-check.fields.email" value={user.email} />
          <Value label="resources.verification-check.fields.companyName" value={user.companyName} />
          <Value label={`${T}.role`} value={roleLabel(user.role, user.salutation)} />
          <Value label="resources.verification-check.fields.createdAt" value={formatDateTime(review.createdAt)} />
        </FieldGrid>
      </DetailSection>

      <DetailSection title={`${T}.comparison.title`}>
        <Typography sx={{ mb: 2 }}>{translate(`${T}.comparison.intro`)}</Typography>
        <IdentityComparison review={review} />
      </DetailSection>

      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center' }}>
        <Button component={LinkBase} to={LIST_PATH} variant="outlined" startIcon={<ArrowBack />}>
          {translate(`${T}.back`)}
        </Button>
        <Box sx={{ flex: 1 }} />
        <Button
          variant="outlined"
          color="error"
          disabled={busy}
          onClick={() => setAsksReason(true)}
          startIcon={pending === 'reject' ? <CircularProgress size={16} color="inherit" /> : undefined}
        >
          {translate(`${T}.reject.button`)}
        </Button>
        <Button
          variant="contained"
          disabled={busy}
          onClick={() => void decide('confirm')}
          startIcon={pending === 'confirm' ? <CircularProgress size={16} color="inherit" /> : undefined}
        >
          {translate(`${T}.confirm.button`)}
        </Button>
      </Box>
      {asksReason ? (
        <RejectEidReviewDialog
          messageArgs={messageArgs}
          onReject={async (rejection) => {
            await decide('reject', rejection);
            // Decided, or the error dialog says why not: either way this dialog has done its part.
            return true;
          }}
          isPending={pending === 'reject'}
          onClose={() => setAsksReason(false)}
        />
      ) : null}
    </Box>
  );
}
