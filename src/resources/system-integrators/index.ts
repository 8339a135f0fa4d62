import HubOutlined from '@mui/icons-material/HubOutlined';
import { lazy } from 'react';
import type { RaRecord } from 'react-admin';
import { systemIntegratorLabel } from '../../domain/systemIntegratorLabel';

/** react-admin resource name; also the route of spec section 2. */
export const SYSTEM_INTEGRATORS_RESOURCE = 'system-integrators';

// Each view is its own chunk: the landing page and the dashboard never download these screens.
export const list = lazy(() => import('./SystemIntegratorList').then((m) => ({ default: m.SystemIntegratorList })));
export const create = lazy(() =>
  import('./SystemIntegratorCreate').then((m) => ({ default: m.SystemIntegratorCreate })),
);
export const edit = lazy(() => import('./SystemIntegratorEdit').then((m) => ({ default: m.SystemIntegratorEdit })));
export const icon = HubOutlined;
/** Dropdowns (studio form, reports) show name and code, as the spec's addStore dialog does. */
export const recordRepresentation = (record: RaRecord) =>
  systemIntegratorLabel(record as RaRecord & { name: string; code: string });

/** Spread into <Resource name={SYSTEM_INTEGRATORS_RESOURCE} {...systemIntegrators} />. */
const systemIntegrators = { list, create, edit, icon, recordRepresentation };
export default systemIntegrators;
