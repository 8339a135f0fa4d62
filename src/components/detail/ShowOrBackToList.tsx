import { Show, useRedirect } from 'react-admin';
import { useCallback, type ReactNode } from 'react';
import { ShowPageTitle } from '../../layout/resourcePageTitles';
import { useDialogs } from '../dialogs';

/**
 * A read-only detail page (react-admin <Show> without actions) that, when the record cannot be
 * loaded — also a 404 — shows the error dialog and returns to the resource's list (spec section 8:
 * "failed application load returns to open-applications"; the company page does the same).
 */
export function ShowOrBackToList({ listResource, children }: { listResource: string; children: ReactNode }) {
  const { showError } = useDialogs();
  const redirect = useRedirect();
  const onError = useCallback(
    (error: unknown) => {
      void showError(error);
      redirect('list', listResource);
    },
    [redirect, showError, listResource],
  );
  return (
    <Show actions={false} queryOptions={{ onError }}>
      <ShowPageTitle />
      {children}
    </Show>
  );
}
