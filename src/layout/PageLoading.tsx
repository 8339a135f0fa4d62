import { shellText } from '../i18n/shellText';
import './publicFrame.css';

/**
 * Spinner of the public shell while a lazy chunk (the admin app, the registration) loads. Plain
 * React and CSS: it shows before MUI is there.
 */
export function PageLoading() {
  return (
    <div className="lumio-loading">
      <span className="lumio-spinner" role="progressbar" aria-label={shellText.loading} />
    </div>
  );
}
