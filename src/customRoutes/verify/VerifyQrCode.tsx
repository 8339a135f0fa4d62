import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'ra-core';
import { QRCodeSVG } from 'qrcode.react';
import { formatDateTime } from '../../domain/dates';
import type { EidBindingStarted } from '../../domain/eid';
import { StepHeading } from './StepHeading';

const T = 'app.verify.qrCode';

/** Spec section 9: error correction level H, size 256 on the verify screen. */
const QR_LEVEL = 'H';
const QR_SIZE = 256;

/**
 * Step 2: the QR code of the session's phone page, the mobile token as text, the code the phone
 * must show too, and the waiting message (a polite live region, announced without moving focus).
 */
export function VerifyQrCode({ binding }: { binding: EidBindingStarted }) {
  const translate = useTranslate();
  return (
    <Box component="section" aria-labelledby="verify-qr-code">
      <StepHeading id="verify-qr-code" focus>
        {translate(`${T}.title`)}
      </StepHeading>
      <Typography sx={{ mb: 2 }}>{translate('app.verify.instructions.steps.scan')}</Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 3, alignItems: 'flex-start', mb: 3 }}>
        {/* White margin around the code: phones read it on a dark page as well. */}
        <Box sx={{ p: 2, bgcolor: 'common.white', border: 1, borderColor: 'divider', lineHeight: 0 }}>
          <QRCodeSVG
            value={binding.qrValue}
            level={QR_LEVEL}
            size={QR_SIZE}
            role="img"
            aria-label={translate(`${T}.imageLabel`)}
          />
        </Box>
        <Box component="dl" sx={{ m: 0, '& dd': { ml: 0, mb: 2, overflowWrap: 'anywhere' } }}>
          <Typography component="dt" sx={{ fontWeight: 600 }}>
            {translate(`${T}.transactionCode`)}
          </Typography>
          <Typography component="dd" sx={{ fontSize: '1.75rem', fontFamily: 'monospace', letterSpacing: '0.1em' }}>
            {binding.transactionCode}
          </Typography>
          <Typography component="dt" sx={{ fontWeight: 600 }}>
            {translate(`${T}.mobileToken`)}
          </Typography>
          <Typography component="dd" sx={{ fontFamily: 'monospace' }}>
            {binding.mobileToken}
          </Typography>
          <Typography component="dt" sx={{ fontWeight: 600 }}>
            {translate(`${T}.validUntil`)}
          </Typography>
          <Typography component="dd">{formatDateTime(binding.expiresAt)}</Typography>
        </Box>
      </Box>
      <Typography sx={{ mb: 2 }}>{translate('app.verify.instructions.steps.compare')}</Typography>
      <Box role="status" aria-live="polite" sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
        <CircularProgress size={20} aria-hidden />
        <Typography>{translate(`${T}.waiting`)}</Typography>
      </Box>
    </Box>
  );
}
