import { SelectInput, useGetList, useTranslate, type Validator } from 'react-admin';
import { useMemo } from 'react';
import { DROPDOWN_PAGE_SIZE } from '../../../domain/paging';
import type { Reseller } from '../../../domain/reseller';
import { RESELLERS_RESOURCE } from '../names';

/** The choice 'Kein Reseller': the licence is sold by the integrator itself (resellerId null). */
export const NO_RESELLER = 'none';

/** A deliberate choice: a reseller, or 'Kein Reseller'; the licence's reseller shows in every report. */
const validateChoice: Validator = Object.assign(
  (value: unknown) => (value ? undefined : 'app.licenses.resellerRequired'),
  { isRequired: true },
);

/**
 * The reseller of a new licence (dialog createLicense): 'Kein Reseller' or one of the integrator's
 * resellers, one page of 100 (spec section 9) from GET /system-integrator/{id}/reseller.
 */
export function ResellerSelect({ systemIntegratorId }: { systemIntegratorId: string }) {
  const translate = useTranslate();
  const { data, isPending } = useGetList<Reseller>(RESELLERS_RESOURCE, {
    pagination: { page: 1, perPage: DROPDOWN_PAGE_SIZE },
    sort: { field: 'name', order: 'ASC' },
    meta: { systemIntegratorId },
  });
  const choices = useMemo(
    () => [{ id: NO_RESELLER, name: translate('app.licenses.noReseller') }, ...(data ?? [])],
    [data, translate],
  );
  return (
    <SelectInput
      source="resellerId"
      label="resources.licenses.fields.resellerId"
      choices={choices}
      isPending={isPending}
      validate={validateChoice}
      margin="none"
      fullWidth
    />
  );
}
