import { isCompanyRole, type Role, type UserStatus } from './roles';

/**
 * The eID binding (spec sections 2, 4 and 7; ARCHITECTURE.md "eID binding"): the rules the server
 * applies and the verify screen follows, in one place.
 */

/** Spec section 9: the first status check after 10 s, then every 5 s while the binding runs. */
export const EID_POLLING = { firstCheckMs: 10_000, intervalMs: 5_000 } as const;

/** A binding session belongs to one user, is used once and ends after 10 minutes. */
export const EID_SESSION_MINUTES = 10;

/** Header of the status check (spec section 7: GET /user/eid/bind with header x-session-id). */
export const EID_SESSION_HEADER = 'x-session-id';

/** Answer of POST /api/user/eid/bind. */
export interface EidBindingStarted {
  sessionId: string;
  /** The session's token for the phone; the screen shows it as text. */
  mobileToken: string;
  /** What the QR code encodes: the address the phone opens (the eID port's qrValue). */
  qrValue: string;
  /** Short code shown on the screen and on the phone, so the person sees both belong together. */
  transactionCode: string;
  /** ISO timestamp. */
  expiresAt: string;
}

/**
 * Answer 200 of the status check once the binding is done: either the ID matched (status moved
 * on) or the data differ and a LumioAdmin reviews them (status unchanged, dialog verifyPendingApproval).
 */
export interface EidBindingDone {
  outcome: 'matched' | 'reviewPending';
  status: UserStatus;
}

/** Statuses in which the status machine accepts an eID binding (eidMatches / eidDiffers). */
export const EID_BINDABLE_STATUSES = ['Unverified', 'Approved'] as const satisfies readonly UserStatus[];

/**
 * Who may start a binding: a company user whose ID is not bound yet. (An open review is checked by
 * the server: it is not part of the user's status.)
 */
export function canStartEidBinding(role: Role, status: UserStatus): boolean {
  return isCompanyRole(role) && (EID_BINDABLE_STATUSES as readonly UserStatus[]).includes(status);
}

/** The personal data an ID card tells and the profile holds, as compared. */
export interface ProfileIdentity {
  firstName: string;
  lastName: string;
  /** ISO date "YYYY-MM-DD" or null when the profile has none. */
  birthDate: string | null;
}

export interface DocumentIdentity {
  /** All given names as on the card, separated by spaces ("ANNA MARIA"). */
  givenNames: string;
  familyName: string;
  /** ISO date "YYYY-MM-DD". */
  birthDate: string;
}

export type IdentityField = 'firstName' | 'lastName' | 'birthDate';

const TRANSLITERATIONS: Record<string, string> = { ä: 'ae', ö: 'oe', ü: 'ue', ß: 'ss' };

/**
 * A name as compared: lower case, umlauts written out (ä = ae, as cards and profiles spell them
 * either way), other accents dropped, hyphens and runs of spaces as one space.
 */
export function normaliseName(name: string): string {
  return name
    .toLocaleLowerCase('de-DE')
    .replace(/[äöüß]/g, (c) => TRANSLITERATIONS[c] ?? c)
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[\s\-‐‑–]+/g, ' ')
    .trim();
}

/**
 * The profile's first name must be one of the card's given names, or several of them in their
 * order ("Anna Maria" on a card "ANNA MARIA LUISE").
 */
function firstNameMatches(firstName: string, givenNames: string): boolean {
  const wanted = normaliseName(firstName).split(' ').filter(Boolean);
  const given = normaliseName(givenNames).split(' ').filter(Boolean);
  if (wanted.length === 0) return false;
  for (let start = 0; start + wanted.length <= given.length; start++) {
    if (wanted.every((part, i) => given[start + i] === part)) return true;
  }
  return false;
}

/** The fields in which the card and the profile differ; empty when they match. */
export function identityDifferences(profile: ProfileIdentity, document: DocumentIdentity): IdentityField[] {
  const differences: IdentityField[] = [];
  if (!firstNameMatches(profile.firstName, document.givenNames)) differences.push('firstName');
  const lastName = normaliseName(profile.lastName);
  if (!lastName || lastName !== normaliseName(document.familyName)) differences.push('lastName');
  if (!profile.birthDate || profile.birthDate !== document.birthDate) differences.push('birthDate');
  return differences;
}

/**
 * The embedded simulator's phone page of a binding session, which its QR code encodes:
 * {PUBLIC_URL}/dev/eid/{mobileToken} (issue 11). A real eID service brings its own link.
 */
export function eidPhonePageUrl(publicUrl: string, mobileToken: string): string {
  return `${publicUrl.replace(/\/+$/, '')}/dev/eid/${encodeURIComponent(mobileToken)}`;
}

/**
 * The wait before the next status check: EID_POLLING's first 10 s, then 5 s after each answered
 * check. Counting from the answer (not from the request) means two checks never run at once.
 */
export function eidCheckDelay(answeredChecks: number): number {
  return answeredChecks === 0 ? EID_POLLING.firstCheckMs : EID_POLLING.intervalMs;
}

/** German names of the document types an eID service reports (BSI TR-03127 codes). */
const EID_DOCUMENT_TYPE_LABELS: Record<string, string> = {
  ID: 'Personalausweis',
  UB: 'eID-Karte für Unionsbürger',
  AR: 'Elektronischer Aufenthaltstitel',
  AS: 'Elektronischer Aufenthaltstitel',
  AF: 'Elektronischer Aufenthaltstitel',
};

/** The document type as the review screen shows it; a code without a German name is shown as sent. */
export function eidDocumentTypeLabel(documentType: string): string {
  return EID_DOCUMENT_TYPE_LABELS[documentType.trim().toUpperCase()] ?? documentType;
}
