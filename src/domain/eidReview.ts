import type { IdentityField } from './eid';
import type { Role, UserStatus } from './roles';

/**
 * The LumioAdmin's review of an eID binding whose card data differ from the profile (issue 11,
 * route verification-check; ARCHITECTURE.md "eID binding"): the shapes of GET /api/eid-review and
 * its detail, shared by the server's schemas and the web app.
 */

/** Columns the list of open reviews sorts by; the default is the newest first. */
export const EID_REVIEW_SORT_FIELDS = ['createdAt', 'lastName', 'companyName'] as const;
export const EID_REVIEW_DEFAULT_ORDER = 'createdAt desc';

/** PUT /api/eid-review/{id}/decision: confirm binds the card as a match would, reject discards it. */
export const EID_REVIEW_DECISIONS = ['confirm', 'reject'] as const;
export type EidReviewDecision = (typeof EID_REVIEW_DECISIONS)[number];

/** One open review in the list. */
export interface EidReviewListItem {
  id: string;
  userId: string;
  firstName: string;
  lastName: string;
  email: string;
  companyId: string;
  companyName: string;
  /** ISO timestamp: when the card was presented. */
  createdAt: string;
}

/** One open review: the profile beside what the card said, and where they differ. */
export interface EidReviewDetail {
  id: string;
  createdAt: string;
  user: {
    id: string;
    salutation: string | null;
    firstName: string;
    lastName: string;
    /** ISO date or null when the profile has none. */
    birthDate: string | null;
    email: string;
    role: Role;
    status: UserStatus;
    companyId: string;
    companyName: string;
  };
  document: {
    /** All given names as on the card ("ANNA MARIA"). */
    givenNames: string;
    familyName: string;
    /** ISO date. */
    birthDate: string;
    /** The card's document type as the eID service names it, e.g. "ID" for the Personalausweis. */
    documentType: string;
  };
  /** The compared fields that differ after normalisation (src/domain/eid.ts identityDifferences). */
  differences: IdentityField[];
}

/** Answer of the decision: the user's status afterwards. */
export interface EidReviewDecided {
  status: UserStatus;
}
