import { and, count, eq, gt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { identificationProcesses, licenseActivations, licenses } from '../licenses/licenses.table';

/**
 * The device API's statements. Reading and consuming are one statement each (one round trip, one
 * snapshot); activation and cancellation are short transactions with a row lock.
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

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/** node-postgres parses json, PGlite too; a string is parsed here in case a driver does not. */
function parsedJson<T>(value: unknown): T {
  return (typeof value === 'string' ? JSON.parse(value) : value) as T;
}

export function deviceRepository(db: DbOrTx) {
  return {
    /** The licence and its running and future packages (end date today or later), in consumption order. */
    async licenseWithPackages(
      key: string,
      today: string,
    ): Promise<{ license: DeviceLicense; packages: DevicePackage[] } | undefined> {
      const result = await db.execute(sql`
        SELECT l.id, l.postpaid_allowed, l.bound_machine_id, l.suspended,
          coalesce((
            SELECT json_agg(json_build_object(
                'id', p.id, 'startDate', p.start_date::text, 'endDate', p.end_date::text,
                'remainingAmount', p.amount - p.used_amount, 'suspended', p.suspended
              ) ORDER BY p.end_date, p.start_date, p.id)
            FROM prepaid_packages p
            WHERE p.license_id = l.id AND p.end_date >= ${today}::date
          ), '[]'::json) AS packages
        FROM licenses l
        WHERE l.key = ${key}`);
      const [row] = rowsOf<{
        id: string;
        postpaid_allowed: boolean;
        bound_machine_id: string | null;
        suspended: boolean;
        packages: unknown;
      }>(result);
      if (!row) return undefined;
      return {
        license: {
          id: row.id,
          postpaidAllowed: row.postpaid_allowed,
          boundMachineId: row.bound_machine_id,
          suspended: row.suspended,
        },
        packages: parsedJson<DevicePackage[]>(row.packages),
      };
    },

    /** The licence row, locked for the activation's transaction. */
    async lockLicense(key: string): Promise<(DeviceLicense & { boundAt: Date | null }) | undefined> {
      const [row] = await db
        .select({
          id: licenses.id,
          postpaidAllowed: licenses.postpaidAllowed,
          boundMachineId: licenses.boundMachineId,
          boundAt: licenses.boundAt,
          suspended: licenses.suspended,
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
      await db.insert(licenseActivations).values({ licenseId, machineId, replacedMachineId, forced, at });
    },

    /**
     * One attempt at recording a process, as ONE statement (so one transaction): it finds the
     * licence by key, an earlier process with the same idempotency key, and the package
     * choosePackage (src/domain/licenses.ts) would pick: valid today, not suspended, units left,
     * the one that ends first, then the one that started first, then by id. It takes one unit with
     * a conditional UPDATE (`used_amount < amount`: the CHECK of the table backs it) and records the
     * process with the unit's package, or as postpaid when no package had units and the licence
     * allows it.
     *
     * Under READ COMMITTED the UPDATE re-checks a package another transaction changed meanwhile; if
     * that one took the last unit, nothing is taken although another package may still have units:
     * the attempt says `lostRace` and the caller tries again with a fresh snapshot.
     *
     * A concurrent request with the same idempotency key that commits first makes the INSERT fail
     * on the unique index (23505): the whole statement, its UPDATE included, is rolled back, and
     * the caller answers with the first process.
     */
    async consumeOnce(input: {
      key: string;
      machineId: string;
      idempotencyKey: string;
      today: string;
      now: Date;
    }): Promise<ConsumeAttempt> {
      const { key, machineId, idempotencyKey, today, now } = input;
      const result = await db.execute(sql`
        WITH lic AS (
          SELECT id, store_id, company_id, system_integrator_id, reseller_id, postpaid_allowed, bound_machine_id,
                 suspended
          FROM licenses WHERE key = ${key}
        ),
        prior AS (
          SELECT p.id, p.package_id, p.postpaid, p.remaining_amount_after
          FROM identification_processes p JOIN lic ON p.license_id = lic.id
          WHERE p.idempotency_key = ${idempotencyKey}::uuid
        ),
        allowed AS (
          SELECT lic.* FROM lic
          WHERE NOT lic.suspended AND lic.bound_machine_id = ${machineId}::text AND NOT EXISTS (SELECT 1 FROM prior)
        ),
        usable AS (
          SELECT pp.id, pp.start_date, pp.end_date, pp.amount - pp.used_amount AS remaining
          FROM prepaid_packages pp JOIN allowed ON pp.license_id = allowed.id
          WHERE NOT pp.suspended AND pp.start_date <= ${today}::date AND pp.end_date >= ${today}::date
            AND pp.used_amount < pp.amount
        ),
        target AS (
          SELECT id FROM usable ORDER BY end_date, start_date, id LIMIT 1
        ),
        taken AS (
          UPDATE prepaid_packages pp SET used_amount = pp.used_amount + 1
          FROM target
          WHERE pp.id = target.id AND pp.used_amount < pp.amount
          RETURNING pp.id, pp.amount - pp.used_amount AS remaining
        ),
        recorded AS (
          INSERT INTO identification_processes (
            license_id, store_id, company_id, system_integrator_id, reseller_id, package_id, postpaid, machine_id,
            idempotency_key, created_at, remaining_amount_after
          )
          SELECT allowed.id, allowed.store_id, allowed.company_id, allowed.system_integrator_id, allowed.reseller_id,
                 taken.id, taken.id IS NULL, ${machineId}::text, ${idempotencyKey}::uuid, ${now.toISOString()}::timestamptz,
                 (coalesce(taken.remaining, 0)
                   + coalesce((SELECT sum(usable.remaining) FROM usable WHERE usable.id <> taken.id), 0))::int
          FROM allowed LEFT JOIN taken ON true
          WHERE taken.id IS NOT NULL OR (allowed.postpaid_allowed AND NOT EXISTS (SELECT 1 FROM target))
          RETURNING id, package_id, postpaid, remaining_amount_after
        )
        SELECT lic.id AS license_id, lic.postpaid_allowed, lic.bound_machine_id, lic.suspended,
               prior.id AS prior_id, prior.package_id AS prior_package_id, prior.postpaid AS prior_postpaid,
               prior.remaining_amount_after AS prior_remaining,
               recorded.id AS recorded_id, recorded.package_id AS recorded_package_id,
               recorded.postpaid AS recorded_postpaid, recorded.remaining_amount_after AS recorded_remaining,
               EXISTS (SELECT 1 FROM target) AS had_target
        FROM (SELECT 1) AS one
          LEFT JOIN lic ON true
          LEFT JOIN prior ON true
          LEFT JOIN recorded ON true`);
      const [row] = rowsOf<{
        license_id: string | null;
        postpaid_allowed: boolean;
        bound_machine_id: string | null;
        suspended: boolean;
        prior_id: string | null;
        prior_package_id: string | null;
        prior_postpaid: boolean;
        prior_remaining: number;
        recorded_id: string | null;
        recorded_package_id: string | null;
        recorded_postpaid: boolean;
        recorded_remaining: number;
        had_target: boolean;
      }>(result);
      if (!row.license_id) return { kind: 'unknownKey' };
      const license: DeviceLicense = {
        id: row.license_id,
        postpaidAllowed: row.postpaid_allowed,
        boundMachineId: row.bound_machine_id,
        suspended: row.suspended,
      };
      if (license.suspended || license.boundMachineId !== machineId) return { kind: 'refused', license };
      if (row.prior_id) {
        return {
          kind: 'replay',
          process: {
            id: row.prior_id,
            packageId: row.prior_package_id,
            postpaid: row.prior_postpaid,
            remainingAmount: row.prior_remaining,
          },
        };
      }
      if (row.recorded_id) {
        return {
          kind: 'recorded',
          process: {
            id: row.recorded_id,
            packageId: row.recorded_package_id,
            postpaid: row.recorded_postpaid,
            remainingAmount: row.recorded_remaining,
          },
        };
      }
      return row.had_target ? { kind: 'lostRace' } : { kind: 'noCredit' };
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
