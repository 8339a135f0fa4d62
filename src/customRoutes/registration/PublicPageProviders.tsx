import { I18nContext, type I18nProvider } from 'ra-core';
import type { ReactNode } from 'react';
import { MuiProviders } from '../../layout/MuiProviders';
import { LazyDialogProvider } from './LazyDialogProvider';

/**
 * What a lazy public page built with MUI needs around it in the public shell, which has neither
 * react-admin's <AdminContext> nor MUI: the theme, its texts (a provider from
 * createPublicPageI18nProvider with the page's own message modules) and the shared dialog family
 * (downloaded when first needed).
 */
export function PublicPageProviders({ i18nProvider, children }: { i18nProvider: I18nProvider; children: ReactNode }) {
  return (
    <MuiProviders>
      <I18nContext.Provider value={i18nProvider}>
        <LazyDialogProvider>{children}</LazyDialogProvider>
      </I18nContext.Provider>
    </MuiProviders>
  );
}
