/**
 * The usage view (issue 13, part 4), for the license-management screens to mount:
 * - `UsagePanel { companyId }` on the studios level (license-management/{companyId});
 * - `PackageConsumption { licenseId, packageId }` on the package level (a row's detail or a dialog).
 * Both fetch through the data provider's named calls and load their chart lazily.
 */
export { UsagePanel } from './UsagePanel';
export { PackageConsumption } from './PackageConsumption';
