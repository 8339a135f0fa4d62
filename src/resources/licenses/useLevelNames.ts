import { useGetOne, type Identifier } from 'react-admin';
import type { License } from '../../domain/licenses';
import { LICENSE_COMPANIES_RESOURCE, LICENSE_STUDIOS_RESOURCE, LICENSES_RESOURCE } from './names';

/**
 * Names for the trail above a level. Coming from the level above, the list has already put each
 * row into react-admin's cache (useGetList fills getOne's), so nothing is fetched; opened by
 * address, the record is read once. A name that cannot be read (e.g. the integrator may not read
 * a company by id) leaves the trail with its general word ('Firma', 'Studio'): no error dialog for
 * a label.
 */
const NAME_QUERY = { staleTime: 5 * 60_000 } as const;

export function useCompanyName(companyId: Identifier): string | undefined {
  const { data } = useGetOne<{ id: Identifier; name: string }>(
    LICENSE_COMPANIES_RESOURCE,
    { id: companyId },
    NAME_QUERY,
  );
  return data?.name;
}

/** The studio list's meta (the path's companyId): the same object makes the same cache entry. */
export const studioListMeta = (companyId: Identifier) => ({ companyId });

export function useStudioName(companyId: Identifier, studioId: Identifier, enabled = true): string | undefined {
  const { data } = useGetOne<{ id: Identifier; name: string }>(
    LICENSE_STUDIOS_RESOURCE,
    { id: studioId, meta: studioListMeta(companyId) },
    { ...NAME_QUERY, enabled },
  );
  return data?.name;
}

/** GET /license/{id}: the packages' page names the licence by its key. */
export function useLicense(licenseId: string): License | undefined {
  const { data } = useGetOne<License>(LICENSES_RESOURCE, { id: licenseId }, NAME_QUERY);
  return data;
}
