import { z } from 'zod';
import { SERVER_MESSAGES } from '../../../src/domain/errorCatalogue';
import {
  licenseCreateSchema,
  licenseUpdateSchema,
  packageCreateSchema,
  packageIncreaseSchema,
  packageUpdateSchema,
  type License,
  type PackageState,
  type PrepaidPackage,
} from '../../../src/domain/licenses';
import { uuidParam } from '../../lib/ids';
import { pagedResultSchema, pagingQuerySchema } from '../../lib/paging';

const namedRef = z.object({ id: z.uuid(), name: z.string() });

/** Spec section 3 "Licence", as src/domain/licenses.ts `License` shapes it. */
export const licenseSchema = z
  .object({
    id: z.uuid(),
    key: z.string(),
    companyId: z.uuid(),
    store: namedRef,
    systemIntegrator: namedRef,
    reseller: namedRef.nullable(),
    postpaidAllowed: z.boolean(),
    boundMachineId: z.string().nullable(),
    suspended: z.boolean(),
    // licenses.repository.ts sends the timestamp's toISOString().
    createdAt: z.iso.datetime(),
  })
  .meta({
    id: 'License',
    description: 'Gerätelizenz eines Studios mit Schlüssel, Bindung und Sperre',
  }) satisfies z.ZodType<License>;

const PACKAGE_STATES = ['suspended', 'future', 'expired', 'usedUp', 'valid'] as const satisfies readonly PackageState[];

/** Spec section 3 "Prepaid package", as src/domain/licenses.ts `PrepaidPackage` shapes it. */
export const packageSchema = z
  .object({
    id: z.uuid(),
    licenseId: z.uuid(),
    // PostgreSQL `date` columns read in Drizzle's string mode: YYYY-MM-DD.
    startDate: z.iso.date(),
    endDate: z.iso.date(),
    amount: z.number().int(),
    usedAmount: z.number().int(),
    remainingAmount: z.number().int(),
    suspended: z.boolean(),
    state: z.enum(PACKAGE_STATES),
  })
  .meta({
    id: 'PrepaidPackage',
    description: 'Prepaid-Paket einer Lizenz: Laufzeit, Menge, Verbrauch und Zustand',
  }) satisfies z.ZodType<PrepaidPackage>;

/** The licence lists: the table's columns (react-admin sorts by a field's source, e.g. `store.name`). */
export const licenseListQuery = pagingQuerySchema([
  'key',
  'boundMachineId',
  'postpaidAllowed',
  'suspended',
  'createdAt',
  'store.name',
  'systemIntegrator.name',
  'reseller.name',
]);
export const licensePage = pagedResultSchema(licenseSchema).meta({
  id: 'LicensePage',
  description: 'Eine Seite der Lizenzen',
});

/** A licence's packages: paged and sorted; a package has no text to search. */
export const packageListQuery = pagingQuerySchema([
  'startDate',
  'endDate',
  'amount',
  'usedAmount',
  'remainingAmount',
  'suspended',
  'createdAt',
]).omit({ filter: true });
export const packagePage = pagedResultSchema(packageSchema).meta({
  id: 'PrepaidPackagePage',
  description: 'Eine Seite der Prepaid-Pakete einer Lizenz',
});

export const licenseParams = z.strictObject({ id: uuidParam(SERVER_MESSAGES.invalidLicenseId) });
export const packageParams = z.strictObject({
  id: uuidParam(SERVER_MESSAGES.invalidLicenseId),
  packageId: uuidParam(SERVER_MESSAGES.invalidPrepaidPackageId),
});
/** GET /api/company/{id}/store/{storeId}/license: the same names as the studio routes. */
export const storeLicenseParams = z.strictObject({
  id: uuidParam(SERVER_MESSAGES.invalidCompanyId),
  storeId: uuidParam(SERVER_MESSAGES.invalidStoreId),
});

/** The dialogs' payloads (createLicense, updateLicense, createLicensePackage, …), one rule for both sides. */
export const licenseCreateBody = licenseCreateSchema.meta({
  id: 'LicenseCreate',
  description: 'Lizenz anlegen: Studio, System-Integrator, optional Reseller, Nachbuchung erlaubt',
});
export const licenseUpdateBody = licenseUpdateSchema.meta({
  id: 'LicenseUpdate',
  description: 'Lizenz ändern: Nachbuchung, Gerätebindung, Sperre',
});
export const packageCreateBody = packageCreateSchema.meta({
  id: 'PrepaidPackageCreate',
  description: 'Prepaid-Paket anlegen: Laufzeit und Menge',
});
export const packageUpdateBody = packageUpdateSchema.meta({
  id: 'PrepaidPackageUpdate',
  description: 'Prepaid-Paket ändern: Laufzeit, Sperre, Menge und Restmenge',
});
export const packageIncreaseBody = packageIncreaseSchema.meta({
  id: 'PrepaidPackageIncrease',
  description: 'Menge eines Prepaid-Pakets erhöhen: um wie viele Vorgänge',
});
