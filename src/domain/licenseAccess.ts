import type { Role } from './roles';

/**
 * Who may do what on the licence screens (spec sections 2 "Licence screens" and 6), without zod:
 * the header menu, the role table (src/domain/navigation.ts) and the licence lists read these
 * rules, and none of them should download the dialogs' schemas of src/domain/licenses.ts, which
 * re-exports them for the server.
 */

/** Licences and packages are created, changed and increased by the SystemIntegratorAdmin only. */
export const LICENSE_MANAGER_ROLES = ['SystemIntegratorAdmin'] as const satisfies readonly Role[];
/** Read the licence screens: the integrator (its own), LumioAdmin (all), the Owner (read-only, its company). */
export const LICENSE_READER_ROLES = ['SystemIntegratorAdmin', 'LumioAdmin', 'Owner'] as const satisfies readonly Role[];
/**
 * Pick a company first (route license-management itself): the integrator (the companies with a
 * studio it serves) and LumioAdmin (all). An Owner goes straight to its own company.
 */
export const LICENSE_COMPANY_PICKER_ROLES = ['SystemIntegratorAdmin', 'LumioAdmin'] as const satisfies readonly Role[];

const includes = (roles: readonly Role[], role: Role | undefined) => role !== undefined && roles.includes(role);

export function canManageLicenses(role: Role | undefined): boolean {
  return includes(LICENSE_MANAGER_ROLES, role);
}

export function canReadLicenses(role: Role | undefined): boolean {
  return includes(LICENSE_READER_ROLES, role);
}

export function picksLicenseCompany(role: Role | undefined): boolean {
  return includes(LICENSE_COMPANY_PICKER_ROLES, role);
}

/**
 * The licence list's columns System-Integrator and Reseller: the spec gives them to the
 * integrator; LumioAdmin, who reads the licences of every integrator, sees them too. The Owner
 * sees the spec's four columns.
 */
export function seesLicenseChannel(role: Role | undefined): boolean {
  return includes(LICENSE_COMPANY_PICKER_ROLES, role);
}
