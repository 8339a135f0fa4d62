import { FunctionField, TextField } from 'react-admin';
import { LumioDatagrid, LumioList, type PhoneRow } from '../../components/list';
import { formatDateTime } from '../../domain/dates';
import { fullName, type EidReviewListItem } from './types';

/** On a phone: the person, their company and e-mail, and since when the review waits. */
const phoneRow: PhoneRow = {
  primaryText: (review: EidReviewListItem) => fullName(review),
  secondaryText: (review: EidReviewListItem) => `${review.companyName}, ${review.email}`,
  tertiaryText: (review: EidReviewListItem) => formatDateTime(review.createdAt),
};

/**
 * The open eID reviews (route verification-check, LumioAdmin): Name, Firma, E-Mail, Eingegangen
 * am, newest first, with the generic search, sorting (the API sorts by name, company and time) and
 * paging. A row opens the comparison at verification-check/{id}.
 */
export function EidReviewList() {
  return (
    <LumioList sort={{ field: 'createdAt', order: 'DESC' }}>
      <LumioDatagrid rowClick="edit" phoneRow={phoneRow}>
        <FunctionField source="lastName" label="app.eidReviews.name" render={fullName} />
        <TextField source="companyName" />
        {/* Plain text, not a mailto link: a click on the row opens the review. */}
        <TextField source="email" sortable={false} />
        <FunctionField source="createdAt" render={(review: EidReviewListItem) => formatDateTime(review.createdAt)} />
      </LumioDatagrid>
    </LumioList>
  );
}
