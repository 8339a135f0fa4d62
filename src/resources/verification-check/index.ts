import { lazyScreen } from '../../components/lazyScreen';
import FactCheckOutlined from '@mui/icons-material/FactCheckOutlined';

export { EID_REVIEWS_RESOURCE } from './names';

// Each view is its own chunk: the landing page and the dashboard never download these screens.
export const list = lazyScreen(() => import('./EidReviewList').then((m) => ({ default: m.EidReviewList })));
/**
 * The detail route verification-check/{id} is react-admin's edit route; the view itself is the
 * read-only comparison with 'Bestätigen' and 'Ablehnen'.
 */
export const edit = lazyScreen(() => import('./EidReviewDetail').then((m) => ({ default: m.EidReviewDetail })));
export const icon = FactCheckOutlined;

/**
 * Spread into <Resource name={EID_REVIEWS_RESOURCE} {...eidReviews} />. No recordRepresentation: no
 * title or message names a review by its record (the dialogs name the person themselves).
 */
const eidReviews = { list, edit, icon };
export default eidReviews;
