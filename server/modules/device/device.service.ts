import type { FastifyBaseLogger } from 'fastify';
import { todayInGermany } from '../../../src/domain/dates';
import { DEVICE_ERROR_CODES, deviceLicenseState, usableRemaining } from '../../../src/domain/deviceApi';
import { SERVER_MESSAGES } from '../../../src/domain/errorCatalogue';
import { CANCEL_WINDOW_MINUTES, FORCED_REBIND_LIMIT, FORCED_REBIND_WINDOW_DAYS } from '../../../src/domain/licenses';
import type { Db } from '../../db/client';
import { ApiError } from '../../errors';
import { sqlStateOf, UNIQUE_VIOLATION } from '../../lib/pg-errors';
import { metrics } from '../../metrics/registry';
import { bindingMachine, requireMachineFree } from '../licenses/machine-binding';
import type { QueueWebhookDeliveries } from '../webhooks/emit';
import { emitLicenseEvent } from '../webhooks/events';
import { deviceRepository, type DeviceLicense, type DeviceOperator, type RecordedProcess } from './device.repository';
import { deviceStatements } from './device.statements';

/**
 * How often one request tries again when the package it chose ran out while it waited for the lock
 * (device.repository.ts consumeOnce). Each lost race means another request took a unit, so this
 * only runs out under a flood of concurrent requests on one licence.
 */
const CONSUME_ATTEMPTS = 10;

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;

const codes = DEVICE_ERROR_CODES;
const unknownKey = () => new ApiError(404, SERVER_MESSAGES.licenseKeyUnknown, codes.licenseKeyUnknown);
const suspended = () => new ApiError(403, SERVER_MESSAGES.licenseSuspended, codes.licenseSuspended);
const otherMachine = () => new ApiError(409, SERVER_MESSAGES.licenseKeyAlreadyInUse, codes.otherMachine);

/** A licence that may not record a process on this machine: why not. */
function refusal(license: DeviceLicense): ApiError {
  if (license.suspended) return suspended();
  if (license.boundMachineId === null) {
    return new ApiError(409, SERVER_MESSAGES.licenseNotActivated, codes.notActivated);
  }
  return otherMachine();
}

/**
 * todayInGermany, worked out at most once a minute: Germany's day always changes on a full minute
 * (its offsets are whole hours), and formatting the date costs more than the rest of a validation.
 */
function germanDayOf(): (now: Date) => string {
  let minute = Number.NaN;
  let day = '';
  return (now) => {
    const current = Math.floor(now.getTime() / MINUTE_MS);
    if (current !== minute) {
      minute = current;
      day = todayInGermany(now);
    }
    return day;
  };
}

export interface DeviceServiceDeps {
  db: Db;
  /** The time the device API goes by: today's packages, rebind window, cancel window (server/app.ts). */
  clock: () => Date;
  /** Webhook events (license.activated, license.rebound, process.cancelled) go out with the change. */
  queueWebhookDeliveries: QueueWebhookDeliveries;
}

/** Who calls: the licence key of `Authorization: License <key>` and the PC's X-Machine-Id. */
export interface DeviceCaller {
  key: string;
  machineId: string;
}

export interface Activation {
  machineId: string;
  boundAt: string;
  forced: boolean;
  forcedRebindsLeft: number;
}

/** A recorded (201) or replayed (200) process, or none because concurrent requests kept taking the chosen package. */
export type IdentificationOutcome =
  | { kind: 'recorded'; process: RecordedProcess }
  | { kind: 'replayed'; process: RecordedProcess }
  | { kind: 'contended' };

/**
 * The device API's rules (docs/device-api.md): binding a licence to a PC, its state for that PC,
 * recording and cancelling identification processes. Refusals are thrown as ApiErrors with the
 * device error codes; a refused call changes nothing.
 */
