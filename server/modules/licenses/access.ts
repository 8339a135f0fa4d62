import type { FastifyRequest } from 'fastify';
import { LICENSE_MANAGER_ROLES, LICENSE_READER_ROLES, type License } from '../../../src/domain/licenses';
import type { Role } from '../../../src/domain/roles';
import type { DbOrTx } from '../../db/client';
import { forbidden, notFound } from '../../errors';
import { requireRole } from '../../lib/permissions';
import type { CurrentUser } from '../../plugins/auth';
import { licenseRepository, type LicenseFilter } from './licenses.repository';

/** Spec sections 2 and 6: the integrator (its own), LumioAdmin (all, read-only), the Owner (its company, read-only). */
export const LICENSE_READERS: readonly Role[] = LICENSE_READER_ROLES;
/** Creating, changing and increasing is for the SystemIntegratorAdmin only. */
export const LICENSE_MANAGERS: readonly Role[] = LICENSE_MANAGER_ROLES;

/** The licences a user reaches, as a list filter: all, its integrator's, or its company's. */
export function licenseScopeOf(user: CurrentUser): LicenseFilter {
  switch (user.role) {
    case 'LumioAdmin':
      return {};
    case 'SystemIntegratorAdmin':
      if (!user.systemIntegratorId) throw forbidden();
      return { systemIntegratorId: user.systemIntegratorId };
    case 'Owner':
      if (!user.companyId) throw forbidden();
      return { companyId: user.companyId };
    default:
      throw forbidden();
  }
}

/**
 * Refuses (403) a licence outside the user's scope: another integrator's for a
 * SystemIntegratorAdmin, another company's for an Owner. An unknown licence is 404 before this.
 */
export function requireLicenseAccess(
  user: CurrentUser,
  license: { systemIntegratorId: string; companyId: string },
): void {
  const scope = licenseScopeOf(user);
  if (scope.systemIntegratorId && scope.systemIntegratorId !== license.systemIntegratorId) throw forbidden();
  if (scope.companyId && scope.companyId !== license.companyId) throw forbidden();
}

/** The fields of a `License` answer that decide who reaches it. */
export const tenantOf = (license: License) => ({
  systemIntegratorId: license.systemIntegrator.id,
  companyId: license.companyId,
});

/** The licence, if the caller may read it: 403 for other roles and other tenants, 404 when unknown. */
export async function readableLicense(
  db: DbOrTx,
  request: FastifyRequest,
  id: string,
): Promise<{ user: CurrentUser; license: License }> {
  const user = requireRole(request, LICENSE_READERS);
  const license = await licenseRepository(db).find(id);
  if (!license) throw notFound();
  requireLicenseAccess(user, tenantOf(license));
  return { user, license };
}

/**
 * The licence's own row for a change of it or its packages, share-locked in the caller's
 * transaction: 404 when unknown, 403 for another integrator's.
 */
export async function sharedLicenseOf(tx: DbOrTx, user: CurrentUser, id: string) {
  const license = await licenseRepository(tx).share(id);
  if (!license) throw notFound();
  requireLicenseAccess(user, license);
  return license;
}
