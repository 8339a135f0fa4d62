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
