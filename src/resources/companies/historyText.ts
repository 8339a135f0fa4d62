import type { CompanyHistoryEntry } from '../../dataProvider';
import { API_CLIENT_AUDIT_ROLE } from '../../domain/apiClientAudit';
import { formatDateTime } from '../../domain/dates';
import { isRole, PROVIDER_ROLES, roleLabel, type Role } from '../../domain/roles';

/** react-admin's translate, or any function of the same shape (tests pass the real catalogue). */
export type Translate = (key: string, options?: Record<string, unknown>) => string;

/** One entry of 'Letzte Änderungen' as the page shows it. */
export interface HistoryLine {
  /** E.g. 'Studio hinzugefügt: Studio Mitte', 'Firma geändert: Adresse, Telefonnummer 1'. */
  what: string;
  /** The acting person's name; 'Lumio (automatisch)' when the portal itself acted. */
  who: string;
  /** German date and time, e.g. '07.03.2026, 14:05'. */
  when: string;
}

const T = 'app.companyHistory';

/** Audit actions (server/modules/audit/audit.ts) → their text under app.companyHistory.what. */
export const HISTORY_ACTION_KEYS: Record<string, string> = {
  'company.updated': 'companyUpdated',
  'store.created': 'storeCreated',
  'store.updated': 'storeUpdated',
  'store.deleted': 'storeDeleted',
  'user.updated': 'userUpdated',
  'user.email-changed': 'userEmailChanged',
  'application.approved': 'applicationApproved',
  'owner-activation.resent': 'ownerActivationResent',
  'user.approved': 'userApproved',
  'user.rejected': 'userRejected',
  'user.role-changed': 'userRoleChanged',
  'user.deleted': 'userDeleted',
  'user.second_factor_reset': 'userSecondFactorReset',
  'invitation.created': 'invitationCreated',
  'invitation.renewed': 'invitationRenewed',
  'invitation.withdrawn': 'invitationWithdrawn',
  'user.registered': 'userRegistered',
  'eid.bound': 'eidBound',
  'eid.review-opened': 'eidReviewOpened',
  'eid.review-confirmed': 'eidReviewConfirmed',
  'eid.review-rejected': 'eidReviewRejected',
  'administrator.created': 'administratorCreated',
  'administrator.updated': 'administratorUpdated',
  'administrator.deleted': 'administratorDeleted',
  'license.created': 'licenseCreated',
  'license.updated': 'licenseUpdated',
  'package.created': 'packageCreated',
  'package.updated': 'packageUpdated',
  'package.increased': 'packageIncreased',
};

/** An action this page does not know yet (a later issue adds audit actions) still reads as German. */
const ENTITY_FALLBACK_TEXTS: Record<string, string> = {
  company: 'companyUpdated',
  store: 'storeUpdated',
  user: 'userChanged',
  application: 'applicationChanged',
  invitation: 'invitationCreated',
  administrator: 'administratorUpdated',
  license: 'licenseUpdated',
  package: 'packageUpdated',
};

/** The label of a changed field: the same words as the form or table that shows the field. */
const FIELD_LABELS: Record<string, Record<string, string>> = {
  company: {
    name: 'resources.companies.fields.name',
    legalForm: 'resources.companies.fields.legalForm',
    address: 'resources.companies.fields.address',
    country: 'resources.companies.fields.country',
    phoneNumber: 'resources.companies.fields.phoneNumber',
    phoneNumber2: 'resources.companies.fields.phoneNumber2',
    website: 'resources.companies.fields.website',
    memberId: 'resources.companies.fields.memberId',
  },
  store: {
    name: 'app.companies.storeName',
    address: 'app.companies.storeAddress',
    country: 'app.companies.storeCountry',
    systemIntegratorId: `${T}.fields.systemIntegratorId`,
  },
  user: {
    salutation: `${T}.fields.salutation`,
    firstName: `${T}.fields.firstName`,
    lastName: `${T}.fields.lastName`,
    birthDate: `${T}.fields.birthDate`,
    email: `${T}.fields.email`,
    role: `${T}.fields.role`,
    status: `${T}.fields.status`,
  },
  administrator: {
    firstName: `${T}.fields.firstName`,
    lastName: `${T}.fields.lastName`,
    email: `${T}.fields.email`,
    role: `${T}.fields.role`,
    systemIntegratorId: `${T}.fields.systemIntegratorId`,
  },
  // The licence and package dialogs' words (spec section 2 "Licence screens").
  license: {
    postpaidAllowed: `${T}.fields.postpaidAllowed`,
    boundMachineId: `${T}.fields.boundMachineId`,
    suspended: `${T}.fields.suspended`,
    resellerId: `${T}.fields.resellerId`,
  },
  package: {
    startDate: `${T}.fields.startDate`,
    endDate: `${T}.fields.endDate`,
    amount: `${T}.fields.amount`,
    suspended: `${T}.fields.suspended`,
  },
};

