import { useDataProvider } from 'ra-core';
import { useEffect, useState } from 'react';
import { useDialogs } from '../components/dialogs';
import type { LumioDataProvider } from '../dataProvider';

/**
 * The badge count of the 'Offene Anträge' tile. Loaded only when `enabled` (spec: only LumioAdmin
 * loads it); a failed call shows the error dialog like every failed call.
 */
export function useOpenApplicationCount(enabled: boolean): number | undefined {
  const dataProvider = useDataProvider<LumioDataProvider>();
  const { showError } = useDialogs();
  const [count, setCount] = useState<number>();

  useEffect(() => {
    if (!enabled) return undefined;
    let current = true;
    dataProvider.getOpenApplicationCount().then(
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
  }, [enabled, dataProvider, showError]);

  return enabled ? count : undefined;
}
