import { useEffect } from 'react';
import { Link, useNavigate } from 'react-router';
import { useIdleLogoutNotice } from '../authProvider/idleLogoutNotice';
import { useRuntime } from '../authProvider/runtime';
import { useStartLogin } from '../authProvider/useStartLogin';
import { DASHBOARD_PATH, REGISTER_STUDIO_PATH } from '../domain/routes';
import { shellText } from '../i18n/shellText';
import { Logo } from '../layout/Logo';
import { PublicLayout } from '../layout/PublicLayout';
import { usePageTitle } from '../layout/usePageTitle';
import './landing.css';

export { LANDING_PATH } from '../domain/routes';

const texts = shellText.landing;

/** MUI's InfoOutlined icon, inline: the notices keep the look of MUI's info alert without MUI. */
function InfoIcon() {
  return (
    <svg className="lumio-notice__icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d="M11 7h2v2h-2zm0 4h2v6h-2zm1-9C6.48 2 2 6.48 2 12s4.48 10 10 10 10-4.48 10-10S17.52 2 12 2m0 18c-4.41 0-8-3.59-8-8s3.59-8 8-8 8 3.59 8 8-3.59 8-8 8" />
    </svg>
  );
}

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
        {loggedOutForInactivity ? (
          <p className="lumio-notice" role="status">
            <InfoIcon />
            <span className="lumio-notice__text">{texts.idleLogout}</span>
          </p>
        ) : null}
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
        <p className="lumio-notice">
          <InfoIcon />
          <span className="lumio-notice__text">{texts.pilotNotice}</span>
        </p>
      </div>
    </PublicLayout>
  );
}
