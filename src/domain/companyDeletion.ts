import { isInitialRegistrationFinished, type Role } from './roles';

/** Spec sections 4 and 9: the delete button of the deleteCompany dialog waits this long. */
export const COMPANY_DELETE_COUNTDOWN_SECONDS = 30;

/**
 * Spec sections 2 and 6: only an Owner may delete the company, and only while the owner's initial
 * registration is unfinished (an owner who applied by mistake backs out before the eID binding).
 * The profile page offers the link by this rule; DELETE /api/company/{id} allows exactly this,
 * for the owner's own company.
 */
export function mayDeleteOwnCompany(user: { role: Role; status: string }): boolean {
  return user.role === 'Owner' && !isInitialRegistrationFinished(user.role, user.status);
}
