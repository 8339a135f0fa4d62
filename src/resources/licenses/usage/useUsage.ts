import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useDataProvider, type Identifier } from 'react-admin';
import type { CompanyUsageQuery, LumioDataProvider } from '../../../dataProvider';
import type { ConsumptionGranularity } from '../../../domain/usage';

/** The query keys of the usage view: one place, so a change of packages can invalidate them. */
export const USAGE_QUERY_KEY = 'usage';

/** GET /company/{companyId}/usage through the data provider; the previous answer stays while a filter loads. */
export function useCompanyUsage(companyId: Identifier, query: CompanyUsageQuery) {
  const dataProvider = useDataProvider<LumioDataProvider>();
  return useQuery({
    queryKey: [USAGE_QUERY_KEY, 'company', String(companyId), query],
    queryFn: () => dataProvider.getCompanyUsage(companyId, query),
    placeholderData: keepPreviousData,
  });
}

/** GET /license/{licenseId}/prepaid-package/{packageId}/consumption (granularity: the server's choice when absent). */
export function usePackageConsumption(
  licenseId: Identifier,
  packageId: Identifier,
  granularity: ConsumptionGranularity | undefined,
) {
  const dataProvider = useDataProvider<LumioDataProvider>();
  return useQuery({
    queryKey: [USAGE_QUERY_KEY, 'package', String(licenseId), String(packageId), granularity ?? 'auto'],
    queryFn: () => dataProvider.getPackageConsumption(licenseId, packageId, granularity),
    placeholderData: keepPreviousData,
  });
}
