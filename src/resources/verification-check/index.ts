import FactCheckOutlined from '@mui/icons-material/FactCheckOutlined';
import { lazy } from 'react';
import type { RaRecord } from 'react-admin';

export { EID_REVIEWS_RESOURCE } from './names';

// Each view is its own chunk: the landing page and the dashboard never download these screens.
export const list = lazy(() => import('./EidReviewList').then((m) => ({ default: m.EidReviewList })));
/**
 * The detail route verification-check/{id} is react-admin's edit route; the view itself is the
 * read-only comparison with 'Bestätigen' and 'Ablehnen'.
 */
export const edit = lazy(() => import('./EidReviewDetail').then((m) => ({ default: m.EidReviewDetail })));
export const icon = FactCheckOutlined;
export const recordRepresentation = (record: RaRecord) =>
  `${record.firstName ?? record.user?.firstName ?? ''} ${record.lastName ?? record.user?.lastName ?? ''}`.trim();

/** Spread into <Resource name={EID_REVIEWS_RESOURCE} {...eidReviews} />. */
const eidReviews = { list, edit, icon, recordRepresentation };
export default eidReviews;
