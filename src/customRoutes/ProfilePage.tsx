import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'ra-core';
import { actionOutcome, startPasswordChange } from '../authProvider/keycloakSession';
import { useRuntime } from '../authProvider/runtime';
import { usePageTitle } from '../layout/usePageTitle';

const UPDATE_PASSWORD = 'UPDATE_PASSWORD';

/**
 * Route profile (spec section 2): only the way to change the password at the identity provider,
 * for every signed-in user. The button starts Keycloak's application-initiated action; the
 * provider's page asks for the current and the new password and sends the browser back here.
 */
export function ProfilePage() {
  const translate = useTranslate();
  const { session } = useRuntime();
  usePageTitle(translate('app.pageTitles.profile'));
  const changed = actionOutcome(session, UPDATE_PASSWORD) === 'success';

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
      <Typography component="h2" variant="h2" sx={{ mb: 1 }}>
        {translate('app.passwordChange.heading')}
      </Typography>
      <Typography sx={{ mb: 2 }}>{translate('app.passwordChange.text')}</Typography>
      <Button variant="contained" onClick={() => void startPasswordChange(session)}>
        {translate('app.passwordChange.button')}
      </Button>
    </Box>
  );
}