export function deviceService({ db, clock, queueWebhookDeliveries }: DeviceServiceDeps) {
  const statements = deviceStatements(db);
  const germanDay = germanDayOf();

  return {
    /** The PC a licence is bound to, if any (the unknown-key limit tells a known key by it). */
    async boundMachineIdOf(key: string): Promise<string | null | undefined> {
      return (await deviceRepository(db).licenseByKey(key))?.boundMachineId;
    },

    /**
     * Binds the licence to the caller's PC: `fresh` when it was bound now, not when it already was.
     * Moving it from another PC needs `force`, at most FORCED_REBIND_LIMIT times in the window.
     */
    async activate({ key, machineId }: DeviceCaller, force: boolean): Promise<Activation & { fresh: boolean }> {
      const now = clock();
      const windowStart = new Date(now.getTime() - FORCED_REBIND_WINDOW_DAYS * DAY_MS);
      return bindingMachine(() =>
        db.transaction(async (tx) => {
          const repo = deviceRepository(tx);
          const license = await repo.lockLicense(key);
          if (!license) throw unknownKey();
          if (license.suspended) throw suspended();
          if (license.boundMachineId === machineId) {
            const used = await repo.forcedRebindsSince(license.id, windowStart);
            return {
              fresh: false,
              machineId,
              boundAt: (license.boundAt ?? now).toISOString(),
              forced: false,
              forcedRebindsLeft: Math.max(0, FORCED_REBIND_LIMIT - used),
            };
          }
          const replacing = license.boundMachineId;
          let used = 0;
          if (replacing !== null) {
            if (!force) throw otherMachine();
            used = await repo.forcedRebindsSince(license.id, windowStart);
            if (used >= FORCED_REBIND_LIMIT) {
              throw new ApiError(409, SERVER_MESSAGES.forcedRebindLimitReached, codes.forcedRebindLimitReached);
            }
            used += 1;
          } else {
            used = await repo.forcedRebindsSince(license.id, windowStart);
          }
          await requireMachineFree(tx, {
            licenseId: license.id,
            systemIntegratorId: license.systemIntegratorId,
            machineId,
          });
          await repo.bind(license.id, machineId, replacing, replacing !== null, now);
          await emitLicenseEvent(
            tx,
            queueWebhookDeliveries,
            license.id,
            replacing === null
              ? { type: 'license.activated', machineId, activatedAt: now }
              : { type: 'license.rebound', machineId, previousMachineId: replacing, reboundAt: now, forced: true },
          );
          return {
            fresh: true,
            machineId,
            boundAt: now.toISOString(),
            forced: replacing !== null,
            forcedRebindsLeft: Math.max(0, FORCED_REBIND_LIMIT - used),
          };
        }),
      );
    },

    /** The licence's state for the caller's PC, what it may still use today and its packages. */
    async validate({ key, machineId }: DeviceCaller) {
      const today = germanDay(clock());
      const found = await statements.licenseWithPackages(key, today);
      if (!found) throw unknownKey();
      const { license, packages } = found;
      const remainingAmount = usableRemaining(packages, today);
      return {
        state: deviceLicenseState(license, machineId, remainingAmount),
        remainingAmount,
        postpaidAllowed: license.postpaidAllowed,
        packages,
      };
    },

    /**
     * The people who may carry out identifications on the licence (its company's, docs/device-api.md),
     * for its bound machine only: refused like recording a process otherwise.
     */
    async operators({ key, machineId }: DeviceCaller): Promise<{ items: DeviceOperator[] }> {
      const repo = deviceRepository(db);
      const license = await repo.licenseByKey(key);
      if (!license) throw unknownKey();
      if (license.suspended || license.boundMachineId !== machineId) throw refusal(license);
      return { items: await repo.operatorsOf(license.companyId) };
    },

    /**
     * Records one process from the package that ends first, or postpaid; the same idempotency key
     * on the same licence replays the first answer and consumes nothing again. An operator, when
     * named, must be one of `operators` (else 400 'Unknown operator', nothing taken).
     */
    async recordIdentification(
      { key, machineId }: DeviceCaller,
      request: { idempotencyKey: string; operatorId?: string },
      log: FastifyBaseLogger,
    ): Promise<IdentificationOutcome> {
      const { idempotencyKey } = request;
      const operatorId = request.operatorId ?? null;
      for (let attempt = 1; attempt <= CONSUME_ATTEMPTS; attempt++) {
        const now = clock();
        let outcome;
        try {
          outcome = await statements.consumeOnce({
            key,
            machineId,
            idempotencyKey,
            today: germanDay(now),
            now,
            operatorId,
          });
        } catch (err) {
          // A concurrent request with the same key committed first; this one consumed nothing.
          if (sqlStateOf(err) !== UNIQUE_VIOLATION) throw err;
          const first = await deviceRepository(db).processByIdempotencyKey(key, idempotencyKey);
          if (!first) throw err;
          metrics.deviceIdentification('replayed');
          return { kind: 'replayed', process: first };
        }
        switch (outcome.kind) {
          case 'unknownKey':
            throw unknownKey();
          case 'refused':
            throw refusal(outcome.license);
          case 'replay':
            metrics.deviceIdentification('replayed');
            return { kind: 'replayed', process: outcome.process };
          case 'recorded':
            metrics.deviceIdentification(outcome.process.postpaid ? 'postpaid' : 'prepaid');
            return { kind: 'recorded', process: outcome.process };
          case 'noCredit':
            throw new ApiError(402, SERVER_MESSAGES.noPrepaidCredit, codes.noPrepaidCredit);
          case 'unknownOperator':
            throw new ApiError(400, SERVER_MESSAGES.unknownOperator, codes.unknownOperator);
          case 'lostRace':
            log.info({ attempt }, 'package ran out while waiting, trying again');
        }
      }
      return { kind: 'contended' };
    },

    /** Gives a process of the caller's PC back to its package, within CANCEL_WINDOW_MINUTES; a second cancel answers like the first. */
    async cancel({ key, machineId }: DeviceCaller, processId: string) {
      const now = clock();
      return db.transaction(async (tx) => {
        const repo = deviceRepository(tx);
        const license = await repo.licenseByKey(key);
        if (!license) throw unknownKey();
        // A PC the licence was moved away from (or freed from) is refused like its other calls;
        // a suspended licence still takes a cancel from its own PC (it only gives back).
        if (license.boundMachineId !== machineId) throw refusal({ ...license, suspended: false });
        const process = await repo.lockProcess(license.id, processId);
        // Only the machine that recorded a process sees it.
        if (!process || process.machineId !== machineId) throw new ApiError(404, SERVER_MESSAGES.notFound);
        const answer = (cancelledAt: Date) => ({
          id: process.id,
          status: 'Cancelled' as const,
          packageId: process.packageId,
          postpaid: process.postpaid,
          cancelledAt: cancelledAt.toISOString(),
        });
        if (process.status === 'Cancelled') return answer(process.cancelledAt ?? now);
        if (now.getTime() - process.createdAt.getTime() > CANCEL_WINDOW_MINUTES * MINUTE_MS) {
          throw new ApiError(409, SERVER_MESSAGES.cancelWindowPassed, codes.cancelWindowPassed);
        }
        await repo.cancel(process, now);
        await emitLicenseEvent(tx, queueWebhookDeliveries, license.id, {
          type: 'process.cancelled',
          processId: process.id,
          packageId: process.packageId,
          postpaid: process.postpaid,
          cancelledAt: now,
        });
        return answer(now);
      });
    },
  };
}
