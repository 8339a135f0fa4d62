import { I18nContext } from 'ra-core';
import { LANDING_PATH } from '../domain/routes';
import { publicI18nProvider } from '../i18n/public';
import { PublicLayout } from '../layout/PublicLayout';
import { MuiProviders } from '../layout/MuiProviders';
import { usePageTitle } from '../layout/usePageTitle';
import { ComingSoon } from './ComingSoon';

/**
 * A public route whose screen a later issue builds: the admin's placeholder card in the public
 * frame. Loaded lazily with MUI, which the landing page does without.
 */
export default function PublicComingSoon({ pageTitle }: { pageTitle: string }) {
  usePageTitle(pageTitle);
  return (
    <MuiProviders>
      <I18nContext.Provider value={publicI18nProvider}>
        <PublicLayout>
          <ComingSoon backTo={LANDING_PATH} backLabelKey="app.backToLanding" />
        </PublicLayout>
      </I18nContext.Provider>
    </MuiProviders>
  );
}
