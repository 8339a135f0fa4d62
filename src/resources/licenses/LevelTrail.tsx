import ArrowBack from '@mui/icons-material/ArrowBack';
import Box from '@mui/material/Box';
import Breadcrumbs from '@mui/material/Breadcrumbs';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { LinkBase, useTranslate } from 'react-admin';

export interface TrailStep {
  label: string;
  /** Where the step leads; the last step (where you are) has none. */
  to?: string;
}

/**
 * Above each level's table: where you are (company › studio › licence key, the last one the
 * current page) and 'Zurück' to the level above, when there is one for the user.
 */
export function LevelTrail({ steps, backTo }: { steps: readonly TrailStep[]; backTo?: string }) {
  const translate = useTranslate();
  return (
    <Box
      sx={{
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'space-between',
        flexWrap: 'wrap',
        gap: 1,
        mb: 2,
      }}
    >
      {steps.length > 0 ? (
        <Breadcrumbs aria-label={translate('app.licenses.trail')} sx={{ '& ol': { rowGap: 0.5 } }}>
          {steps.map((step, index) =>
            step.to && index < steps.length - 1 ? (
              <Link key={step.to} component={LinkBase} to={step.to} underline="hover" color="inherit">
                {step.label}
              </Link>
            ) : (
              <Typography
                key={step.label}
                color="text.primary"
                aria-current={index === steps.length - 1 ? 'page' : undefined}
                sx={{ overflowWrap: 'anywhere' }}
              >
                {step.label}
              </Typography>
            ),
          )}
        </Breadcrumbs>
      ) : (
        <span />
      )}
      {backTo ? (
        <Button component={LinkBase} to={backTo} variant="outlined" startIcon={<ArrowBack />}>
          {translate('app.licenses.back')}
        </Button>
      ) : null}
    </Box>
  );
}
