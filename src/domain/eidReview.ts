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

/**
 * Where the person's latest review stands, as GET /api/self tells it (issue 25): open, or rejected
 * (the card was not bound; the person may try again). Null: none, or it was confirmed.
 */
export const OWN_EID_REVIEW_STATES = ['open', 'rejected'] as const;
export type OwnEidReviewState = (typeof OWN_EID_REVIEW_STATES)[number];

/** The state of a person's latest review row (no row: null). */
export function ownEidReviewState(
  latest: { decision: EidReviewDecision | null; decidedAt: unknown } | null | undefined,
): OwnEidReviewState | null {
  if (!latest) return null;
  if (latest.decidedAt == null) return 'open';
  return latest.decision === 'reject' ? 'rejected' : null;
}

/**
 * The reviewer's reason while the person's latest review is a rejection (their verify screen shows
 * it); null otherwise, and for rejections decided before reasons were asked for.
 */
export function ownEidReviewReason(
  latest: { decision: EidReviewDecision | null; decidedAt: unknown; reason: string | null } | null | undefined,
): string | null {
  return ownEidReviewState(latest) === 'rejected' ? (latest?.reason ?? null) : null;
}

/**
 * Where a company user with unfinished registration stands with the eID (issue 25), for the
 * 'eID-Verifizierung' tile and the verify screen: still to verify; the card's data differ and a
 * LumioAdmin checks them; that review was rejected (try again after checking the data); or the ID
 * is bound and the company has yet to release the account (no prompt to verify any more).
 */
export type EidProgress = 'toVerify' | 'reviewOpen' | 'reviewRejected' | 'waitingForRelease';

// Here, not in eid.ts: the dashboard's tile rules read it, and this module weighs next to nothing.
export function eidProgress(user: { status: UserStatus | string; eidReview?: OwnEidReviewState | null }): EidProgress {
  if (user.status === 'Verified') return 'waitingForRelease';
  if (user.eidReview === 'open') return 'reviewOpen';
  if (user.eidReview === 'rejected') return 'reviewRejected';
  return 'toVerify';
}

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
