import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { todayInGermany } from '../../../src/domain/dates';
import {
  DEVICE_ERROR_CODES,
  deviceLicenseState,
  LICENSE_AUTH_SCHEME,
  parseLicenseAuthorization,
  usableRemaining,
} from '../../../src/domain/deviceApi';
import { SERVER_MESSAGES } from '../../../src/domain/errorCatalogue';
import { CANCEL_WINDOW_MINUTES, FORCED_REBIND_LIMIT, FORCED_REBIND_WINDOW_DAYS } from '../../../src/domain/licenses';
import { namedStatementRunner } from '../../db/named-statements';
import { ApiError, TRANSPORT_MESSAGES } from '../../errors';
import { sqlStateOf, UNIQUE_VIOLATION } from '../../lib/pg-errors';
import { errorBodySchema } from '../../lib/responses';
import { metrics } from '../../metrics/registry';
import { deviceRepository, type DeviceLicense } from './device.repository';
import { deviceStatements } from './device.statements';
import { bindingMachine, requireMachineFree } from '../licenses/machine-binding';
import {
  activationBody,
  activationResult,
  cancelResult,
  contendedResponse,
  deviceErrorResponses,
  deviceHeaders,
  identificationBody,
  identificationResult,
  licenseValidation,
  MACHINE_ID_HEADER,
  noCreditResponse,
  otherMachineResponse,
  processParams,
  suspendedResponse,
} from './device.schemas';
import { isUnknownKeyError, unknownKeyLimit } from './unknown-key-limit';

export interface DeviceModuleOptions {
  /** The time the device API goes by: today's packages, rebind window, cancel window (server/app.ts). */
  clock: () => Date;
}

const tags = ['Geräte-API'];
const security = [{ licenseKey: [] }];
/** Authenticated by the licence key, no cookie, no anti-forgery token (server/plugins/auth.ts, csrf.ts). */
const config = { device: true } as const;

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

/** The licence key of a request the module's hook let through. */
function licenseKeyOf(request: FastifyRequest): string {
  const auth = parseLicenseAuthorization(request.headers.authorization);
  if (auth.kind !== 'key') throw new ApiError(400, SERVER_MESSAGES.invalidLicenseKey, codes.invalidLicenseKey);
  return auth.key;
}

function machineIdOf(request: FastifyRequest): string {
  return request.headers[MACHINE_ID_HEADER] as string;
}

/**
 * The device API of the studio software (ARCHITECTURE.md, docs/device-api.md): activation,
 * validation, recording and cancelling identification processes. Every call carries
 * `Authorization: License <key>` and `X-Machine-Id`; the module's own hooks limit the rate per
 * licence (all four calls together) and refuse a missing (401) or malformed (400) key before
 * anything else is read. Nothing a refused call sends changes anything.
 */
