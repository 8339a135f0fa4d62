import { lazyScreen } from '../../components/lazyScreen';
import BusinessOutlined from '@mui/icons-material/BusinessOutlined';
import type { RaRecord } from 'react-admin';

export { COMPANIES_RESOURCE, STORES_RESOURCE } from './names';

// Each view is its own chunk: the landing page and the dashboard never download these screens.
export const list = lazyScreen(() => import('./CompanyList').then((m) => ({ default: m.CompanyList })));
/**
 * The spec's route companies/{id} is react-admin's edit route; for the LumioAdmin it shows the
 * company read-only.
 */
export const edit = lazyScreen(() => import('./CompanyShow').then((m) => ({ default: m.CompanyShow })));
export const icon = BusinessOutlined;
export const recordRepresentation = (record: RaRecord) => String(record.name ?? '');

/** Spread into <Resource name={COMPANIES_RESOURCE} {...companies} />. */
const companies = { list, edit, icon, recordRepresentation };
export default companies;
