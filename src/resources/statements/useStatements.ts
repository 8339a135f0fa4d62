import { useQuery } from '@tanstack/react-query';
import { useDataProvider, type Identifier } from 'react-admin';
import type { LumioDataProvider } from '../../dataProvider';

/** The statement screens' query keys, in one place. */
const STATEMENT_QUERY_KEY = 'statement';

/** GET /company/{id}/statement/{month} through the data provider. */
export function useCompanyStatement(companyId: Identifier, month: string) {
  const dataProvider = useDataProvider<LumioDataProvider>();
  return useQuery({
    queryKey: [STATEMENT_QUERY_KEY, 'company', String(companyId), month],
    queryFn: () => dataProvider.getCompanyStatement(companyId, month),
  });
}

/** GET /system-integrator/{id}/statement/{month} through the data provider. */
export function useSystemIntegratorStatement(systemIntegratorId: Identifier, month: string) {
  const dataProvider = useDataProvider<LumioDataProvider>();
  return useQuery({
    queryKey: [STATEMENT_QUERY_KEY, 'system-integrator', String(systemIntegratorId), month],
    queryFn: () => dataProvider.getSystemIntegratorStatement(systemIntegratorId, month),
  });
}
