import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useGetList, useInput, useTranslate } from 'react-admin';
import { DROPDOWN_PAGE_SIZE } from '../../../domain/paging';
import type { Reseller } from '../../../domain/reseller';
import { RESELLERS_RESOURCE } from '../names';

/** The choice 'Kein Reseller': the licence is sold by the integrator itself (resellerId null). */
export const NO_RESELLER = 'none';

/**
 * The reseller of a new licence (dialog createLicense), optional (issue 25): 'Kein Reseller' is
 * chosen until the integrator picks one of its resellers, one page of 100 (spec section 9) from
 * GET /system-integrator/{id}/reseller. A plain select rather than react-admin's SelectInput,
 * which adds a nameless 'Eingabe löschen' row to every optional select; here 'Kein Reseller' is
 * that row.
 */
export function ResellerSelect({ systemIntegratorId }: { systemIntegratorId: string }) {
  const translate = useTranslate();
  const { data, isPending } = useGetList<Reseller>(RESELLERS_RESOURCE, {
    pagination: { page: 1, perPage: DROPDOWN_PAGE_SIZE },
    sort: { field: 'name', order: 'ASC' },
    meta: { systemIntegratorId },
  });
  const { field, id } = useInput({ source: 'resellerId', defaultValue: NO_RESELLER });
  // Until the resellers are read, a chosen one would have no row to show it.
  const value = isPending && field.value !== NO_RESELLER ? '' : (field.value ?? NO_RESELLER);
  return (
    <TextField
      {...field}
      value={value}
      id={id}
      select
      label={translate('resources.licenses.fields.resellerId')}
      margin="none"
      fullWidth
    >
      <MenuItem value={NO_RESELLER}>{translate('app.licenses.noReseller')}</MenuItem>
      {(data ?? []).map((reseller) => (
        <MenuItem key={reseller.id} value={reseller.id}>
          {reseller.name}
        </MenuItem>
      ))}
    </TextField>
  );
}
