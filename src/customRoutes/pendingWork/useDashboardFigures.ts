import { useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'ra-core';
import { useEffect } from 'react';
import { useDialogs } from '../../components/dialogs';
import type { LumioDataProvider } from '../../dataProvider';
import type { Dashboard } from '../../domain/dashboard';

/** The query key of 'Was ansteht': one answer per signed-in user. */
export const DASHBOARD_FIGURES_KEY = ['dashboard', 'figures'] as const;

/**
 * 'Was ansteht' (GET /api/dashboard). A failed call shows the error dialog like every failed call;
 * the tiles above stay usable either way.
 */
export function useDashboardFigures(): Dashboard | undefined {
  const dataProvider = useDataProvider<LumioDataProvider>();
  const { showError } = useDialogs();
  const { data, error } = useQuery({ queryKey: DASHBOARD_FIGURES_KEY, queryFn: () => dataProvider.getDashboard() });
  useEffect(() => {
    if (error) void showError(error);
  }, [error, showError]);
  return data;
}
