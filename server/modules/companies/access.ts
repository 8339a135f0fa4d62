import type { Role } from '../../../src/domain/roles';
import { forbidden } from '../../errors';
import type { CurrentUser } from '../../plugins/auth';

/** LumioAdmin reads every company; company users read their own (spec sections 2 and 6). */
export const COMPANY_READERS: readonly Role[] = ['LumioAdmin', 'Owner', 'AccountAdministrator', 'Employee'];

/** The company a user may read: undefined = all (LumioAdmin); a company user only its own. */
export function ownCompanyOf(user: CurrentUser): string | undefined {
  if (user.role === 'LumioAdmin') return undefined;
  if (!user.companyId) throw forbidden();
  return user.companyId;
}

/** Refuses (403) a company user's call about another company. */
export function requireCompanyAccess(user: CurrentUser, companyId: string): void {
  const own = ownCompanyOf(user);
  if (own !== undefined && own !== companyId) throw forbidden();
}

/** Only the company's Owner changes the company and its studios (spec section 6). */
export function requireOwnerOf(user: CurrentUser, companyId: string): void {
  if (user.role !== 'Owner' || user.companyId !== companyId) throw forbidden();
}
