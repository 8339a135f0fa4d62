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
export const licenseSchema = z.object({
  id: z.uuid(),
  key: z.string(),
  companyId: z.uuid(),
  store: namedRef,
  systemIntegrator: namedRef,
  reseller: namedRef.nullable(),
  postpaidAllowed: z.boolean(),
  boundMachineId: z.string().nullable(),
  suspended: z.boolean(),
  createdAt: z.string(),
}) satisfies z.ZodType<License>;

const PACKAGE_STATES = ['suspended', 'future', 'expired', 'usedUp', 'valid'] as const satisfies readonly PackageState[];

/** Spec section 3 "Prepaid package", as src/domain/licenses.ts `PrepaidPackage` shapes it. */
export const packageSchema = z.object({
  id: z.uuid(),
  licenseId: z.uuid(),
  startDate: z.string(),
  endDate: z.string(),
  amount: z.number().int(),
  usedAmount: z.number().int(),
  remainingAmount: z.number().int(),
  suspended: z.boolean(),
  state: z.enum(PACKAGE_STATES),
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
export const licensePage = pagedResultSchema(licenseSchema);

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
export const packagePage = pagedResultSchema(packageSchema);

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
export const licenseCreateBody = licenseCreateSchema;
export const licenseUpdateBody = licenseUpdateSchema;
export const packageCreateBody = packageCreateSchema;
export const packageUpdateBody = packageUpdateSchema;
export const packageIncreaseBody = packageIncreaseSchema;
