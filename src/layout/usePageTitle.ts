import { useEffect } from 'react';
import { pageTitle } from '../domain/pageTitle';

/**
 * Sets the tab title while the page is shown. Plain React on purpose: the public pages use it
 * too and must not pull react-admin or MUI into their bundle.
 */
export function usePageTitle(pageName?: string | null): void {
  useEffect(() => {
    document.title = pageTitle(pageName);
  }, [pageName]);
}
