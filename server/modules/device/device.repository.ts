import { and, asc, count, eq, gt, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import { OPERATOR_ROLES, OPERATOR_STATUS } from '../../../src/domain/deviceApi';
import type { DbOrTx } from '../../db/client';
import { eidBindings } from '../eid-binding/eid-binding.table';
import { recordActivation } from '../licenses/machine-binding';
import { identificationProcesses, licenseActivations, licenses } from '../licenses/licenses.table';
import { users } from '../users/users.table';

/**
 * The device API's rarer statements: activation and cancellation are short transactions with a
 * row lock. Validating and recording a process, the calls a device makes all day, are one statement
 * each in device.statements.ts.
 */

/** A licence as the device API needs it. */
export interface DeviceLicense {
  id: string;
  postpaidAllowed: boolean;
  boundMachineId: string | null;
  suspended: boolean;
}

export interface DevicePackage {
  id: string;
  startDate: string;
  endDate: string;
  remainingAmount: number;
  suspended: boolean;
}

/** A person who may carry out identifications on a licence (GET /api/device/operators). */
export interface DeviceOperator {
  id: string;
  firstName: string;
  lastName: string;
}

export interface RecordedProcess {
  id: string;
  packageId: string | null;
  postpaid: boolean;
  remainingAmount: number;
}

/** What one attempt of the consuming statement found and did. */
export type ConsumeAttempt =
  | { kind: 'unknownKey' }
  | { kind: 'refused'; license: DeviceLicense }
  /** The idempotency key was used before on this licence: its first answer. */
  | { kind: 'replay'; process: RecordedProcess }
  | { kind: 'recorded'; process: RecordedProcess }
  | { kind: 'noCredit' }
  /** The operatorId names nobody who may carry out identifications on this licence. */
  | { kind: 'unknownOperator' }
  /** The package chosen from the statement's snapshot ran out while waiting for its lock. */
  | { kind: 'lostRace' };

export function deviceRepository(db: DbOrTx) {
  return {
    /** The licence row, locked for the activation's transaction. */
    async lockLicense(
      key: string,
    ): Promise<(DeviceLicense & { boundAt: Date | null; systemIntegratorId: string }) | undefined> {
      const [row] = await db
        .select({
          id: licenses.id,
          postpaidAllowed: licenses.postpaidAllowed,
          boundMachineId: licenses.boundMachineId,
          boundAt: licenses.boundAt,
          suspended: licenses.suspended,
          systemIntegratorId: licenses.systemIntegratorId,
        })
        .from(licenses)
        .where(eq(licenses.key, key))
        .for('update');
      return row;
    },

    async forcedRebindsSince(licenseId: string, since: Date): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(licenseActivations)
        .where(
          and(
            eq(licenseActivations.licenseId, licenseId),
            eq(licenseActivations.forced, true),
            gt(licenseActivations.at, since),
          ),
        );
      return row.n;
    },

    async bind(
      licenseId: string,
      machineId: string,
      replacedMachineId: string | null,
      forced: boolean,
      at: Date,
    ): Promise<void> {
      await db
        .update(licenses)
        .set({ boundMachineId: machineId, boundAt: at, updatedAt: at })
        .where(eq(licenses.id, licenseId));
      await recordActivation(db, { licenseId, machineId, replacedMachineId, forced, at, actorId: null });
    },

    /** The first answer to an idempotency key (after a concurrent duplicate lost on the unique index). */
    async processByIdempotencyKey(licenseKey: string, idempotencyKey: string): Promise<RecordedProcess | undefined> {
      const [row] = await db
        .select({
          id: identificationProcesses.id,
          packageId: identificationProcesses.packageId,
          postpaid: identificationProcesses.postpaid,
          remainingAmount: identificationProcesses.remainingAmountAfter,
        })
        .from(identificationProcesses)
        .innerJoin(licenses, eq(licenses.id, identificationProcesses.licenseId))
        .where(and(eq(licenses.key, licenseKey), eq(identificationProcesses.idempotencyKey, idempotencyKey)));
      return row;
    },

    async licenseByKey(key: string): Promise<(DeviceLicense & { companyId: string }) | undefined> {
      const [row] = await db
        .select({
          id: licenses.id,
          postpaidAllowed: licenses.postpaidAllowed,
          boundMachineId: licenses.boundMachineId,
          suspended: licenses.suspended,
          companyId: licenses.companyId,
        })
        .from(licenses)
        .where(eq(licenses.key, key));
      return row;
    },

    /**
     * The people of a company who may carry out identifications (OPERATOR_ROLES, OPERATOR_STATUS,
     * not disabled, eID bound), by name: only id and names leave the portal.
     */
    async operatorsOf(companyId: string): Promise<DeviceOperator[]> {
      return db
        .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
        .from(users)
        .innerJoin(eidBindings, eq(eidBindings.userId, users.id))
        .where(
          and(
            eq(users.companyId, companyId),
            eq(users.status, OPERATOR_STATUS),
            inArray(users.role, [...OPERATOR_ROLES]),
            isNull(users.disabledAt),
            isNotNull(eidBindings.boundAt),
          ),
        )
        .orderBy(asc(users.lastName), asc(users.firstName), asc(users.id));
    },

    /** A process of the licence, locked for its cancellation. */
    async lockProcess(licenseId: string, processId: string) {
      const [row] = await db
        .select({
          id: identificationProcesses.id,
          packageId: identificationProcesses.packageId,
          postpaid: identificationProcesses.postpaid,
          machineId: identificationProcesses.machineId,
          status: identificationProcesses.status,
          createdAt: identificationProcesses.createdAt,
          cancelledAt: identificationProcesses.cancelledAt,
        })
        .from(identificationProcesses)
        .where(and(eq(identificationProcesses.id, processId), eq(identificationProcesses.licenseId, licenseId)))
        .for('update');
      return row;
    },

    /** Marks the process cancelled and gives its unit back to its package (none for postpaid). */
    async cancel(process: { id: string; packageId: string | null }, at: Date): Promise<void> {
      await db
        .update(identificationProcesses)
        .set({ status: 'Cancelled', cancelledAt: at })
        .where(eq(identificationProcesses.id, process.id));
      if (process.packageId) {
        await db.execute(
          sql`UPDATE prepaid_packages SET used_amount = used_amount - 1 WHERE id = ${process.packageId}::uuid`,
        );
      }
    },
  };
}

export type DeviceRepository = ReturnType<typeof deviceRepository>;
