import Box from '@mui/material/Box';

/*
 * The registration's step header, built from Box instead of MUI's Stepper: the Stepper family
 * (Stepper, Step, StepLabel, StepIcon, StepConnector, StepButton and the roving tab index they
 * pull in) weighed about 6 kB gzipped on a page whose budget is 200 kB. The header is not
 * interactive (steps change only through Weiter and Zurück), so an ordered list says all there
 * is: the position of each step and, through aria-current="step", which one is open.
 */

/** Hidden on phones but still read out, so the list never loses its names. */
const labelOnPhones = {
  position: { xs: 'absolute', sm: 'static' },
  width: { xs: '1px', sm: 'auto' },
  height: { xs: '1px', sm: 'auto' },
  overflow: { xs: 'hidden', sm: 'visible' },
  clip: { xs: 'rect(0 0 0 0)', sm: 'auto' },
  whiteSpace: { xs: 'nowrap', sm: 'normal' },
} as const;

interface StepProgressProps {
  /** The translated step titles, in order. */
  titles: readonly string[];
  /** Index of the open step; the ones before it count as done. */
  activeStep: number;
}

/**
 * Numbered circles joined by a line, the title under each (phones show only the numbers; the
 * open step's heading below names it). Done steps show a check mark, as MUI's StepIcon did.
 */
export function StepProgress({ titles, activeStep }: StepProgressProps) {
  return (
    <Box component="ol" sx={{ display: 'flex', listStyle: 'none', p: 0, m: 0, mb: 4 }}>
      {titles.map((title, step) => {
        const reached = step <= activeStep;
        return (
          <Box
            component="li"
            key={title}
            aria-current={step === activeStep ? 'step' : undefined}
            sx={{
              flex: '1 1 0',
              minWidth: 0,
              position: 'relative',
              display: 'flex',
              flexDirection: 'column',
              alignItems: 'center',
              textAlign: 'center',
              px: 1,
              // The connector from the previous circle to this one.
              '&:not(:first-of-type)::before': {
                content: '""',
                position: 'absolute',
                top: 12,
                left: 'calc(-50% + 20px)',
                right: 'calc(50% + 20px)',
                borderTop: 1,
                borderColor: 'divider',
              },
            }}
          >
            <Box
              component="span"
              aria-hidden="true"
              sx={{
                width: 24,
                height: 24,
                borderRadius: '50%',
                display: 'flex',
                alignItems: 'center',
                justifyContent: 'center',
                bgcolor: reached ? 'primary.main' : 'text.disabled',
                color: 'primary.contrastText',
                typography: 'caption',
                lineHeight: 1,
              }}
            >
              {step < activeStep ? '✓' : step + 1}
            </Box>
            <Box
              component="span"
              sx={{
                mt: 2,
                typography: 'body2',
                fontWeight: reached ? 500 : 400,
                color: reached ? 'text.primary' : 'text.secondary',
                maxWidth: '100%',
                hyphens: 'auto',
                overflowWrap: 'break-word',
                ...labelOnPhones,
              }}
            >
              {title}
            </Box>
          </Box>
        );
      })}
    </Box>
  );
}
