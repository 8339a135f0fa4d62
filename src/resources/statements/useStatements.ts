import { useGetOne, type Identifier } from 'react-admin';
import type { Statement, SystemIntegratorStatement } from '../../domain/statements';
import { COMPANY_STATEMENTS_RESOURCE, INTEGRATOR_STATEMENTS_RESOURCE } from './names';

/** GET /company/{id}/statement/{month}: a month's statement as a record (its id is the month). */
export function useCompanyStatement(companyId: Identifier, month: string) {
  return useGetOne<Statement & { id: string }>(COMPANY_STATEMENTS_RESOURCE, { id: month, meta: { companyId } });
}

/** GET /system-integrator/{id}/statement/{month}: what the integrator invoices for the month. */
export function useSystemIntegratorStatement(systemIntegratorId: Identifier, month: string) {
  return useGetOne<SystemIntegratorStatement & { id: string }>(INTEGRATOR_STATEMENTS_RESOURCE, {
    id: month,
    meta: { systemIntegratorId },
  });
}
