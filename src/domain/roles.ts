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
 * The provider's and the integrators' administrator roles by their German names. They carry no
 * salutation, and the gender rule of spec section 6 is about the roles within a company: an
 * administrator of Lumio reading "Mitarbeiter*in" on the profile would learn nothing about their role.
 */
const ADMINISTRATOR_ROLE_LABELS: Record<(typeof ADMINISTRATOR_ROLES)[number], string> = {
  SystemAdmin: 'System-Admin',
  LumioAdmin: 'Lumio-Admin',
  SystemIntegratorAdmin: 'System-Integrator-Admin',
};

/**
 * Spec section 6: the role's German label follows the salutation: 'Herr' the masculine form,
 * 'Frau' the feminine one, any other choice (Divers, Keine Anrede, none) the starred form. Owner
 * and AccountAdministrator have their own words; the Employee (the spec's "other" company role)
 * reads "Mitarbeiter". Administrator roles have their own names (above).
 */
export function roleLabel(role: Role, salutation: string | null | undefined): string {
  if (role === 'SystemAdmin' || role === 'LumioAdmin' || role === 'SystemIntegratorAdmin') {
    return ADMINISTRATOR_ROLE_LABELS[role];
  }
  const forms = role === 'Owner' || role === 'AccountAdministrator' ? ROLE_LABELS[role] : ROLE_LABELS.other;
  if (salutation === 'Herr') return forms[0];
  if (salutation === 'Frau') return forms[1];
  return forms[2];
}
