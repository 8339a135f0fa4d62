import type { UserStatus } from './roles';

/**
 * The user status machine of ARCHITECTURE.md ("Users: one status machine"): ONE table, applied by
 * the server, read by the screens for labels and buttons, walked row by row by the unit test.
 */

/** How a user comes into being, and the status they start in. */
export const INITIAL_STATUS = {
  /** The provider approves a studio application: the owner is created. */
  ownerCreated: 'Approved',
  /** An invited person registers through the invitation; listed as pending for the company. */
  invitationRegistered: 'Unverified',
  /**
   * A SystemAdmin creates an administrator (route administration): no eID and no company's
   * approval apply to them, so the account is simply active ('Aktiv').
   */
  administratorCreated: 'Active',
} as const satisfies Record<string, UserStatus>;

/** What can happen to an existing user. */
export type UserStatusEvent =
  /** The company approves ('Freigeben', Owner or AccountAdministrator). */
  | 'companyApproves'
  /** The company rejects ('Ablehnen'): IdP account disabled, sessions ended, mail. */
  | 'companyRejects'
  /** The eID binding matches the person's data. */
  | 'eidMatches'
  /** The eID binding does not match (names or birth date differ): an eID review is opened. */
  | 'eidDiffers'
  /** A LumioAdmin confirms an open eID review: as if the binding had matched. */
  | 'eidReviewConfirmed'
  /** A LumioAdmin rejects an open eID review: the binding is discarded, the user may try again. */
  | 'eidReviewRejected';

/** `to: 'unchanged'` keeps the status (the event only opens or closes an eID review). */
interface Transition {
  from: readonly UserStatus[];
  event: UserStatusEvent;
  to: UserStatus | 'unchanged';
}

export const USER_STATUS_TRANSITIONS: readonly Transition[] = [
  { from: ['Unverified'], event: 'companyApproves', to: 'Approved' },
  { from: ['Verified'], event: 'companyApproves', to: 'VerifiedAndApproved' },
  { from: ['Unverified', 'Verified'], event: 'companyRejects', to: 'Rejected' },
  { from: ['Unverified'], event: 'eidMatches', to: 'Verified' },
  { from: ['Approved'], event: 'eidMatches', to: 'VerifiedAndApproved' },
  { from: ['Unverified', 'Approved'], event: 'eidDiffers', to: 'unchanged' },
  { from: ['Unverified'], event: 'eidReviewConfirmed', to: 'Verified' },
  { from: ['Approved'], event: 'eidReviewConfirmed', to: 'VerifiedAndApproved' },
  { from: ['Unverified', 'Approved'], event: 'eidReviewRejected', to: 'unchanged' },
];

/** The status after `event`, or null when the machine refuses the event in this status. */
export function nextStatus(from: UserStatus, event: UserStatusEvent): UserStatus | null {
  const row = USER_STATUS_TRANSITIONS.find((t) => t.event === event && t.from.includes(from));
  if (!row) return null;
  return row.to === 'unchanged' ? from : row.to;
}

/** Statuses in which the company still has to approve or reject the person ('Zu prüfende Mitarbeitende'). */
export const PENDING_APPROVAL_STATUSES = ['Unverified', 'Verified'] as const satisfies readonly UserStatus[];

export function isPendingApproval(status: UserStatus): boolean {
  return (PENDING_APPROVAL_STATUSES as readonly UserStatus[]).includes(status);
}

/**
 * A person the company rejected cannot use the portal any more ("A rejected user cannot log in"):
 * their account at the identity provider is disabled, and the API refuses their tokens.
 */
export function isLockedOut(status: UserStatus): boolean {
  return status === 'Rejected';
}

/**
 * Spec section 3: Unverified 'Nicht verifiziert', Verified 'Verifiziert', anything else 'Aktiv'.
 * One product decision: a rejected person reads 'Abgelehnt'; calling someone the company turned
 * away and who cannot log in 'Aktiv' would tell the owner the opposite of the truth.
 */
export function userStatusLabel(status: UserStatus): string {
  switch (status) {
    case 'Unverified':
      return 'Nicht verifiziert';
    case 'Verified':
      return 'Verifiziert';
    case 'Rejected':
      return 'Abgelehnt';
    default:
      return 'Aktiv';
  }
}
