import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { usePermissions, useTranslate } from 'ra-core';
import { actionOutcome, startPasswordChange, startSecondFactorSetup } from '../authProvider/keycloakSession';
import { useRuntime } from '../authProvider/runtime';
import { isSecondFactorRequired } from '../domain/secondFactor';
import type { Self } from '../domain/self';
import { usePageTitle } from '../layout/usePageTitle';

const UPDATE_PASSWORD = 'UPDATE_PASSWORD';
const CONFIGURE_TOTP = 'CONFIGURE_TOTP';

/**
 * Route profile (spec section 2): the way to change the password at the identity provider, for
 * every signed-in user, and whether the second factor is set up (issue 24). The buttons start
 * Keycloak's application-initiated actions (UPDATE_PASSWORD; CONFIGURE_TOTP where the second
 * factor is optional and not set up yet); the provider's page sends the browser back here.
 */
export function ProfilePage() {
  const translate = useTranslate();
  const { session } = useRuntime();
  usePageTitle(translate('app.pageTitles.profile'));
  const { permissions: self } = usePermissions<Self | undefined>();
  const changed = actionOutcome(session, UPDATE_PASSWORD) === 'success';
  const secondFactorSetUp = actionOutcome(session, CONFIGURE_TOTP) === 'success';

  return (
    <Box component="section" aria-labelledby="profile-title" sx={{ maxWidth: 640 }}>
      <Typography id="profile-title" component="h1" variant="h1" sx={{ mb: 3 }}>
        {translate('app.pageTitles.profile')}
      </Typography>
      {changed ? (
        <Alert severity="success" sx={{ mb: 3 }}>
          {translate('app.passwordChange.changed')}
        </Alert>
      ) : null}
      {secondFactorSetUp ? (
        <Alert severity="success" sx={{ mb: 3 }}>
          {translate('app.secondFactor.configuredNow')}
        </Alert>
      ) : null}
      <Typography component="h2" variant="h2" sx={{ mb: 1 }}>
        {translate('app.passwordChange.heading')}
      </Typography>
      <Typography sx={{ mb: 2 }}>{translate('app.passwordChange.text')}</Typography>
      <Button variant="contained" onClick={() => void startPasswordChange(session)}>
        {translate('app.passwordChange.button')}
      </Button>
      {self ? <SecondFactorSection self={self} onSetUp={() => void startSecondFactorSetup(session)} /> : null}
    </Box>
  );
}

/** 'Zwei-Faktor-Anmeldung: eingerichtet | nicht eingerichtet', and the way to set it up where it is optional. */
function SecondFactorSection({ self, onSetUp }: { self: Self; onSetUp: () => void }) {
  const translate = useTranslate();
  const required = isSecondFactorRequired(self.role);
  const configured = self.secondFactor === true;
  return (
    <Box component="section" aria-labelledby="second-factor-title" sx={{ mt: 4 }}>
      <Typography id="second-factor-title" component="h2" variant="h2" sx={{ mb: 1 }}>
        {translate('app.secondFactor.heading')}
      </Typography>
      <Typography sx={{ mb: 1 }}>
        {translate('app.secondFactor.status', {
          state: translate(configured ? 'app.secondFactor.configured' : 'app.secondFactor.notConfigured'),
        })}
      </Typography>
      <Typography sx={{ mb: 2 }}>
        {translate(required ? 'app.secondFactor.required' : 'app.secondFactor.optional')}
      </Typography>
      {!required && !configured ? (
        <Button variant="contained" onClick={onSetUp}>
          {translate('app.secondFactor.button')}
        </Button>
      ) : null}
    </Box>
  );
}
