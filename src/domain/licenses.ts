import { z } from 'zod';
import { fromIsoDate, isPortalDate, PORTAL_CALENDAR_TEXTS } from './dates';

/**
 * Licences, prepaid packages and identification processes (spec sections 2 "Licence screens", 3,
 * 5, 7; ARCHITECTURE.md "Licences, packages and identification processes"). Shared by the dialogs,
 * the API routes, the device API and the jobs, so a rule exists once. Validation messages are
 * German: the server sends them back unchanged in a VALIDATION_FAILED body.
 */

// ---------------------------------------------------------------------------------------------
// Keys and machines

/**
 * Licence keys: five groups of five characters of Crockford's base32 alphabet (no I, L, O, U, so
 * nothing reads as 1 or 0), e.g. 'K7Q2M-8ZT4X-W3N9P-HC6VR-5DJ0E': 125 random bits, readable on the
 * phone to support, unguessable. The server generates them (server/modules/licenses).
 */
export const LICENSE_KEY_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
export const LICENSE_KEY_GROUPS = 5;
export const LICENSE_KEY_GROUP_LENGTH = 5;
export const LICENSE_KEY_PATTERN = /^[0-9A-HJKMNP-TV-Z]{5}(?:-[0-9A-HJKMNP-TV-Z]{5}){4}$/;

/** What a person or a device may send: surrounding spaces and lower case are forgiven. */
/** The licence key's last five characters: the part a person recognises, not enough to use the key. */
export const licenseKeyEnd = (licenseKey: string) => licenseKey.slice(-5);

export function normalizeLicenseKey(input: string): string {
  return input.trim().toUpperCase();
}

export function isLicenseKey(input: string): boolean {
  return LICENSE_KEY_PATTERN.test(normalizeLicenseKey(input));
}

/** Random bytes one key takes: one a character, of which the low five bits pick the character. */
export const LICENSE_KEY_RANDOM_BYTES = LICENSE_KEY_GROUPS * LICENSE_KEY_GROUP_LENGTH;

/**
 * A key from `LICENSE_KEY_RANDOM_BYTES` random bytes (the server passes crypto random bytes). 32
 * divides 256, so `byte & 31` picks every character of the alphabet equally often: 125 bits.
 */
export function formatLicenseKey(randomBytes: Uint8Array): string {
  if (randomBytes.length < LICENSE_KEY_RANDOM_BYTES) {
    throw new Error(`a licence key needs ${LICENSE_KEY_RANDOM_BYTES} random bytes`);
  }
  const chars = Array.from(
    randomBytes.subarray(0, LICENSE_KEY_RANDOM_BYTES),
    (byte) => LICENSE_KEY_ALPHABET[byte & 31],
  );
  const groups: string[] = [];
  for (let i = 0; i < chars.length; i += LICENSE_KEY_GROUP_LENGTH) {
    groups.push(chars.slice(i, i + LICENSE_KEY_GROUP_LENGTH).join(''));
  }
  return groups.join('-');
}

/** The device API's X-Machine-Id and a licence's bound device id (ARCHITECTURE.md). */
export const MACHINE_ID_PATTERN = /^[A-Za-z0-9._:-]{1,128}$/;
export const MACHINE_ID_MAX_LENGTH = 128;

// ---------------------------------------------------------------------------------------------
// Device API rules

/** A licence bound to another machine may be moved with `force` this often per window. */
export const FORCED_REBIND_LIMIT = 3;
export const FORCED_REBIND_WINDOW_DAYS = 30;
/** A recorded process may be cancelled this long after it was recorded (unit back, not billable). */
export const CANCEL_WINDOW_MINUTES = 15;
/** Default requests per licence and minute on the device API (configurable on the server). */
export const DEVICE_RATE_LIMIT_PER_MINUTE = 1_000;
/** Default unknown licence keys one client address may send the device API per hour (configurable). */
export const DEVICE_UNKNOWN_KEYS_PER_HOUR = 100;

/** GET /api/device/license `state` (ARCHITECTURE.md). */
export const DEVICE_LICENSE_STATES = ['VALID', 'SUSPENDED', 'NOT_BOUND', 'OTHER_MACHINE', 'NO_CREDIT'] as const;
export type DeviceLicenseState = (typeof DEVICE_LICENSE_STATES)[number];

