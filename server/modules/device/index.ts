import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { DEVICE_ERROR_CODES, LICENSE_AUTH_SCHEME, parseLicenseAuthorization } from '../../../src/domain/deviceApi';
import { SERVER_MESSAGES } from '../../../src/domain/errorCatalogue';
import { CANCEL_WINDOW_MINUTES, FORCED_REBIND_LIMIT, FORCED_REBIND_WINDOW_DAYS } from '../../../src/domain/licenses';
import { namedStatementRunner } from '../../db/named-statements';
import { ApiError, TRANSPORT_MESSAGES } from '../../errors';
import { metrics } from '../../metrics/registry';
import {
  activationBody,
  activationResult,
  cancelResult,
  cancelWindowPassedResponse,
  contendedResponse,
  deviceErrorResponses,
  deviceHeaders,
  identificationBadRequestResponse,
  identificationBody,
  identificationResult,
  licenseValidation,
  MACHINE_ID_HEADER,
  noCreditResponse,
  operatorsResult,
  otherMachineResponse,
  processNotFoundResponse,
  processParams,
  suspendedResponse,
} from './device.schemas';
import { deviceService, type DeviceCaller } from './device.service';
import { isUnknownKeyError, unknownKeyLimit } from './unknown-key-limit';
import { API_TAG } from '../../lib/api-tags';

export interface DeviceModuleOptions {
  /** The time the device API goes by: today's packages, rebind window, cancel window (server/app.ts). */
  clock: () => Date;
}

const tags = [API_TAG.device];
const security = [{ licenseKey: [] }];
/** Authenticated by the licence key, no cookie, no anti-forgery token (server/plugins/auth.ts, csrf.ts). */
const config = { device: true } as const;

const codes = DEVICE_ERROR_CODES;

/** The licence key and PC of a request the module's hooks let through. */
function callerOf(request: FastifyRequest): DeviceCaller {
  const auth = parseLicenseAuthorization(request.headers.authorization);
  if (auth.kind !== 'key') throw new ApiError(400, SERVER_MESSAGES.invalidLicenseKey, codes.invalidLicenseKey);
  return { key: auth.key, machineId: request.headers[MACHINE_ID_HEADER] as string };
}

/**
 * The device API of the studio software (ARCHITECTURE.md, docs/device-api.md): activation,
 * validation, the people who may identify, recording and cancelling identification processes; the rules are in device.service.ts.
 * Every call carries `Authorization: License <key>` and `X-Machine-Id`; the module's own hooks limit
 * the rate per licence (all its calls together) and refuse a missing (401) or malformed (400) key
 * before anything else is read. Nothing a refused call sends changes anything.
 */
export async function deviceModule(app: FastifyInstance, opts: DeviceModuleOptions) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const device = deviceService({ db: app.db, clock: opts.clock, queueWebhookDeliveries: app.queueWebhookDeliveries });
  const unknownKeys = unknownKeyLimit({
    run: namedStatementRunner(app.db),
    maxPerHour: app.config.rateLimitDeviceUnknownKeysPerHour,
    boundMachineIdOf: device.boundMachineIdOf,
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
      const { fresh, ...activation } = await device.activate(callerOf(request), request.body?.force === true);
      return reply.code(fresh ? 201 : 200).send(activation);
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
    async (request) => device.validate(callerOf(request)),
  );

  api.get(
    '/api/device/operators',
    {
      config,
      schema: {
        tags,
        security,
        operationId: 'listDeviceOperators',
        summary: 'Personen, die mit dieser Lizenz Identifizierungen durchführen dürfen',
        description:
          'Die Personen der Firma der Lizenz (Inhaber*in, Konto-Administrator*innen, Mitarbeitende), die freigegeben ' +
          'sind, ihren Ausweis verknüpft haben und nicht gesperrt sind: nur id, Vor- und Nachname. Nur vom ' +
          "gebundenen Gerät einer nicht ausgesetzten Lizenz (sonst 403 'License suspended' bzw. 409 wie beim " +
          'Erfassen). Die id geht als operatorId an POST /api/device/identification-process.',
        headers: deviceHeaders,
        response: {
          200: operatorsResult,
          ...deviceErrorResponses,
          403: suspendedResponse,
          409: otherMachineResponse,
        },
      },
    },
    async (request) => device.operators(callerOf(request)),
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
          'Antwort (200 statt 201, gleicher Inhalt) und verbraucht nichts erneut. operatorId (optional) nennt die ' +
          "Person am Gerät, eine id aus GET /api/device/operators; jede andere: 400 UNKNOWN_OPERATOR 'Unknown " +
          "operator', nichts wird verbraucht.",
        headers: deviceHeaders,
        body: identificationBody,
        response: {
          200: identificationResult,
          201: identificationResult,
          ...deviceErrorResponses,
          400: identificationBadRequestResponse,
          402: noCreditResponse,
          403: suspendedResponse,
          409: otherMachineResponse,
          503: contendedResponse,
        },
      },
    },
    async (request, reply) => {
      const outcome = await device.recordIdentification(callerOf(request), request.body, request.log);
      if (outcome.kind === 'contended') {
        reply.header('retry-after', '1');
        throw new ApiError(503, TRANSPORT_MESSAGES.tooManyRequests, codes.consumptionContended);
      }
      return reply.code(outcome.kind === 'recorded' ? 201 : 200).send(outcome.process);
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
          404: processNotFoundResponse,
          409: cancelWindowPassedResponse,
        },
      },
    },
    async (request) => device.cancel(callerOf(request), request.params.id),
  );
}
