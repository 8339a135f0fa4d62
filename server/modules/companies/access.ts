import type { Role } from '../../../src/domain/roles';
import type { DbOrTx } from '../../db/client';
import { forbidden } from '../../errors';
import type { CurrentUser } from '../../plugins/auth';
import { companyRepository, type CompanyReadScope } from './companies.repository';

/** LumioAdmin reads every company; company users read their own (spec sections 2 and 6). */
export const COMPANY_READERS: readonly Role[] = ['LumioAdmin', 'Owner', 'AccountAdministrator', 'Employee'];

/**
 * The company list, one company and its studios are also read by a SystemIntegratorAdmin, for the
 * licence screens (spec section 2 "Licence screens": companies, then studios): only the companies
 * it serves a studio of, and of those only the studios it serves.
 */
export const COMPANY_AND_STUDIO_READERS: readonly Role[] = [...COMPANY_READERS, 'SystemIntegratorAdmin'];

/** Which companies the user reads (the repository's list narrows to it). */
export function companyReadScopeOf(user: CurrentUser): CompanyReadScope {
  if (user.role === 'LumioAdmin') return { kind: 'all' };
  if (user.role === 'SystemIntegratorAdmin') {
    if (!user.systemIntegratorId) throw forbidden();
    return { kind: 'servedBy', systemIntegratorId: user.systemIntegratorId };
  }
  if (!user.companyId) throw forbidden();
  return { kind: 'company', companyId: user.companyId };
}

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

/**
 * Refuses (403) a read of a company outside the user's scope: another company for a company user,
 * a company none of whose studios the integrator serves for a SystemIntegratorAdmin. Returns the
 * scope, so a studio list can be narrowed to the served studios.
 */
export async function requireCompanyRead(db: DbOrTx, user: CurrentUser, companyId: string): Promise<CompanyReadScope> {
  const scope = companyReadScopeOf(user);
  if (scope.kind === 'company' && scope.companyId !== companyId) throw forbidden();
  if (scope.kind === 'servedBy' && !(await companyRepository(db).isServedBy(companyId, scope.systemIntegratorId))) {
    throw forbidden();
  }
  return scope;
}

/** Only the company's Owner changes the company and its studios (spec section 6). */
export function requireOwnerOf(user: CurrentUser, companyId: string): void {
  if (user.role !== 'Owner' || user.companyId !== companyId) throw forbidden();
}