// ---------------------------------------------------------------------------------------------
// Packages

/** The most units one package (or one increase) may hold: far above any real order, far below int overflow. */
export const PACKAGE_AMOUNT_MAX = 1_000_000;

/** Notices (issue 13): below this share of the amount remaining, once per package. */
export const LOW_CREDIT_SHARE = 0.1;
/** Notices: this many days before a package's last day, once per package. */
export const ENDING_NOTICE_DAYS = 7;

export interface PackageDates {
  /** yyyy-MM-dd, the first day it may be used (Germany's calendar day). */
  startDate: string;
  /** yyyy-MM-dd, the last day it may be used. */
  endDate: string;
}

export interface PackageCounts {
  amount: number;
  usedAmount: number;
  remainingAmount: number;
}

export interface PackageForChoice extends PackageDates {
  id: string;
  remainingAmount: number;
  suspended: boolean;
}

/** How a package stands on a given day, in the order the screens and the device API need it. */
export type PackageState = 'suspended' | 'future' | 'expired' | 'usedUp' | 'valid';

export function packageState(pkg: PackageForChoice, today: string): PackageState {
  if (pkg.suspended) return 'suspended';
  if (today < pkg.startDate) return 'future';
  if (today > pkg.endDate) return 'expired';
  if (pkg.remainingAmount <= 0) return 'usedUp';
  return 'valid';
}

/**
 * The package a process consumes from (ARCHITECTURE.md): the valid one that ends first (then the
 * one that started first, then by id, so concurrent choices agree); undefined when none is valid.
 * The server makes the same choice in its conditional UPDATE; this is the rule it must keep.
 */
export function choosePackage<P extends PackageForChoice>(packages: readonly P[], today: string): P | undefined {
  return packages
    .filter((pkg) => packageState(pkg, today) === 'valid')
    .sort(
      (a, b) =>
        a.endDate.localeCompare(b.endDate) || a.startDate.localeCompare(b.startDate) || a.id.localeCompare(b.id),
    )[0];
}

// ---------------------------------------------------------------------------------------------
// Payloads (spec section 3) and their validation (spec section 5)

export const LICENSE_VALIDATION_TEXTS = {
  storeRequired: 'Bitte wählen Sie ein Studio.',
  systemIntegratorRequired: 'Bitte wählen Sie einen System-Integrator.',
  machineIdInvalid: `Die Geräte-ID darf nur Buchstaben, Ziffern und . _ : - enthalten und höchstens ${MACHINE_ID_MAX_LENGTH} Zeichen lang sein.`,
  dateRequired: 'Bitte geben Sie ein Datum ein.',
  dateInvalid: 'Bitte geben Sie ein gültiges Datum ein (TT.MM.JJJJ).',
  /** Spec section 5: invalidEndDate. */
  invalidEndDate: 'Das Enddatum muss nach dem Startdatum liegen.',
  amountRequired: 'Bitte geben Sie eine Anzahl ein.',
  amountAtLeastOne: 'Die Anzahl muss mindestens 1 sein.',
  amountWhole: 'Bitte geben Sie eine ganze Zahl ein.',
  amountTooLarge: `Die Anzahl darf höchstens ${PACKAGE_AMOUNT_MAX.toLocaleString('de-DE')} betragen.`,
  /** An increase that would take the package above the maximum. */
  packageTooLarge: `Ein Vorgangspaket darf höchstens ${PACKAGE_AMOUNT_MAX.toLocaleString('de-DE')} Vorgänge enthalten.`,
} as const;

const texts = LICENSE_VALIDATION_TEXTS;

const isoDateSchema = z
  .string({ error: texts.dateRequired })
  .min(1, texts.dateRequired)
  .refine((value) => fromIsoDate(value) !== null, texts.dateInvalid)
  .refine((value) => fromIsoDate(value) === null || isPortalDate(value), PORTAL_CALENDAR_TEXTS.dateOutOfRange);

export const packageAmountSchema = z
  .number({ error: texts.amountRequired })
  .int(texts.amountWhole)
  .min(1, texts.amountAtLeastOne)
  .max(PACKAGE_AMOUNT_MAX, texts.amountTooLarge);

