import { lazyScreen } from '../../components/lazyScreen';

export { ADMINISTRATION_RESOURCE } from './names';

// Its own chunk: the landing page and the dashboard never download this screen.
export const list = lazyScreen(() => import('./AdministrationList').then((m) => ({ default: m.AdministrationList })));

/** 'Datenlöschung' (issue 28): the retention job's runs, route administration/retention, its own chunk. */
export const retention = lazyScreen(() => import('./RetentionRunList').then((m) => ({ default: m.RetentionRunList })));

/**
 * Spread into <Resource name={ADMINISTRATION_RESOURCE} {...administration} />. Creating, renaming
 * and deleting are dialogs on the list (createAdmin, deleteAdmin), so there are no further views.
 * No icon: only react-admin's own menu would show it, and the header menu has its own entries;
 * every byte here is downloaded with the dashboard, which is at its budget.
 */
const administration = { list };
export default administration;
