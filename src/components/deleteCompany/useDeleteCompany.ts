import { useDataProvider, useLogout } from 'ra-core';
import { useCallback, useRef, useState } from 'react';
import { planLogout } from '../../authProvider/plannedLogout';
import type { ResourceName } from '../../dataProvider/resourcePaths';
import { useDialogs } from '../dialogs';

const COMPANIES: ResourceName = 'companies';

export interface DeleteCompanyState {
  /** DELETE /company/{id}; on success `onDeleted` runs, the success dialog shows, then the logout. */
  deleteCompany: (companyId: string, onDeleted: () => void) => Promise<void>;
  /** The request is running (the dialog's buttons are disabled meanwhile). */
  pending: boolean;
}

/**
 * Deleting the own company (spec "Dialogs": deleteCompany; section 8): the call, then 'Unternehmen
 * wurde gelöscht' with 'Sie werden nun ausgeloggt.', then the logout. The server ended the
 * session with the account, so the logout is planned before the call: the session watcher must
 * not end the app before the user has read why (authProvider/plannedLogout.ts). A failure shows
 * the error dialog and leaves the user signed in.
 */
export function useDeleteCompany(): DeleteCompanyState {
  const dataProvider = useDataProvider();
  const logout = useLogout();
  const { showError, showSuccess } = useDialogs();
  const [pending, setPending] = useState(false);
  // Synchronous guard: a second click can arrive before React re-renders the disabled button.
  const busy = useRef(false);

  const deleteCompany = useCallback(
    async (companyId: string, onDeleted: () => void) => {
      if (busy.current) return;
      busy.current = true;
      setPending(true);
      const release = planLogout();
      try {
        await dataProvider.delete(COMPANIES, { id: companyId, previousData: { id: companyId } });
      } catch (error) {
        release();
        busy.current = false;
        setPending(false);
        void showError(error);
        return;
      }
      onDeleted();
      try {
        await showSuccess({ title: 'app.deleteCompany.successTitle', text: 'app.deleteCompany.successText' });
        await logout();
      } finally {
        release();
      }
    },
    [dataProvider, logout, showError, showSuccess],
  );

  return { deleteCompany, pending };
}
