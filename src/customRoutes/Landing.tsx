import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'ra-core';
import { useEffect, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { useRuntime } from '../authProvider/runtime';
import { DASHBOARD_PATH, REGISTER_STUDIO_PATH } from '../domain/routes';
import { Logo } from '../layout/Logo';
import { PublicLayout } from '../layout/PublicLayout';

export { LANDING_PATH } from '../domain/routes';

/**
 * Public start page (route ''): logo, "Jetzt anmelden" (keycloak login, back to /dashboard) and
 * "Fotostudio registrieren". A visitor whom the silent SSO check recognises goes to /dashboard.
 */
export function Landing() {
  const translate = useTranslate();
  const navigate = useNavigate();
  const { session } = useRuntime();
  const [loggingIn, setLoggingIn] = useState(false);

  useEffect(() => {
    let mounted = true;
    void session.ready.then((authenticated) => {
      if (mounted && authenticated) navigate(DASHBOARD_PATH, { replace: true });
    });
    return () => {
      mounted = false;
    };
  }, [session, navigate]);

  const login = () => {
    setLoggingIn(true);
    session.login().catch((error: unknown) => {
      // Spec section 8: a login-initialisation failure is only logged.
      console.error('Anmeldung konnte nicht gestartet werden', error);
      setLoggingIn(false);
    });
  };

  return (
    <PublicLayout>
      <Container maxWidth="sm" sx={{ textAlign: 'center' }}>
        <Stack spacing={4} sx={{ alignItems: 'center' }}>
          <Logo size={72} color="primary.main" />
          <Typography component="h1" variant="h1">
            {translate('app.landing.title')}
          </Typography>
          <Typography color="text.secondary">{translate('app.landing.intro')}</Typography>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ justifyContent: 'center' }}>
            <Button variant="contained" size="large" onClick={login} disabled={loggingIn}>
              {translate('app.landing.login')}
            </Button>
            <Button variant="outlined" size="large" component={RouterLink} to={REGISTER_STUDIO_PATH}>
              {translate('app.landing.registerStudio')}
            </Button>
          </Stack>
          <Alert severity="info" sx={{ textAlign: 'left' }}>
            {translate('app.landing.pilotNotice')}
          </Alert>
        </Stack>
      </Container>
    </PublicLayout>
  );
}