export const machineIdSchema = z.string().regex(MACHINE_ID_PATTERN, texts.machineIdInvalid);

/** Spec section 5: the end date must be after the start date (error invalidEndDate on the end date). */
export function endIsAfterStart({ startDate, endDate }: PackageDates): boolean {
  return fromIsoDate(startDate) === null || fromIsoDate(endDate) === null || endDate > startDate;
}

const withEndAfterStart = <T extends z.ZodType<PackageDates>>(schema: T) =>
  schema.refine(endIsAfterStart, { message: texts.invalidEndDate, path: ['endDate'] });

/**
 * POST /api/license (createLicense): the server generates the key. The reseller is optional
 * (issue 25): null or left out is a licence the integrator sells itself.
 */
export const licenseCreateSchema = z.strictObject({
  storeId: z.uuid(texts.storeRequired),
  systemIntegratorId: z.uuid(texts.systemIntegratorRequired),
  resellerId: z.uuid().nullable().optional(),
  postpaidAllowed: z.boolean(),
});
export type LicenseCreatePayload = z.infer<typeof licenseCreateSchema>;

/** PUT /api/license/{id} (updateLicense): null unbinds the device. */
export const licenseUpdateSchema = z.strictObject({
  postpaidAllowed: z.boolean(),
  boundMachineId: machineIdSchema.nullable(),
  suspended: z.boolean(),
});
export type LicenseUpdatePayload = z.infer<typeof licenseUpdateSchema>;

/** POST /api/license/{id}/prepaid-package (createLicensePackage). */
export const packageCreateSchema = withEndAfterStart(
  z.strictObject({ startDate: isoDateSchema, endDate: isoDateSchema, amount: packageAmountSchema }),
);
export type PackageCreatePayload = z.infer<typeof packageCreateSchema>;

/**
 * PUT /api/license/{id}/prepaid-package/{packageId} (updateLicensePackage). The spec's payload
 * also carries amount and remainingAmount, which are read-only here: sent, they must equal the
 * package's current values (a stale form is refused, nothing is changed through them).
 */
export const packageUpdateSchema = withEndAfterStart(
  z.strictObject({
    startDate: isoDateSchema,
    endDate: isoDateSchema,
    suspended: z.boolean(),
    amount: z.number().int().optional(),
    remainingAmount: z.number().int().optional(),
  }),
);
export type PackageUpdatePayload = z.infer<typeof packageUpdateSchema>;

/** PUT …/prepaid-package/{packageId}/amount/increase (increaseLicensePackageAmount). */
export const packageIncreaseSchema = z.strictObject({ amount: packageAmountSchema });
export type PackageIncreasePayload = z.infer<typeof packageIncreaseSchema>;

/** Whether a package of `amount` units may grow by `by` (it never holds more than PACKAGE_AMOUNT_MAX). */
export function increaseFits(amount: number, by: number): boolean {
  return Number.isInteger(by) && by >= 1 && amount + by <= PACKAGE_AMOUNT_MAX;
}

// ---------------------------------------------------------------------------------------------
// Records as the API answers them (spec section 3)

export interface NamedRef {
  id: string;
  name: string;
}

export interface License {
  id: string;
  key: string;
  companyId: string;
  store: NamedRef;
  systemIntegrator: NamedRef;
  reseller: NamedRef | null;
  postpaidAllowed: boolean;
  /** Geräte-ID. */
  boundMachineId: string | null;
  suspended: boolean;
  createdAt: string;
}

/** A package as stored: its dates, counts and suspension. */
export interface StoredPackage extends PackageDates, PackageCounts {
  id: string;
  licenseId: string;
  suspended: boolean;
}

export interface PrepaidPackage extends StoredPackage {
  /** packageState on the server's today. */
  state: PackageState;
}

export type IdentificationProcessStatus = 'Completed' | 'Cancelled';

// ---------------------------------------------------------------------------------------------
// Who may do what (spec sections 2 and 6): in a module without zod, so the screens read them
// without downloading the schemas above.

export { canManageLicenses, canReadLicenses, LICENSE_MANAGER_ROLES, LICENSE_READER_ROLES } from './licenseAccess';
