import { lazyScreen } from '../../components/lazyScreen';
import HubOutlined from '@mui/icons-material/HubOutlined';
import type { RaRecord } from 'react-admin';
import { systemIntegratorLabel } from '../../domain/systemIntegratorLabel';
import { ToSystemIntegratorList } from './ToSystemIntegratorList';

export { SYSTEM_INTEGRATORS_RESOURCE } from './names';

// The list is its own chunk: the landing page and the dashboard never download it. Creating and
// editing are its dialog (createEditSystemIntegrator); the former pages' addresses lead to it.
export const list = lazyScreen(() =>
  import('./SystemIntegratorList').then((m) => ({ default: m.SystemIntegratorList })),
);
export const create = ToSystemIntegratorList;
export const edit = ToSystemIntegratorList;
export const icon = HubOutlined;
/** Dropdowns (studio form, reports) show name and code, as the spec's addStore dialog does. */
export const recordRepresentation = (record: RaRecord) =>
  systemIntegratorLabel(record as RaRecord & { name: string; code: string });

/** Spread into <Resource name={SYSTEM_INTEGRATORS_RESOURCE} {...systemIntegrators} />. */
const systemIntegrators = { list, create, edit, icon, recordRepresentation };
export default systemIntegrators;