export async function deviceModule(app: FastifyInstance, opts: DeviceModuleOptions) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { clock } = opts;
  const repo = () => deviceRepository(app.db);
  const statements = deviceStatements(app.db);
  const germanDay = germanDayOf();
  const unknownKeys = unknownKeyLimit({
    run: namedStatementRunner(app.db),
    maxPerHour: app.config.rateLimitDeviceUnknownKeysPerHour,
    boundMachineIdOf: async (key) => (await repo().licenseByKey(key))?.boundMachineId,
  });

  api.addHook(
    'onRequest',
    app.rateLimit({
      groupId: 'device-license',
      max: app.config.rateLimitDevicePerMinute,
      timeWindow: '1 minute',
      // Per licence; a call without a usable key counts against its address instead.
      keyGenerator: (request) => {
        const auth = parseLicenseAuthorization(request.headers.authorization);
        return auth.kind === 'key' ? `license:${auth.key}` : `address:${request.ip}`;
      },
    }),
  );
  // Every refused call, by its error code (rate limit, key, machine, credit, validation).
  api.addHook('onResponse', async (_request, reply) => {
    if (reply.errorCode) metrics.deviceRefusal(reply.errorCode);
  });
  api.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    const auth = parseLicenseAuthorization(request.headers.authorization);
    if (auth.kind === 'missing') {
      reply.header('www-authenticate', LICENSE_AUTH_SCHEME);
      throw new ApiError(401, SERVER_MESSAGES.unauthorized);
    }
    if (auth.kind === 'malformed') {
      throw new ApiError(400, SERVER_MESSAGES.invalidLicenseKey, codes.invalidLicenseKey);
    }
    await unknownKeys.check(request, reply, auth.key, request.headers[MACHINE_ID_HEADER]);
  });
  // Every 'License key unknown' counts against the caller's address (unknown-key-limit.ts); what
  // this handler throws goes on to the app's error handler, which writes the body.
  app.setErrorHandler(async (error, request, reply) => {
    if (isUnknownKeyError(error)) await unknownKeys.count(request, reply);
    throw error;
  });

  api.post(
    '/api/device/activation',
    {
      config,
      schema: {
        tags,
        security,
        operationId: 'activateDevice',
        summary: 'Lizenz an dieses Gerät binden (Aktivierung; mit force von einem anderen Gerät übertragen)',
        description:
          `Bindet die Lizenz an das Gerät aus X-Machine-Id. 201: neu gebunden, 200: war schon an dieses Gerät gebunden. ` +
          `An ein anderes Gerät gebunden: 409 'License key already in use', außer mit force (höchstens ` +
          `${FORCED_REBIND_LIMIT}-mal in ${FORCED_REBIND_WINDOW_DAYS} Tagen, danach 409 'Forced rebind limit reached'). ` +
          `Hält eine andere Lizenz desselben System-Integrators dieses Gerät: 409 MACHINE_BOUND_TO_OTHER_LICENSE, auch mit force.`,
        headers: deviceHeaders,
        body: activationBody,
        response: {
          200: activationResult,
          201: activationResult,
          ...deviceErrorResponses,
          403: suspendedResponse,
          409: otherMachineResponse,
        },
      },
    },
    async (request, reply) => {
      const key = licenseKeyOf(request);
      const machineId = machineIdOf(request);
      const force = request.body?.force === true;
      const now = clock();
      const windowStart = new Date(now.getTime() - FORCED_REBIND_WINDOW_DAYS * DAY_MS);
      const answer = await bindingMachine(() =>
        app.db.transaction(async (tx) => {
          const txRepo = deviceRepository(tx);
          const license = await txRepo.lockLicense(key);
          if (!license) throw unknownKey();
          if (license.suspended) throw suspended();
          if (license.boundMachineId === machineId) {
            const used = await txRepo.forcedRebindsSince(license.id, windowStart);
            return {
              status: 200 as const,
              body: {
                machineId,
                boundAt: (license.boundAt ?? now).toISOString(),
                forced: false,
                forcedRebindsLeft: Math.max(0, FORCED_REBIND_LIMIT - used),
              },
            };
          }
          const replacing = license.boundMachineId;
          let used = 0;
          if (replacing !== null) {
            if (!force) throw otherMachine();
            used = await txRepo.forcedRebindsSince(license.id, windowStart);
            if (used >= FORCED_REBIND_LIMIT) {
              throw new ApiError(409, SERVER_MESSAGES.forcedRebindLimitReached, codes.forcedRebindLimitReached);
            }
            used += 1;
          } else {
            used = await txRepo.forcedRebindsSince(license.id, windowStart);
          }
          await requireMachineFree(tx, {
            licenseId: license.id,
            systemIntegratorId: license.systemIntegratorId,
            machineId,
          });
          await txRepo.bind(license.id, machineId, replacing, replacing !== null, now);
          return {
            status: 201 as const,
            body: {
              machineId,
              boundAt: now.toISOString(),
              forced: replacing !== null,
              forcedRebindsLeft: Math.max(0, FORCED_REBIND_LIMIT - used),
            },
          };
        }),
      );
      return reply.code(answer.status).send(answer.body);
    },
  );

  api.get(
    '/api/device/license',
    {
      config,
      schema: {
        tags,
        security,
        operationId: 'validateDeviceLicense',
        summary: 'Lizenz prüfen: Zustand für dieses Gerät, verbleibende Vorgänge und Pakete',
        description:
          'Zustand (erste Regel gewinnt): SUSPENDED (Lizenz ausgesetzt), NOT_BOUND (an kein Gerät gebunden), ' +
          'OTHER_MACHINE (an ein anderes Gerät gebunden), NO_CREDIT (kein heute gültiges Paket mit Vorgängen und ' +
          'keine Nachberechnung), sonst VALID.',
        headers: deviceHeaders,
        response: { 200: licenseValidation, ...deviceErrorResponses },
      },
    },
    async (request) => {
      const key = licenseKeyOf(request);
      const today = germanDay(clock());
      const found = await statements.licenseWithPackages(key, today);
      if (!found) throw unknownKey();
      const { license, packages } = found;
      const remainingAmount = usableRemaining(packages, today);
      return {
        state: deviceLicenseState(license, machineIdOf(request), remainingAmount),
        remainingAmount,
        postpaidAllowed: license.postpaidAllowed,
        packages,
      };
    },
  );

  api.post(
    '/api/device/identification-process',
    {
      config,
      schema: {
        tags,
        security,
        operationId: 'recordIdentificationProcess',
        summary: 'Identifizierungsvorgang erfassen: verbraucht einen Vorgang aus dem Paket, das zuerst endet',
        description:
          'Nur vom gebundenen Gerät. Nimmt einen Vorgang aus dem heute gültigen, nicht ausgesetzten Paket mit ' +
          'Vorgängen, das zuerst endet; ohne ein solches Paket als Nachberechnung (postpaid), wenn die Lizenz sie ' +
          "erlaubt, sonst 402 'No prepaid credit'. Dieselbe idempotencyKey auf derselben Lizenz liefert die erste " +
          'Antwort (200 statt 201, gleicher Inhalt) und verbraucht nichts erneut.',
        headers: deviceHeaders,
        body: identificationBody,
        response: {
          200: identificationResult,
          201: identificationResult,
          ...deviceErrorResponses,
          402: noCreditResponse,
          403: suspendedResponse,
          409: otherMachineResponse,
          503: contendedResponse,
        },
      },
    },
    async (request, reply) => {
      const key = licenseKeyOf(request);
      const machineId = machineIdOf(request);
      const { idempotencyKey } = request.body;
      for (let attempt = 1; attempt <= CONSUME_ATTEMPTS; attempt++) {
        const now = clock();
        let outcome;
        try {
          outcome = await statements.consumeOnce({ key, machineId, idempotencyKey, today: germanDay(now), now });
        } catch (err) {
          // A concurrent request with the same key committed first; this one consumed nothing.
          if (sqlStateOf(err) !== UNIQUE_VIOLATION) throw err;
          const first = await repo().processByIdempotencyKey(key, idempotencyKey);
          if (!first) throw err;
          metrics.deviceIdentification('replayed');
          return reply.code(200).send(first);
        }
        switch (outcome.kind) {
          case 'unknownKey':
            throw unknownKey();
          case 'refused':
            throw refusal(outcome.license);
          case 'replay':
            metrics.deviceIdentification('replayed');
            return reply.code(200).send(outcome.process);
          case 'recorded':
            metrics.deviceIdentification(outcome.process.postpaid ? 'postpaid' : 'prepaid');
            return reply.code(201).send(outcome.process);
          case 'noCredit':
            throw new ApiError(402, SERVER_MESSAGES.noPrepaidCredit, codes.noPrepaidCredit);
          case 'lostRace':
            request.log.info({ attempt }, 'package ran out while waiting, trying again');
        }
      }
      reply.header('retry-after', '1');
      throw new ApiError(503, TRANSPORT_MESSAGES.tooManyRequests, codes.consumptionContended);
    },
  );

  api.post(
    '/api/device/identification-process/:id/cancel',
    {
      config,
      schema: {
        tags,
        security,
        operationId: 'cancelIdentificationProcess',
        summary: `Identifizierungsvorgang stornieren (bis ${CANCEL_WINDOW_MINUTES} Minuten nach der Erfassung)`,
        description:
          `Innerhalb von ${CANCEL_WINDOW_MINUTES} Minuten geht der Vorgang an sein Paket zurück, der Vorgang wird ` +
          "nicht berechnet. Später: 409 'Cancel window passed'. Ein zweites Storno antwortet wie das erste. " +
          "Ist die Lizenz nicht (mehr) an dieses Gerät gebunden: 409 'License key already in use' bzw. " +
          "'License not activated'. Vorgänge einer anderen Lizenz oder eines anderen Geräts: 404.",
        headers: deviceHeaders,
        params: processParams,
        response: {
          200: cancelResult,
          ...deviceErrorResponses,
          404: errorBodySchema.meta({
            examples: [
              {
                errorCode: 'NOT_FOUND',
                messages: ['Not found'],
                traceId: '1f0e2d3c-4b5a-4978-8695-a4b3c2d1e0f9',
                status: 404,
              },
            ],
          }),
          409: errorBodySchema.meta({
            examples: [
              {
                errorCode: codes.cancelWindowPassed,
                messages: [SERVER_MESSAGES.cancelWindowPassed],
                traceId: '1f0e2d3c-4b5a-4978-8695-a4b3c2d1e0f9',
                status: 409,
              },
            ],
          }),
        },
      },
    },
    async (request) => {
      const key = licenseKeyOf(request);
      const machineId = machineIdOf(request);
      const now = clock();
      return app.db.transaction(async (tx) => {
        const txRepo = deviceRepository(tx);
        const license = await txRepo.licenseByKey(key);
        if (!license) throw unknownKey();
        // A PC the licence was moved away from (or freed from) is refused like its other calls;
        // a suspended licence still takes a cancel from its own PC (it only gives back).
        if (license.boundMachineId !== machineId) throw refusal({ ...license, suspended: false });
        const process = await txRepo.lockProcess(license.id, request.params.id);
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
        await txRepo.cancel(process, now);
        return answer(now);
      });
    },
  );
}
