import type { Identifier } from 'react-admin';

/** react-admin resource names of the four levels (src/dataProvider/resourcePaths.ts). */
export const LICENSE_COMPANIES_RESOURCE = 'license-companies';
export const LICENSE_STUDIOS_RESOURCE = 'license-studios';
export const STUDIO_LICENSES_RESOURCE = 'studio-licenses';
/** One licence: GET, POST and PUT /license (dialogs createLicense, updateLicense). */
export const LICENSES_RESOURCE = 'licenses';
export const PACKAGES_RESOURCE = 'prepaid-packages';
/** A system integrator's resellers (the createLicense dialog's select). */
export const RESELLERS_RESOURCE = 'resellers';

export const LICENSE_MANAGEMENT_ROOT = '/license-management';

const segment = (id: Identifier) => encodeURIComponent(String(id));

/**
 * The route of a level (spec section 2): license-management, …/{companyId}, …/{companyId}/{studioId},
 * …/{companyId}/{studioId}/{licenseId}.
 */
export function licenseManagementPath(...ids: Identifier[]): string {
  return [LICENSE_MANAGEMENT_ROOT, ...ids.map(segment)].join('/');
}

/** The query keys a licence or package change makes stale (lists, the licence, the histories). */
export const LICENSE_QUERY_KEYS = [[STUDIO_LICENSES_RESOURCE], [LICENSES_RESOURCE]] as const;
export const PACKAGE_QUERY_KEYS = [[PACKAGES_RESOURCE]] as const;

/** The query key of a licence's or a package's 'Letzte Änderungen'. */
export const licenseHistoryKey = (licenseId: Identifier) => [LICENSES_RESOURCE, 'history', String(licenseId)];
export const packageHistoryKey = (licenseId: Identifier, packageId: Identifier) => [
  PACKAGES_RESOURCE,
  'history',
  String(licenseId),
  String(packageId),
];
