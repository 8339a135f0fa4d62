/** The review's shapes are the API's, shared with the server (src/domain/eidReview.ts). */
export type { EidReviewDetail as EidReview, EidReviewListItem } from '../../domain/eidReview';

export const fullName = (person: { firstName: string; lastName: string }) =>
  `${person.firstName} ${person.lastName}`.trim();
