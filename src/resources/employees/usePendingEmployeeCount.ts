import { useQuery } from '@tanstack/react-query';
import { useDataProvider, type Identifier } from 'react-admin';
import { useEffect } from 'react';
import { useDialogs } from '../../components/dialogs';
import type { LumioDataProvider } from '../../dataProvider';
import { pendingEmployeeCountKey } from './names';

/**
 * How many of the company's people wait for 'Freigeben' or 'Ablehnen' (GET …/user?toApprove=true,
 * a page of size 1): the header menu's badge and whether the employees page shows 'Zu prüfende
 * Mitarbeitende'. Both share one query; the menu (`reportErrors`) shows the error dialog when it fails.
 */
export function usePendingEmployeeCount(
  companyId: Identifier | undefined,
  { enabled = true, reportErrors = false }: { enabled?: boolean; reportErrors?: boolean } = {},
): number | undefined {
  const dataProvider = useDataProvider<LumioDataProvider>();
  const { showError } = useDialogs();
  const { data, error } = useQuery({
    queryKey: pendingEmployeeCountKey(companyId),
    queryFn: () => dataProvider.getPendingEmployeeCount(companyId!),
    enabled: enabled && companyId !== undefined,
  });
  useEffect(() => {
    if (error && reportErrors) void showError(error);
  }, [error, reportErrors, showError]);
  return data;
}
