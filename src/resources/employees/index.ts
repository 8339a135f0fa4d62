import { lazyScreen } from '../../components/lazyScreen';
import PeopleOutlined from '@mui/icons-material/PeopleOutlined';
import type { RaRecord } from 'react-admin';

export { EMPLOYEES_RESOURCE } from './names';

// Each view is its own chunk: the landing page and the dashboard never download these screens.
export const list = lazyScreen(() => import('./EmployeesPage').then((m) => ({ default: m.EmployeesPage })));
/** The spec's detail route employees/{id} is react-admin's edit route. */
export const edit = lazyScreen(() => import('./EmployeeDetail').then((m) => ({ default: m.EmployeeDetail })));
export const icon = PeopleOutlined;
export const recordRepresentation = (record: RaRecord) => `${record.firstName ?? ''} ${record.lastName ?? ''}`.trim();

/** Spread into <Resource name={EMPLOYEES_RESOURCE} {...employees} />. */
const employees = { list, edit, icon, recordRepresentation };
export default employees;
