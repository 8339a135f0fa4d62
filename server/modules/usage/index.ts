import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { todayInGermany } from '../../../src/domain/dates';
import { packageState } from '../../../src/domain/licenses';
import type { Role } from '../../../src/domain/roles';
import {
  CONSUMPTION_MAX_DAYS,
  resolveUsageRange,
  summarizeUsage,
  USAGE_VALIDATION_TEXTS,
  type CompanyUsage,
  type PackageConsumption,
} from '../../../src/domain/usage';
import { ApiError, forbidden, notFound, TRANSPORT_MESSAGES } from '../../errors';
import { requireRole } from '../../lib/permissions';
import { errorResponses } from '../../lib/responses';
import { openToApiClients, type CurrentUser } from '../../plugins/auth';
import { consumptionPoints, consumptionSpan, defaultGranularity } from './consumption';
import {
  companyUsageParams,
  companyUsageQuery,
  companyUsageSchema,
  packageConsumptionParams,
  packageConsumptionQuery,
  packageConsumptionSchema,
} from './usage.schemas';
import { requireLicenseAccess } from '../licenses/access';
import { usageRepository, type UsageScope } from './usage.repository';
import { API_TAG } from '../../lib/api-tags';

const tags = [API_TAG.usage];

/**
 * Who sees usage: the Owner its own company, the SystemIntegratorAdmin the processes of its own
 * integrator's licences, LumioAdmin everything. AccountAdministrator and Employee do not see the
 * licence screens (spec section 2), SystemAdmin has no business with them.
 */
const READERS: readonly Role[] = ['LumioAdmin', 'SystemIntegratorAdmin', 'Owner'];

/** A 400 VALIDATION_FAILED naming the field, like a schema's refusal. */
const invalid = (field: string, text: string) =>
  new ApiError(400, TRANSPORT_MESSAGES.badRequest, 'VALIDATION_FAILED', [`${field}: ${text}`]);

export interface UsageModuleOptions {
  /** Today's clock (Germany's calendar day and month); tests move it. */
  clock?: () => Date;
}

/**
 * The studio's usage view (issue 13): GET /api/company/{companyId}/usage and
 * GET /api/license/{id}/prepaid-package/{packageId}/consumption. Read-only; the counting happens
 * in the database (GROUP BY Berlin month, studio, device; or Berlin day).
 */
export async function usageModule(app: FastifyInstance, opts: UsageModuleOptions = {}) {
  // The integrator's back office reads the usage of the studios it serves (issue 26, part 3).
  openToApiClients(app);
  const api = app.withTypeProvider<ZodTypeProvider>();
  const repo = () => usageRepository(app.db);
  const today = () => todayInGermany(opts.clock?.() ?? new Date());

  /** The scope of a company's usage for the caller: 403 for another company or one the integrator does not serve. */
  async function companyScope(user: CurrentUser, companyId: string): Promise<UsageScope> {
    if (user.role === 'Owner') {
      if (user.companyId !== companyId) throw forbidden();
      return { companyId };
    }
    if (user.role === 'SystemIntegratorAdmin') {
      if (!user.systemIntegratorId || !(await repo().integratorServes(user.systemIntegratorId, companyId))) {
        throw forbidden();
      }
      return { companyId, systemIntegratorId: user.systemIntegratorId };
    }
    if (!(await repo().companyExists(companyId))) throw notFound();
    return { companyId };
  }

  api.get(
    '/api/company/:companyId/usage',
    {
      schema: {
        tags,
        summary: 'Vorgänge einer Firma je Monat, Studio und Gerät (Prepaid, Postpaid, storniert)',
        operationId: 'getCompanyUsage',
        params: companyUsageParams,
        querystring: companyUsageQuery,
        response: { 200: companyUsageSchema, ...errorResponses },
      },
    },
    async (request): Promise<CompanyUsage> => {
      const user = requireRole(request, READERS);
      const { companyId } = request.params;
      const { from, to, storeId, licenseId } = request.query;
      const scope = await companyScope(user, companyId);
      const resolved = resolveUsageRange({ from, to }, today());
      if (!resolved.range) throw invalid(from && !to ? 'from' : 'to', resolved.problem);
      const { range } = resolved;
      const filters = { storeId, licenseId };
      const [stores, rows] = await Promise.all([repo().storesInScope(scope), repo().usageRows(scope, range, filters)]);
      return {
        companyId,
        ...range,
        storeId: storeId ?? null,
        licenseId: licenseId ?? null,
        stores,
        ...summarizeUsage(rows, range),
        rows,
      };
    },
  );

  api.get(
    '/api/license/:id/prepaid-package/:packageId/consumption',
    {
      schema: {
        tags,
        summary: 'Verbrauch eines Vorgangspakets je Tag oder Woche mit dem verbleibenden Rest',
        operationId: 'getPrepaidPackageConsumption',
        params: packageConsumptionParams,
        querystring: packageConsumptionQuery,
        response: { 200: packageConsumptionSchema, ...errorResponses },
      },
    },
    async (request): Promise<PackageConsumption> => {
      const user = requireRole(request, READERS);
      const { id: licenseId, packageId } = request.params;
      const license = await repo().findLicense(licenseId);
      if (!license) throw notFound();
      requireLicenseAccess(user, license);
      const pkg = await repo().findPackage(licenseId, packageId);
      if (!pkg) throw notFound();
      const day = today();
      const span = consumptionSpan(pkg, day);
      const granularity = request.query.granularity ?? defaultGranularity(span.days);
      if (granularity === 'day' && span.days > CONSUMPTION_MAX_DAYS) {
        throw invalid('granularity', USAGE_VALIDATION_TEXTS.tooManyDays);
      }
      const days = await repo().consumptionByDay(packageId);
      return {
        packageId: pkg.id,
        licenseId: pkg.licenseId,
        startDate: pkg.startDate,
        endDate: pkg.endDate,
        amount: pkg.amount,
        usedAmount: pkg.usedAmount,
        remainingAmount: pkg.remainingAmount,
        suspended: pkg.suspended,
        state: packageState(pkg, day),
        granularity,
        points: consumptionPoints(pkg, days, day, granularity),
      };
    },
  );
}
