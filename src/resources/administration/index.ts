import ManageAccountsOutlined from '@mui/icons-material/ManageAccountsOutlined';
import { lazy } from 'react';

export { ADMINISTRATION_RESOURCE } from './names';

// Its own chunk: the landing page and the dashboard never download this screen.
export const list = lazy(() => import('./AdministrationList').then((m) => ({ default: m.AdministrationList })));
export const icon = ManageAccountsOutlined;

/**
 * Spread into <Resource name={ADMINISTRATION_RESOURCE} {...administration} />. Creating, renaming
 * and deleting are dialogs on the list (createAdmin, deleteAdmin), so there are no further views.
 */
const administration = { list, icon };
export default administration;
