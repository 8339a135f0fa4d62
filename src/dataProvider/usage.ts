import type { Identifier } from 'ra-core';
import type { CompanyUsage, ConsumptionGranularity, PackageConsumption, UsageRange } from '../domain/usage';
import type { HttpClient } from './http';
import { resolvePath, routeOf, type ResourceRoute } from './resourcePaths';

/** The usage view's query: a range of months (default: the last 13) and optional filters. */
export interface CompanyUsageQuery extends Partial<UsageRange> {
  storeId?: Identifier;
  licenseId?: Identifier;
}

/** The usage view's named calls (issue 13), spread into the data provider. */
export interface UsageCalls {
  /** GET /company/{companyId}/usage: processes per month × studio × device, prepaid/postpaid/cancelled. */
  getCompanyUsage(companyId: Identifier, query?: CompanyUsageQuery): Promise<CompanyUsage>;
  /** GET /license/{licenseId}/prepaid-package/{packageId}/consumption: used units per day or week. */
  getPackageConsumption(
    licenseId: Identifier,
    packageId: Identifier,
    granularity?: ConsumptionGranularity,
  ): Promise<PackageConsumption>;
}

export function usageCalls(request: HttpClient, routes: Record<string, ResourceRoute>): UsageCalls {
  return {
    getCompanyUsage(companyId, query = {}) {
      const search = new URLSearchParams();
      for (const key of ['from', 'to', 'storeId', 'licenseId'] as const) {
        const value = query[key];
        if (value !== undefined && value !== '') search.set(key, String(value));
      }
      const path = `${routeOf('companies', routes).path}/${encodeURIComponent(String(companyId))}/usage`;
      return request<CompanyUsage>('GET', path, { query: search });
    },

    getPackageConsumption(licenseId, packageId, granularity) {
      const packages = resolvePath(routeOf('prepaid-packages', routes).path, { licenseId });
      const path = `${packages}/${encodeURIComponent(String(packageId))}/consumption`;
      const query = granularity ? new URLSearchParams({ granularity }) : undefined;
      return request<PackageConsumption>('GET', path, { query });
    },
  };
}
