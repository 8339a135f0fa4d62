import type { License, PrepaidPackage } from '../../../domain/licenses';

/** Which dialog of the licence screens is open (spec "Dialogs"), with what it needs. */
export type LicenseDialogRequest =
  | { kind: 'createLicense'; storeId: string; studioName: string; systemIntegratorId: string }
  | { kind: 'updateLicense'; license: License }
  | { kind: 'createPackage'; licenseId: string }
  | { kind: 'updatePackage'; licenseId: string; pkg: PrepaidPackage }
  | { kind: 'increaseAmount'; licenseId: string; pkg: PrepaidPackage };
