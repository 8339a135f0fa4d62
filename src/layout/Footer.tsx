import { Link } from 'react-router';
import { IMPRINT_PATH } from '../domain/routes';
import { fillIn, shellText } from '../i18n/shellText';
import './publicFrame.css';

/**
 * Spec section 2: the footer shows the current year and an imprint link, on every page. Plain
 * React and CSS (publicFrame.css): the landing page shows it without MUI, the admin as well.
 */
export function Footer() {
  return (
    <footer className="lumio-footer">
      <p className="lumio-footer__text">{fillIn(shellText.footer.copyright, { year: new Date().getFullYear() })}</p>
      <Link className="lumio-link lumio-footer__text" to={IMPRINT_PATH}>
        {shellText.footer.imprint}
      </Link>
    </footer>
  );
}
