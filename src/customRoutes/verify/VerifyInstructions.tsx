import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'ra-core';
import { StepHeading } from './StepHeading';

const T = 'app.verify.instructions';
const NEEDS = ['idCard', 'pin', 'app'] as const;
const STEPS = ['start', 'scan', 'compare', 'card', 'wait'] as const;

/**
 * Step 1: what the person needs and how the procedure goes, with the start button. The step
 * 'compare' is the phishing guard of the cross-device flow (research/domain.md §5): only a phone
 * that shows this screen's code and the portal's name belongs to this session.
 */
export function VerifyInstructions({
  failed,
  starting,
  onStart,
}: {
  /** An earlier attempt did not finish: the button offers to start again. */
  failed: boolean;
  starting: boolean;
  onStart: () => void;
}) {
  const translate = useTranslate();
  return (
    <Box component="section" aria-labelledby="verify-instructions">
      {/* Back to step 1 after a failed attempt: the heading takes the focus; not on the first visit. */}
      <StepHeading id="verify-instructions" focus={failed}>
        {translate(`${T}.title`)}
      </StepHeading>
      <Typography component="h3" sx={{ fontWeight: 600 }}>
        {translate(`${T}.needsTitle`)}
      </Typography>
      <Box component="ul" sx={{ mt: 1, mb: 2 }}>
        {NEEDS.map((need) => (
          <li key={need}>{translate(`${T}.needs.${need}`)}</li>
        ))}
      </Box>
      <Typography component="h3" sx={{ fontWeight: 600 }}>
        {translate(`${T}.stepsTitle`)}
      </Typography>
      <Box component="ol" sx={{ mt: 1, mb: 3 }}>
        {STEPS.map((step) => (
          <li key={step}>{translate(`${T}.steps.${step}`)}</li>
        ))}
      </Box>
      {failed ? <Typography sx={{ mb: 2 }}>{translate(`${T}.failed`)}</Typography> : null}
      <Button
        variant="contained"
        onClick={onStart}
        disabled={starting}
        startIcon={starting ? <CircularProgress size={16} color="inherit" /> : undefined}
      >
        {/* The spec writes 'Start verification'; nothing English may show, so this is its German label. */}
        {translate(failed ? `${T}.restart` : `${T}.start`)}
      </Button>
    </Box>
  );
}
