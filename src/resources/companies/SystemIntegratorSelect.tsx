import { SelectInput, useGetList } from 'react-admin';
import { useMemo } from 'react';
import { DROPDOWN_PAGE_SIZE } from '../../domain/paging';
import type { SystemIntegrator } from '../../domain/systemIntegrator';
import { systemIntegratorLabel } from '../../domain/systemIntegratorLabel';
import type { Store } from './types';

/**
 * The optional system integrator of a studio (dialogs addStore and updateStore): one page of 100
 * (spec section 9) from GET /system-integrator, shown as 'name (code)', plus 'Kein System-Integrator'. The studio's
 * current integrator stays selectable even when it is not on that page.
 */
export function SystemIntegratorSelect({ current }: { current?: Store['systemIntegrator'] }) {
  const { data, isPending } = useGetList<SystemIntegrator>('system-integrators', {
    pagination: { page: 1, perPage: DROPDOWN_PAGE_SIZE },
    sort: { field: 'name', order: 'ASC' },
  });
  const choices = useMemo(() => {
    const integrators = data ?? [];
    const all =
      current && !integrators.some((item) => item.id === current.id) ? [current, ...integrators] : integrators;
    return all.map((integrator) => ({ id: integrator.id, name: systemIntegratorLabel(integrator) }));
  }, [data, current]);
  return (
    <SelectInput
      source="systemIntegratorId"
      label="app.stores.systemIntegrator"
      choices={choices}
      isPending={isPending}
      emptyText="app.stores.noSystemIntegrator"
      helperText="app.stores.systemIntegratorHint"
      margin="none"
      fullWidth
    />
  );
}
