/** The six roles, spelled exactly as in tokens and API answers. */
export const ROLES = [
  'Owner',
  'AccountAdministrator',
  'Employee',
  'SystemAdmin',
  'LumioAdmin',
  'SystemIntegratorAdmin',
] as const;
export type Role = (typeof ROLES)[number];

export const COMPANY_ROLES = ['Owner', 'AccountAdministrator', 'Employee'] as const satisfies readonly Role[];
export const PROVIDER_ROLES = ['SystemAdmin', 'LumioAdmin'] as const satisfies readonly Role[];

export const USER_STATUSES = [
  'Unverified',
  'Verified',
  'Active',
  'Approved',
  'Rejected',
  'VerifiedAndApproved',
] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

export function isCompanyRole(role: Role): boolean {
  return (COMPANY_ROLES as readonly Role[]).includes(role);
}

/**
 * Spec section 4: initial registration is finished for the provider and system-integrator
 * roles, and for company users once their status is VerifiedAndApproved.
 */
export function isInitialRegistrationFinished(role: Role, status: string): boolean {
  return (
    role === 'SystemAdmin' ||
    role === 'LumioAdmin' ||
    role === 'SystemIntegratorAdmin' ||
    status === 'VerifiedAndApproved'
  );
}

/** Spec sections 4 and 6: SystemIntegratorAdmin is exempt from the automatic logout after inactivity. */
export function isExemptFromIdleLogout(role: Role): boolean {
  return role === 'SystemIntegratorAdmin';
}

/** Company users and SystemAdmin/LumioAdmin/SystemIntegratorAdmin change their e-mail through different calls. */
export const ADMINISTRATOR_ROLES = [
  'SystemAdmin',
  'LumioAdmin',
  'SystemIntegratorAdmin',
] as const satisfies readonly Role[];

export function isAdministratorRole(role: Role): boolean {
  return (ADMINISTRATOR_ROLES as readonly Role[]).includes(role);
}

/** Masculine, feminine and the starred form of one role label. */
const ROLE_LABELS: Record<'Owner' | 'AccountAdministrator' | 'other', readonly [string, string, string]> = {
  Owner: ['Eigentümer', 'Eigentümerin', 'Eigentümer*in'],
  AccountAdministrator: ['Konto-Administrator', 'Konto-Administratorin', 'Konto-Administrator*in'],
  other: ['Mitarbeiter', 'Mitarbeiterin', 'Mitarbeiter*in'],
};

/**
 * Spec section 6: the role's German label follows the salutation: 'Herr' the masculine form,
 * 'Frau' the feminine one, any other choice (Divers, Keine Anrede, none) the starred form. Owner
 * and AccountAdministrator have their own words; every other role reads "Mitarbeiter", as the
 * spec says ("other").
 */
export function roleLabel(role: Role, salutation: string | null | undefined): string {
  const forms = role === 'Owner' || role === 'AccountAdministrator' ? ROLE_LABELS[role] : ROLE_LABELS.other;
  if (salutation === 'Herr') return forms[0];
  if (salutation === 'Frau') return forms[1];
  return forms[2];
}
