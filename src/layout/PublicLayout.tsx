import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { LANDING_PATH } from '../domain/routes';
import { Footer } from './Footer';
import { Logo } from './Logo';
import './publicFrame.css';

/**
 * Frame of the public pages (landing, imprint, registration, confirmations): logo bar, content,
 * footer. Plain React and CSS, so the landing page and the imprint load no MUI; the pages built
 * with MUI (registration) render their content inside it.
 */
export function PublicLayout({ children }: { children: ReactNode }) {
  return (
    <div className="lumio-frame">
      <header className="lumio-appbar">
        <div className="lumio-toolbar">
          <Link to={LANDING_PATH} className="lumio-home">
            <Logo />
          </Link>
        </div>
      </header>
      <main id="main-content" className="lumio-main">
        {children}
      </main>
      <Footer />
    </div>
  );
}
