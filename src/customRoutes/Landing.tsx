import { useEffect } from 'react';
import { Link, useNavigate } from 'react-router';
import { useIdleLogoutNotice } from '../authProvider/idleLogoutNotice';
import { useRuntime } from '../authProvider/runtime';
import { useStartLogin } from '../authProvider/useStartLogin';
import { DASHBOARD_PATH, REGISTER_STUDIO_PATH } from '../domain/routes';
import { shellText } from '../i18n/shellText';
import { InfoNotice } from '../layout/InfoNotice';
import { Logo } from '../layout/Logo';
import { PublicLayout } from '../layout/PublicLayout';
import { usePageTitle } from '../layout/usePageTitle';
import './landing.css';

export { LANDING_PATH } from '../domain/routes';

const texts = shellText.landing;

/**
 * Public start page (route ''): logo, "Jetzt anmelden" (keycloak login, back to /dashboard) and
 * "Fotostudio registrieren". A visitor whom the silent SSO check recognises goes to /dashboard.
 * Plain React and CSS (no MUI, no react-admin): it is the page every visitor downloads first
 * (budget in bench/README.md).
 */
export function Landing() {
  const navigate = useNavigate();
  const { session } = useRuntime();
  const { login, loggingIn } = useStartLogin(session);
  const loggedOutForInactivity = useIdleLogoutNotice();
  usePageTitle();

  useEffect(() => {
    let mounted = true;
    // Asked now, not taken from ready's answer: that tells how the page load began, and the
    // session may have ended since (e.g. the account was deleted, then the app came back here).
    void session.ready.then(() => {
      if (mounted && session.isAuthenticated()) navigate(DASHBOARD_PATH, { replace: true });
    });
    return () => {
      mounted = false;
    };
  }, [session, navigate]);

  return (
    <PublicLayout>
      <div className="lumio-landing">
        {loggedOutForInactivity ? <InfoNotice role="status">{texts.idleLogout}</InfoNotice> : null}
        <Logo size={72} color="var(--lumio-primary)" />
        <h1 className="lumio-landing__title">{texts.title}</h1>
        <p className="lumio-landing__intro">{texts.intro}</p>
        <div className="lumio-landing__actions">
          <button type="button" className="lumio-button lumio-button--contained" onClick={login} disabled={loggingIn}>
            {texts.login}
          </button>
          <Link className="lumio-button lumio-button--outlined" to={REGISTER_STUDIO_PATH}>
            {texts.registerStudio}
          </Link>
        </div>
        <InfoNotice>{texts.pilotNotice}</InfoNotice>
      </div>
    </PublicLayout>
  );
}
