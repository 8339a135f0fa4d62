import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { LinkBase, useTranslate } from 'ra-core';
import { areaHref } from '../../domain/navigation';
import type { Self } from '../../domain/self';

/**
 * Above the steps after a LumioAdmin rejected the person's eID review (issue 25): why the card was
 * not bound, in the reviewer's words (GET /api/self eidReviewReason; rejections from before reasons
 * were asked for have none, and the general text stands alone), and what to do next.
 */
export function RejectedReviewNotice({ self }: { self: Self }) {
  const translate = useTranslate();
  return (
    // A region, not MUI's role alert: it is there when the page opens, nothing to interrupt for.
    <Alert severity="warning" component="section" role="region" aria-labelledby="verify-rejected" sx={{ mb: 3 }}>
      <Typography id="verify-rejected" component="h2" variant="subtitle1" sx={{ fontWeight: 700, mb: 1 }}>
        {translate('app.verify.rejected.title')}
      </Typography>
      <Typography sx={{ mb: 1 }}>{translate('app.verify.rejected.why')}</Typography>
      {self.eidReviewReason ? (
        <Typography component="div" sx={{ mb: 1 }} data-testid="verify-rejected-reason">
          <Box component="span" sx={{ fontWeight: 700 }}>
            {translate('app.verify.rejected.reason')}
          </Box>{' '}
          {/* The reviewer's own words, as typed: React escapes them. */}
          <Box component="q" sx={{ quotes: "'„' '“'" }}>
            {self.eidReviewReason}
          </Box>
        </Typography>
      ) : null}
      <Typography sx={{ mb: 1 }}>{translate('app.verify.rejected.next')}</Typography>
      <Link component={LinkBase} to={areaHref('profileManagement', self)}>
        {translate('app.verify.rejected.profileLink')}
      </Link>
    </Alert>
  );
}
