import type { Role } from './roles';

/**
 * Who does what on the company page (spec section 6, docs/permissions.md). Only the Owner changes
 * the company and adds, changes or deletes its studios; the others who reach the page see it
 * read-only. The history of changes is the Owner's (and LumioAdmin's, on companies/{id}). The
 * server checks the same rules on every call.
 */
export function canEditCompany(role: Role | undefined): boolean {
  return role === 'Owner';
}

export function canSeeCompanyHistory(role: Role | undefined): boolean {
  return role === 'Owner' || role === 'LumioAdmin';
}
