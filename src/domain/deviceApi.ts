import type { Role, UserStatus } from './roles';
import {
  LICENSE_KEY_PATTERN,
  normalizeLicenseKey,
  packageState,
  type DeviceLicenseState,
  type PackageForChoice,
} from './licenses';

/**
 * The device API of the studio software (ARCHITECTURE.md "Licences, packages and identification
 * processes"; docs/device-api.md): how a call names its licence, and the state a licence has for
 * the calling machine. Pure, so the server and the device simulator (scripts/device.ts) share it.
 */

/** `Authorization: License <key>`. */
export const LICENSE_AUTH_SCHEME = 'License';
export const MACHINE_ID_HEADER = 'X-Machine-Id';

/**
 * The device API's error codes (`errorCode` of the error body), so that studio software can act on
 * them without reading messages.
 */
export const DEVICE_ERROR_CODES = {
  invalidLicenseKey: 'INVALID_LICENSE_KEY',
  licenseKeyUnknown: 'LICENSE_KEY_UNKNOWN',
  licenseSuspended: 'LICENSE_SUSPENDED',
  otherMachine: 'OTHER_MACHINE',
  notActivated: 'LICENSE_NOT_ACTIVATED',
  forcedRebindLimitReached: 'FORCED_REBIND_LIMIT_REACHED',
  machineBoundToOtherLicense: 'MACHINE_BOUND_TO_OTHER_LICENSE',
  noPrepaidCredit: 'NO_PREPAID_CREDIT',
  cancelWindowPassed: 'CANCEL_WINDOW_PASSED',
  consumptionContended: 'CONSUMPTION_CONTENDED',
  unknownOperator: 'UNKNOWN_OPERATOR',
} as const;

/**
 * Who may carry out identifications on a licence (GET /api/device/operators, the operatorId of a
 * recorded process): the people of the licence's company in one of these roles, with this status
 * (approved by the company and eID bound), not disabled, whose eID binding took effect. Lumio does
 * not assign people to studios, so everyone of the company counts on each of its studios' licences.
 */
export const OPERATOR_ROLES = ['Owner', 'AccountAdministrator', 'Employee'] as const satisfies readonly Role[];
export const OPERATOR_STATUS: UserStatus = 'VerifiedAndApproved';

export type LicenseAuthorization = { kind: 'missing' } | { kind: 'malformed' } | { kind: 'key'; key: string };

/**
 * Reads the Authorization header: no header or another scheme (a bearer token) is `missing`, the
 * License scheme with something that is not a licence key `malformed`. Keys are forgiven surrounding
 * spaces and lower case (normalizeLicenseKey).
 */
export function parseLicenseAuthorization(header: string | undefined): LicenseAuthorization {
  if (typeof header !== 'string') return { kind: 'missing' };
  const match = /^\s*License(?:\s+(.*))?$/i.exec(header);
  if (!match) return { kind: 'missing' };
  const key = normalizeLicenseKey(match[1] ?? '');
  return LICENSE_KEY_PATTERN.test(key) ? { kind: 'key', key } : { kind: 'malformed' };
}

export interface DeviceLicenseFacts {
  suspended: boolean;
  boundMachineId: string | null;
  postpaidAllowed: boolean;
}

/** Units left on the packages a process may be taken from today (packageState 'valid'). */
export function usableRemaining(packages: readonly PackageForChoice[], today: string): number {
  return packages
    .filter((pkg) => packageState(pkg, today) === 'valid')
    .reduce((sum, pkg) => sum + pkg.remainingAmount, 0);
}

/**
 * GET /api/device/license `state`, first match wins: SUSPENDED, NOT_BOUND (no machine bound),
 * OTHER_MACHINE (bound to another one), NO_CREDIT (no valid package has units and postpaid is off),
 * else VALID. The machine id is compared exactly (case matters).
 */
export function deviceLicenseState(
  license: DeviceLicenseFacts,
  machineId: string,
  remainingAmount: number,
): DeviceLicenseState {
  if (license.suspended) return 'SUSPENDED';
  if (license.boundMachineId === null) return 'NOT_BOUND';
  if (license.boundMachineId !== machineId) return 'OTHER_MACHINE';
  if (remainingAmount <= 0 && !license.postpaidAllowed) return 'NO_CREDIT';
  return 'VALID';
}
