import { and, eq, ne } from 'drizzle-orm';
import { DEVICE_ERROR_CODES } from '../../../src/domain/deviceApi';
import { SERVER_MESSAGES } from '../../../src/domain/errorCatalogue';
import type { DbOrTx } from '../../db/client';
import { ApiError } from '../../errors';
import { sqlStateOf, UNIQUE_VIOLATION } from '../../lib/pg-errors';
import { licenseActivations, licenses, MACHINE_PER_INTEGRATOR_INDEX } from './licenses.table';

/*
 * The binding of a machine to a licence, shared by the device API's activation and the portal's
 * "Geräte-ID" (issue 24): a machine is bound to one licence of a system integrator at a time, and
 * every binding is an activation row.
 */

export const machineBoundToOtherLicense = () =>
  new ApiError(409, SERVER_MESSAGES.machineBoundToOtherLicense, DEVICE_ERROR_CODES.machineBoundToOtherLicense);

/** Refuses with 409 when another licence of the integrator holds the machine (the friendly check). */
export async function requireMachineFree(
  db: DbOrTx,
  binding: { licenseId: string; systemIntegratorId: string; machineId: string },
): Promise<void> {
  const [other] = await db
    .select({ id: licenses.id })
    .from(licenses)
    .where(
      and(
        eq(licenses.systemIntegratorId, binding.systemIntegratorId),
        eq(licenses.boundMachineId, binding.machineId),
        ne(licenses.id, binding.licenseId),
      ),
    )
    .limit(1);
  if (other) throw machineBoundToOtherLicense();
}

/**
 * Runs a binding's transaction and answers the unique index's refusal as the same 409: the check
 * above cannot see a concurrent transaction's binding, the index can.
 */
export async function bindingMachine<T>(change: () => Promise<T>): Promise<T> {
  try {
    return await change();
  } catch (err) {
    const cause = (err as { cause?: { constraint?: unknown }; constraint?: unknown }) ?? {};
    const constraint = cause.cause?.constraint ?? cause.constraint;
    if (sqlStateOf(err) === UNIQUE_VIOLATION && constraint === MACHINE_PER_INTEGRATOR_INDEX) {
      throw machineBoundToOtherLicense();
    }
    throw err;
  }
}

/** One activation row: through the device API (actorId null) or set by hand in the portal. */
export async function recordActivation(
  db: DbOrTx,
  activation: {
    licenseId: string;
    machineId: string;
    replacedMachineId: string | null;
    forced: boolean;
    at: Date;
    actorId: string | null;
  },
): Promise<void> {
  await db.insert(licenseActivations).values(activation);
}
