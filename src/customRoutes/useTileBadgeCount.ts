import { useDataProvider } from 'ra-core';
import { useEffect, useState } from 'react';
import { useDialogs } from '../components/dialogs';
import type { LumioDataProvider } from '../dataProvider';
import type { TileBadge } from '../domain/navigation';

/** The call behind each tile badge: the totalItemCount of a one-row page of the list it counts. */
const LOADERS: Record<TileBadge, (dataProvider: LumioDataProvider) => Promise<number>> = {
  openApplicationCount: (dataProvider) => dataProvider.getOpenApplicationCount(),
  openEidReviewCount: (dataProvider) => dataProvider.getOpenEidReviewCount(),
};

/**
 * The count a dashboard tile shows as its badge ('Offene Anträge', 'eID-Prüfungen'). Loaded only
 * when `enabled` (spec: only LumioAdmin loads the open-applications count); a failed call shows
 * the error dialog like every failed call.
 */
export function useTileBadgeCount(badge: TileBadge, enabled: boolean): number | undefined {
  const dataProvider = useDataProvider<LumioDataProvider>();
  const { showError } = useDialogs();
  const [count, setCount] = useState<number>();

  useEffect(() => {
    if (!enabled) return undefined;
    let current = true;
    LOADERS[badge](dataProvider).then(
      (total) => {
        if (current) setCount(total);
      },
      (error: unknown) => {
        if (current) void showError(error);
      },
    );
    return () => {
      current = false;
    };
  }, [badge, enabled, dataProvider, showError]);

  return enabled ? count : undefined;
}