/** Actions whose changed fields are worth listing (a creation or deletion lists every field). */
const LISTS_FIELDS = new Set([
  'company.updated',
  'store.updated',
  'user.updated',
  'administrator.updated',
  'license.updated',
  'package.updated',
]);

function changedFieldLabels(entry: CompanyHistoryEntry, translate: Translate): string[] {
  const labels = FIELD_LABELS[entry.entityType] ?? {};
  // Fields without a German label (internal ones) are left out rather than shown as raw names.
  return entry.changes.flatMap(({ field }) => (labels[field] ? [translate(labels[field])] : []));
}

/** The studio a row is about; a renamed one as 'old → new'. */
function storeName(entry: CompanyHistoryEntry): string | null {
  const rename = entry.changes.find((change) => change.field === 'name');
  if (entry.action === 'store.updated' && typeof rename?.before === 'string' && typeof rename.after === 'string') {
    return `${rename.before} → ${rename.after}`;
  }
  return entry.subject;
}

/** An increase as '750 → 1.000' (the package's amount before and after). */
function amountChange(entry: CompanyHistoryEntry): string {
  const change = entry.changes.find(({ field }) => field === 'amount');
  if (typeof change?.before !== 'number' || typeof change.after !== 'number') return '';
  return `${change.before.toLocaleString('de-DE')} → ${change.after.toLocaleString('de-DE')}`;
}

/** A role change as 'Mitarbeiter*in → Konto-Administrator*in' (the audit row keeps no salutation). */
function roleChange(entry: CompanyHistoryEntry): string {
  const change = entry.changes.find(({ field }) => field === 'role');
  if (!change || !isRole(change.before) || !isRole(change.after)) return '';
  return `${roleLabel(change.before, null)} → ${roleLabel(change.after, null)}`;
}

function describeWhat(entry: CompanyHistoryEntry, translate: Translate): string {
  const textKey = HISTORY_ACTION_KEYS[entry.action] ?? ENTITY_FALLBACK_TEXTS[entry.entityType] ?? 'other';
  const head = translate(`${T}.what.${textKey}`);
  const fields = LISTS_FIELDS.has(entry.action) ? changedFieldLabels(entry, translate).join(', ') : '';
  // A studio and a person are named: the company's history tells which one it was.
  const isPerson = entry.entityType === 'user' || entry.entityType === 'administrator';
  if (entry.entityType === 'store' || (isPerson && entry.subject)) {
    const name = entry.entityType === 'store' ? storeName(entry) : entry.subject;
    const named = name ? `${head}: ${name}` : head;
    const detail = entry.action === 'user.role-changed' ? roleChange(entry) : fields;
    return detail ? `${named} (${detail})` : named;
  }
  if (entry.entityType === 'invitation') {
    // Who was invited: the address is all an invitation knows of the person.
    const email = entry.changes.find((change) => change.field === 'email')?.after;
    return typeof email === 'string' ? `${head}: ${email}` : head;
  }
  const detail = entry.action === 'package.increased' ? amountChange(entry) : fields;
  return detail ? `${head}: ${detail}` : head;
}

function describeWho(actor: CompanyHistoryEntry['actor'], translate: Translate): string {
  if (!actor) return translate(`${T}.portal`);
  if (actor.role === API_CLIENT_AUDIT_ROLE) return translate(`${T}.apiClient`, { name: actor.name });
  // The retention run erased the person: neither name nor e-mail is left.
  const name = actor.name || translate(`${T}.erasedPerson`);
  const fromProvider = (PROVIDER_ROLES as readonly string[]).includes(actor.role as Role);
  return fromProvider ? translate(`${T}.provider`, { name }) : name;
}

/** An audit row of GET /company/{id}/history in readable German: what happened, who, when. */
export function describeHistoryEntry(entry: CompanyHistoryEntry, translate: Translate): HistoryLine {
  return {
    what: describeWhat(entry, translate),
    who: describeWho(entry.actor, translate),
    when: formatDateTime(entry.at),
  };
}
