import { useGetList, type Identifier } from 'react-admin';
import { useEffect, useMemo, useState } from 'react';
import { DROPDOWN_PAGE_SIZE } from '../../domain/paging';
import type { ReportRef } from '../../domain/reports';

/** The options of a select and, where the server searches them, the search as the user types. */
export interface Options {
  options: ReportRef[];
  loading: boolean;
  onSearch?: (text: string) => void;
}

const SEARCH_DELAY_MS = 300;

/** The search text, settled a moment after the last key. */
function useSettledSearch(): [string, (text: string) => void] {
  const [typed, setTyped] = useState('');
  const [settled, setSettled] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setSettled(typed.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [typed]);
  return [settled, setTyped];
}

const named = (records: { id: Identifier; name: string }[] | undefined): ReportRef[] =>
  (records ?? []).map((record) => ({ id: String(record.id), name: record.name }));

/**
 * One page of 100 (spec section 9) of a list, sorted by name, searched by the server: the
 * companies (all for LumioAdmin, those it serves for an integrator), the system integrators, an
 * integrator's resellers.
 */
function useSearchedOptions(resource: string, meta?: Record<string, unknown>, enabled = true): Options {
  const [search, setSearch] = useSettledSearch();
  const { data, isPending } = useGetList<{ id: Identifier; name: string }>(
    resource,
    {
      pagination: { page: 1, perPage: DROPDOWN_PAGE_SIZE },
      sort: { field: 'name', order: 'ASC' },
      filter: search ? { q: search } : {},
      meta,
    },
    { enabled },
  );
  return { options: named(data), loading: enabled && isPending, onSearch: setSearch };
}

export const useCompanyOptions = (enabled: boolean) => useSearchedOptions('companies', undefined, enabled);
export const useSystemIntegratorOptions = (enabled: boolean) =>
  useSearchedOptions('system-integrators', undefined, enabled);
export const useResellerOptions = (systemIntegratorId: string | undefined) =>
  useSearchedOptions('resellers', { systemIntegratorId }, Boolean(systemIntegratorId));

/** An Owner's choice of system integrator: those serving its studios (GET /company/{id}/store, 100). */
export function useOwnIntegratorOptions(companyId: string | undefined): Options {
  const { data, isPending } = useGetList<{ id: Identifier; systemIntegrator: ReportRef | null }>(
    'stores',
    {
      pagination: { page: 1, perPage: DROPDOWN_PAGE_SIZE },
      sort: { field: 'name', order: 'ASC' },
      meta: { companyId },
    },
    { enabled: Boolean(companyId) },
  );
  const options = useMemo(() => {
    const byId = new Map<string, ReportRef>();
    for (const store of data ?? []) {
      if (store.systemIntegrator)
        byId.set(store.systemIntegrator.id, { id: store.systemIntegrator.id, name: store.systemIntegrator.name });
    }
    return [...byId.values()].sort((a, b) => a.name.localeCompare(b.name, 'de'));
  }, [data]);
  return { options, loading: Boolean(companyId) && isPending };
}
