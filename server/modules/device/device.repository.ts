import { and, count, eq, gt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { recordActivation } from '../licenses/machine-binding';
import { identificationProcesses, licenseActivations, licenses } from '../licenses/licenses.table';

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

    async licenseByKey(key: string): Promise<DeviceLicense | undefined> {
      const [row] = await db
        .select({
          id: licenses.id,
          postpaidAllowed: licenses.postpaidAllowed,
          boundMachineId: licenses.boundMachineId,
          suspended: licenses.suspended,
        })
        .from(licenses)
        .where(eq(licenses.key, key));
      return row;
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
