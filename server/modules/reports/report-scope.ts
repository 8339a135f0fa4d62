import { sql } from 'drizzle-orm';
import { SERVER_MESSAGES, type ServerMessage } from '../../../src/domain/errorCatalogue';
import { REPORT_ROLES } from '../../../src/domain/reports';
import type { ParsedReportRequest } from '../../../src/domain/reportRequest';
import type { Role } from '../../../src/domain/roles';
import type { DbOrTx } from '../../db/client';
import { ApiError, forbidden } from '../../errors';
import type { CurrentUser } from '../../plugins/auth';
import type { NewReport, ReportScope } from './reports.repository';

/** Spec sections 2 and 6: Owner, LumioAdmin and SystemIntegratorAdmin (their registration finished). */
export const REPORT_USERS: readonly Role[] = REPORT_ROLES;

/**
 * Whose reports a user sees and whose processes its reports may hold (ARCHITECTURE.md
 * "Permissions"): LumioAdmin all, a SystemIntegratorAdmin its own integrator's, an Owner its own
 * company's.
 */
export function reportScopeOf(user: CurrentUser): ReportScope {
  switch (user.role) {
    case 'LumioAdmin':
      return { companyId: null, systemIntegratorId: null };
    case 'SystemIntegratorAdmin':
      if (!user.systemIntegratorId) throw forbidden();
      return { companyId: null, systemIntegratorId: user.systemIntegratorId };
    case 'Owner':
      if (!user.companyId) throw forbidden();
      return { companyId: user.companyId, systemIntegratorId: null };
    default:
      throw forbidden();
  }
}

/** A body id the caller may not name, as a field error: 'companyId: Invalid company id' (400). */
const invalidId = (field: string, message: ServerMessage) =>
  new ApiError(400, message, 'VALIDATION_FAILED', [`${field}: ${message}`]);

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

async function nameOf(db: DbOrTx, query: ReturnType<typeof sql>): Promise<string | undefined> {
  return rowsOf<{ name: string }>(await db.execute(query))[0]?.name;
}

/**
 * The ids a caller may name in a request, each looked up with its name, else 400 with the
 * catalogue's 'Invalid … id' (another tenant's id reads exactly like an unknown one):
 * - LumioAdmin: any existing company, system integrator and reseller (a reseller of the named
 *   integrator, if both are named);
 * - SystemIntegratorAdmin: its own integrator, its own resellers, and the companies it serves a
 *   studio of or that hold a licence of it;
 * - Owner: its own company, the integrators that serve one of its studios or are on one of its
 *   licences, the resellers on its licences.
 * The answer is the request narrowed to the scope: an Owner's report is always about its company,
 * an integrator's always about its integrator, whatever the request left out.
 */
export async function narrowedReport(db: DbOrTx, user: CurrentUser, request: ParsedReportRequest): Promise<NewReport> {
  const scope = reportScopeOf(user);
  const ownCompany = scope.companyId;
  const ownIntegrator = scope.systemIntegratorId;

  const companyId = request.companyId ?? ownCompany;
  let companyName: string | null = null;
  if (companyId) {
    if (ownCompany && companyId !== ownCompany) throw invalidId('companyId', SERVER_MESSAGES.invalidCompanyId);
    const reachable = ownIntegrator
      ? sql` AND (EXISTS (SELECT 1 FROM stores s WHERE s.company_id = c.id AND s.system_integrator_id = ${ownIntegrator}::uuid)
              OR EXISTS (SELECT 1 FROM licenses l WHERE l.company_id = c.id AND l.system_integrator_id = ${ownIntegrator}::uuid))`
      : sql``;
    const name = await nameOf(db, sql`SELECT c.name FROM companies c WHERE c.id = ${companyId}::uuid${reachable}`);
    if (name === undefined) throw invalidId('companyId', SERVER_MESSAGES.invalidCompanyId);
    companyName = name;
  }

  const systemIntegratorId = request.systemIntegratorId ?? ownIntegrator;
  let systemIntegratorName: string | null = null;
  if (systemIntegratorId) {
    if (ownIntegrator && systemIntegratorId !== ownIntegrator) {
      throw invalidId('systemIntegratorId', SERVER_MESSAGES.invalidSystemIntegratorId);
    }
    const reachable = ownCompany
      ? sql` AND (EXISTS (SELECT 1 FROM stores s WHERE s.system_integrator_id = i.id AND s.company_id = ${ownCompany}::uuid)
              OR EXISTS (SELECT 1 FROM licenses l WHERE l.system_integrator_id = i.id AND l.company_id = ${ownCompany}::uuid))`
      : sql``;
    const name = await nameOf(
      db,
      sql`SELECT i.name FROM system_integrators i WHERE i.id = ${systemIntegratorId}::uuid${reachable}`,
    );
    if (name === undefined) throw invalidId('systemIntegratorId', SERVER_MESSAGES.invalidSystemIntegratorId);
    systemIntegratorName = name;
  }

  const resellerId = request.resellerId ?? null;
  let resellerName: string | null = null;
  if (resellerId) {
    const ofIntegrator = systemIntegratorId ? sql` AND r.system_integrator_id = ${systemIntegratorId}::uuid` : sql``;
    const onOwnLicence = ownCompany
      ? sql` AND EXISTS (SELECT 1 FROM licenses l WHERE l.reseller_id = r.id AND l.company_id = ${ownCompany}::uuid)`
      : sql``;
    const name = await nameOf(
      db,
      sql`SELECT r.name FROM resellers r WHERE r.id = ${resellerId}::uuid${ofIntegrator}${onOwnLicence}`,
    );
    if (name === undefined) throw invalidId('resellerId', SERVER_MESSAGES.invalidResellerId);
    resellerName = name;
  }

  return {
    requestedBy: user.id,
    scopeCompanyId: ownCompany,
    scopeSystemIntegratorId: ownIntegrator,
    startDate: request.startDate,
    endDate: request.endDate,
    postPaidOnly: request.postPaidOnly,
    companyId,
    companyName,
    systemIntegratorId,
    systemIntegratorName,
    resellerId,
    resellerName,
  };
}
