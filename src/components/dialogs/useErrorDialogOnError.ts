import { useCallback } from 'react';
import { useDialogs } from './dialogsContext';

/**
 * An onError callback for react-admin mutations (`mutationOptions={{ onError }}` on Create/Edit,
 * or useCreate/useUpdate/useDelete options) that opens the error dialog with the German text.
 * Passing it replaces react-admin's default error notification for that mutation.
 */
export function useErrorDialogOnError(): (error: unknown) => void {
  const { showError } = useDialogs();
  return useCallback(
    (error: unknown) => {
      void showError(error);
    },
    [showError],
  );
}
