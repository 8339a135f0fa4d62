import { OPERATOR_ROLES, OPERATOR_STATUS } from '../../../src/domain/deviceApi';
import type { Db } from '../../db/client';
import { namedStatementRunner } from '../../db/named-statements';
import type { ConsumeAttempt, DeviceLicense, DevicePackage } from './device.repository';

/**
 * The two statements a device sends all day: validating the licence and recording a process. Each
 * is ONE statement (one round trip, one snapshot, one transaction).
 *
 * On PostgreSQL they are named prepared statements (server/db/named-statements.ts): planning the
 * recording statement anew costs more than executing it (bench/README.md "Device API": about a
 * third of the throughput as an unnamed statement).
 */

const LICENSE_WITH_PACKAGES = `
  SELECT l.id, l.postpaid_allowed, l.bound_machine_id, l.suspended,
    coalesce((
      SELECT json_agg(json_build_object(
          'id', p.id, 'startDate', p.start_date::text, 'endDate', p.end_date::text,
          'remainingAmount', p.amount - p.used_amount, 'suspended', p.suspended
        ) ORDER BY p.end_date, p.start_date, p.id)
      FROM prepaid_packages p
      WHERE p.license_id = l.id AND p.end_date >= $2::date
    ), '[]'::json) AS packages
  FROM licenses l
  WHERE l.key = $1::text`;

/** The roles of OPERATOR_ROLES as an SQL list (constants, no input). */
const OPERATOR_ROLE_LIST = OPERATOR_ROLES.map((role) => `'${role}'`).join(', ');

/**
 * One attempt at recording a process ($1 licence key, $2 idempotency key, $3 machine id, $4 today
 * in Germany, $5 now, $6 the operator's user id or null). It finds the licence by key, an earlier process with the same idempotency
 * key, and the package choosePackage (src/domain/licenses.ts) would pick: valid today, not
 * suspended, units left, the one that ends first, then the one that started first, then by id. It
 * takes one unit with a conditional UPDATE (`used_amount < amount`, which the table's CHECK backs)
 * and records the process with that package, or as postpaid when no package had units and the
 * licence allows it.
 *
 * Under READ COMMITTED the UPDATE re-checks a package that another transaction changed meanwhile;
 * if that one took the last unit, nothing is taken although another package may still have units:
 * the attempt reports `lostRace` and the caller tries again with a fresh snapshot.
 *
 * A concurrent request with the same idempotency key that commits first makes the INSERT fail on
 * the unique index (23505): the whole statement, its UPDATE included, is undone, and the caller
 * answers with the first process.
 *
 * An operator ($6) must be one of the people GET /api/device/operators lists (OPERATOR_ROLES,
 * OPERATOR_STATUS, bound eID, the licence's company): one lookup by the users' primary key and the
 * bindings' unique user id. Anyone else takes nothing (`operator_ok` false). Without an operator
 * the lookup is never run: `$6 IS NULL` decides first.
 */
const CONSUME = `
  WITH lic AS (
    SELECT id, store_id, company_id, system_integrator_id, reseller_id, postpaid_allowed, bound_machine_id, suspended
    FROM licenses WHERE key = $1::text
  ),
  prior AS (
    SELECT p.id, p.package_id, p.postpaid, p.remaining_amount_after
    FROM identification_processes p JOIN lic ON p.license_id = lic.id
    WHERE p.idempotency_key = $2::uuid
  ),
  operator AS (
    SELECT u.id FROM users u
      JOIN lic ON u.company_id = lic.company_id
      JOIN eid_bindings b ON b.user_id = u.id
    WHERE u.id = $6::uuid AND u.status = '${OPERATOR_STATUS}' AND u.role IN (${OPERATOR_ROLE_LIST})
      AND u.disabled_at IS NULL AND b.bound_at IS NOT NULL
  ),
  allowed AS (
    SELECT lic.* FROM lic
    WHERE NOT lic.suspended AND lic.bound_machine_id = $3::text AND NOT EXISTS (SELECT 1 FROM prior)
      AND ($6::uuid IS NULL OR EXISTS (SELECT 1 FROM operator))
  ),
  usable AS (
    SELECT pp.id, pp.start_date, pp.end_date, pp.amount - pp.used_amount AS remaining
    FROM prepaid_packages pp JOIN allowed ON pp.license_id = allowed.id
    WHERE NOT pp.suspended AND pp.start_date <= $4::date AND pp.end_date >= $4::date AND pp.used_amount < pp.amount
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
      idempotency_key, created_at, remaining_amount_after, operator_user_id
    )
    SELECT allowed.id, allowed.store_id, allowed.company_id, allowed.system_integrator_id, allowed.reseller_id,
           taken.id, taken.id IS NULL, $3::text, $2::uuid, $5::timestamptz,
           (coalesce(taken.remaining, 0)
             + coalesce((SELECT sum(usable.remaining) FROM usable WHERE usable.id <> taken.id), 0))::int,
           $6::uuid
    FROM allowed LEFT JOIN taken ON true
    WHERE taken.id IS NOT NULL OR (allowed.postpaid_allowed AND NOT EXISTS (SELECT 1 FROM target))
    RETURNING id, package_id, postpaid, remaining_amount_after
  )
  SELECT lic.id AS license_id, lic.postpaid_allowed, lic.bound_machine_id, lic.suspended,
         prior.id AS prior_id, prior.package_id AS prior_package_id, prior.postpaid AS prior_postpaid,
         prior.remaining_amount_after AS prior_remaining,
         recorded.id AS recorded_id, recorded.package_id AS recorded_package_id,
         recorded.postpaid AS recorded_postpaid, recorded.remaining_amount_after AS recorded_remaining,
         EXISTS (SELECT 1 FROM target) AS had_target,
         ($6::uuid IS NULL OR EXISTS (SELECT 1 FROM operator)) AS operator_ok
  FROM (SELECT 1) AS one
    LEFT JOIN lic ON true
    LEFT JOIN prior ON true
    LEFT JOIN recorded ON true`;

interface ConsumeRow {
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
  operator_ok: boolean;
}

interface LicenseRow {
  id: string;
  postpaid_allowed: boolean;
  bound_machine_id: string | null;
  suspended: boolean;
  packages: unknown;
}

/** json is parsed by both drivers; a string is parsed here in case one does not. */
function parsedJson<T>(value: unknown): T {
  return (typeof value === 'string' ? JSON.parse(value) : value) as T;
}

export function deviceStatements(db: Db) {
  const run = namedStatementRunner(db);
  return {
    /** The licence and its running and future packages (end date today or later), in consumption order. */
    async licenseWithPackages(
      key: string,
      today: string,
    ): Promise<{ license: DeviceLicense; packages: DevicePackage[] } | undefined> {
      const [row] = await run<LicenseRow>('device_license_with_packages', LICENSE_WITH_PACKAGES, [key, today]);
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

    /** One attempt at recording a process (see CONSUME). */
    async consumeOnce(input: {
      key: string;
      machineId: string;
      idempotencyKey: string;
      today: string;
      now: Date;
      /** The person at the device (operatorId), or null when the call names nobody. */
      operatorId: string | null;
    }): Promise<ConsumeAttempt> {
      const { key, machineId, idempotencyKey, today, now, operatorId } = input;
      const [row] = await run<ConsumeRow>('device_consume', CONSUME, [
        key,
        idempotencyKey,
        machineId,
        today,
        now.toISOString(),
        operatorId,
      ]);
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
      if (!row.operator_ok) return { kind: 'unknownOperator' };
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
  };
}
