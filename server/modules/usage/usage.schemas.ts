import { z } from 'zod';
import { isPortalMonth, PORTAL_CALENDAR_TEXTS } from '../../../src/domain/dates';
import { SERVER_MESSAGES } from '../../../src/domain/errorCatalogue';
import type { PackageState } from '../../../src/domain/licenses';
import { USAGE_VALIDATION_TEXTS, YEAR_MONTH_PATTERN } from '../../../src/domain/usage';
import { uuidParam } from '../../lib/ids';
import { packageParams } from '../licenses/licenses.schemas';

const month = z
  .string()
  .regex(YEAR_MONTH_PATTERN, USAGE_VALIDATION_TEXTS.monthInvalid)
  .refine((value) => !YEAR_MONTH_PATTERN.test(value) || isPortalMonth(value), PORTAL_CALENDAR_TEXTS.monthOutOfRange);

export const companyUsageParams = z.strictObject({ companyId: uuidParam(SERVER_MESSAGES.invalidCompanyId) });

/** from/to "yyyy-MM" (defaults and bounds: src/domain/usage.ts resolveUsageRange); optional filters. */
export const companyUsageQuery = z.strictObject({
  from: month.optional(),
  to: month.optional(),
  storeId: uuidParam(SERVER_MESSAGES.invalidStoreId).optional(),
  licenseId: uuidParam(SERVER_MESSAGES.invalidLicenseId).optional(),
});

const counts = {
  prepaid: z.number().int(),
  postpaid: z.number().int(),
  cancelled: z.number().int(),
  billable: z.number().int(),
};
const namedRef = z.object({ id: z.uuid(), name: z.string() });

export const companyUsageSchema = z
  .object({
    companyId: z.uuid(),
    from: z.string(),
    to: z.string(),
    storeId: z.uuid().nullable(),
    licenseId: z.uuid().nullable(),
    stores: z.array(namedRef),
    months: z.array(z.object({ month: z.string(), ...counts })),
    rows: z.array(
      z.object({ month: z.string(), storeId: z.uuid(), storeName: z.string(), machineId: z.string(), ...counts }),
    ),
    totals: z.object(counts),
  })
  .meta({ id: 'CompanyUsage', description: 'Vorgänge einer Firma je Monat, Studio und Gerät in einem Zeitraum' });

const PACKAGE_STATES = ['suspended', 'future', 'expired', 'usedUp', 'valid'] as const satisfies readonly PackageState[];

/** The same path parameters (and messages) as the package routes of server/modules/licenses. */
export const packageConsumptionParams = packageParams;
export const packageConsumptionQuery = z.strictObject({ granularity: z.enum(['day', 'week']).optional() });

export const packageConsumptionSchema = z
  .object({
    packageId: z.uuid(),
    licenseId: z.uuid(),
    // Date columns in Drizzle's string mode, and consumption.ts's toIsoDate for the points.
    startDate: z.iso.date(),
    endDate: z.iso.date(),
    amount: z.number().int(),
    usedAmount: z.number().int(),
    remainingAmount: z.number().int(),
    suspended: z.boolean(),
    state: z.enum(PACKAGE_STATES),
    granularity: z.enum(['day', 'week']),
    points: z.array(
      z.object({
        date: z.iso.date(),
        used: z.number().int(),
        cancelled: z.number().int(),
        remaining: z.number().int(),
      }),
    ),
  })
  .meta({
    id: 'PrepaidPackageConsumption',
    description: 'Verbrauch eines Prepaid-Pakets über seine Laufzeit, je Tag oder Woche',
  });
