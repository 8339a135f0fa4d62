import { lazyScreen } from '../../components/lazyScreen';
import AssignmentOutlined from '@mui/icons-material/AssignmentOutlined';
import type { RaRecord } from 'react-admin';

export { OPEN_APPLICATIONS_RESOURCE } from './names';

// Each view is its own chunk: the landing page and the dashboard never download these screens.
export const list = lazyScreen(() => import('./OpenApplicationList').then((m) => ({ default: m.OpenApplicationList })));
/**
 * The spec's detail route is open-applications/{id}, which is react-admin's edit route; the view
 * itself is the read-only review 'Antrag prüfen' with the accept and reject buttons.
 */
export const edit = lazyScreen(() =>
  import('./OpenApplicationDetail').then((m) => ({ default: m.OpenApplicationDetail })),
);
export const icon = AssignmentOutlined;
export const recordRepresentation = (record: RaRecord) => String(record.companyName ?? '');

/** Spread into <Resource name={OPEN_APPLICATIONS_RESOURCE} {...openApplications} />. */
const openApplications = { list, edit, icon, recordRepresentation };
export default openApplications;
