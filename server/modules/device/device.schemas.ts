import { z } from 'zod';
import {
  DEVICE_LICENSE_STATES,
  LICENSE_VALIDATION_TEXTS,
  MACHINE_ID_PATTERN,
  machineIdSchema,
} from '../../../src/domain/licenses';
import { DEVICE_ERROR_CODES } from '../../../src/domain/deviceApi';
import { SERVER_MESSAGES } from '../../../src/domain/errorCatalogue';
import { errorBodySchema } from '../../lib/responses';

/**
 * Schemas of the device API (docs/device-api.md). The examples show up in the OpenAPI document
 * (/api/docs), which integrators build their studio software against.
 */

/** As Fastify hands it over: header names in lower case. */
export const MACHINE_ID_HEADER = 'x-machine-id';

const EXAMPLE_MACHINE = 'STUDIO-PC-01';
const EXAMPLE_PROCESS = '6f1c2d3e-4b5a-4c6d-8e7f-9a0b1c2d3e4f';
const EXAMPLE_PACKAGE = '0b7e3f52-1c9d-4e8a-9f6b-2d4c5a6e7f80';
const EXAMPLE_OPERATOR = '9c8b7a6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d';

/**
 * Every call names the device: X-Machine-Id, 1-128 of [A-Za-z0-9._:-] (ARCHITECTURE.md). The
 * licence key travels in `Authorization: License <key>` (the `licenseKey` security scheme of
 * server/plugins/docs.ts), checked before this schema by the module's hook.
 */
export const deviceHeaders = z.looseObject({
  [MACHINE_ID_HEADER]: z
    .string({ error: LICENSE_VALIDATION_TEXTS.machineIdInvalid })
    .regex(MACHINE_ID_PATTERN, LICENSE_VALIDATION_TEXTS.machineIdInvalid)
    .describe('Kennung des Geräts, auf dem die Studio-Software läuft (1–128 Zeichen aus A–Z, a–z, 0–9 und . _ : -)')
    .meta({ example: EXAMPLE_MACHINE }),
});

export const activationBody = z
  .strictObject({
    force: z
      .boolean()
      .optional()
      .describe('Die Lizenz von einem anderen Gerät auf dieses übertragen (höchstens 3-mal in 30 Tagen)'),
  })
  .meta({
    id: 'DeviceActivationRequest',
    description: 'Lizenz an dieses Gerät binden, auf Wunsch von einem anderen übertragen',
    example: { force: false },
  });

export const activationResult = z
  .object({
    machineId: machineIdSchema,
    // device.service.ts sends toISOString().
    boundAt: z.iso.datetime().describe('Zeitpunkt der Bindung an dieses Gerät (ISO 8601)'),
    forced: z.boolean().describe('Diese Aktivierung hat ein anderes Gerät abgelöst'),
    forcedRebindsLeft: z
      .number()
      .int()
      .describe('Erzwungene Übertragungen, die im laufenden Zeitfenster noch möglich sind'),
  })
  .meta({
    id: 'DeviceActivation',
    description: 'Die Bindung der Lizenz an dieses Gerät',
    example: { machineId: EXAMPLE_MACHINE, boundAt: '2026-11-27T09:30:00.000Z', forced: false, forcedRebindsLeft: 3 },
  });

const packageSummary = z.object({
  id: z.uuid(),
  // device.statements.ts reads the date columns as ::text, YYYY-MM-DD.
  startDate: z.iso.date().describe('Erster Tag (JJJJ-MM-TT, Kalendertag in Deutschland)'),
  endDate: z.iso.date().describe('Letzter Tag (JJJJ-MM-TT), einschließlich'),
  remainingAmount: z.number().int(),
  suspended: z.boolean(),
});

export const licenseValidation = z
  .object({
    state: z.enum(DEVICE_LICENSE_STATES),
    remainingAmount: z.number().int().describe('Summe der verbleibenden Vorgänge aller heute gültigen Pakete'),
    postpaidAllowed: z.boolean(),
    packages: z.array(packageSummary).describe('Laufende und künftige Pakete in Verbrauchsreihenfolge'),
  })
  .meta({
    id: 'DeviceLicenseValidation',
    description: 'Zustand der Lizenz für das Gerät: gültig oder gesperrt, verbleibende Vorgänge, Pakete',
    example: {
      state: 'VALID',
      remainingAmount: 95,
      postpaidAllowed: false,
      packages: [
        {
          id: EXAMPLE_PACKAGE,
          startDate: '2026-11-01',
          endDate: '2027-10-31',
          remainingAmount: 95,
          suspended: false,
        },
      ],
    },
  });

export const identificationBody = z
  .strictObject({
    idempotencyKey: z
      .uuid()
      .describe('Vom Gerät je Vorgang erzeugte UUID; eine Wiederholung mit derselben UUID verbraucht nichts erneut'),
    operatorId: z
      .uuid({ error: 'Ungültige Personen-ID.' })
      .optional()
      .describe(
        'Wer den Vorgang durchführt: eine id aus GET /api/device/operators. Ohne Angabe wird der Vorgang ohne Person erfasst.',
      ),
  })
  .meta({
    id: 'IdentificationProcessRequest',
    description:
      'Einen Identifizierungsvorgang verbuchen, mit dem Idempotenzschlüssel des Geräts und der Person am Gerät',
    example: { idempotencyKey: '3d5f7a9b-1c2e-4f60-8a1b-2c3d4e5f6a7b', operatorId: EXAMPLE_OPERATOR },
  });

export const deviceOperator = z
  .object({
    id: z.uuid().describe('Die id, die POST /api/device/identification-process als operatorId annimmt'),
    firstName: z.string(),
    lastName: z.string(),
  })
  .meta({
    id: 'DeviceOperator',
    description: 'Eine Person, die mit dieser Lizenz Identifizierungen durchführen darf (nur Name und id)',
  });

export const operatorsResult = z
  .object({
    items: z.array(deviceOperator).describe('Nach Nachname, Vorname sortiert'),
  })
  .meta({
    id: 'DeviceOperators',
    description:
      'Die Personen der Firma der Lizenz, die Identifizierungen durchführen dürfen: freigegeben, Ausweis verknüpft, nicht gesperrt',
    example: { items: [{ id: EXAMPLE_OPERATOR, firstName: 'Maria', lastName: 'Mitarbeit' }] },
  });

export const identificationResult = z
  .object({
    id: z.uuid(),
    packageId: z.uuid().nullable().describe('Das Paket, aus dem der Vorgang genommen wurde; null bei Nachberechnung'),
    postpaid: z.boolean(),
    remainingAmount: z.number().int().describe('Verbleibende Vorgänge der Lizenz direkt nach diesem Vorgang'),
  })
  .meta({
    id: 'IdentificationProcess',
    description: 'Der verbuchte Identifizierungsvorgang: Paket oder Nachberechnung, Restmenge',
    example: { id: EXAMPLE_PROCESS, packageId: EXAMPLE_PACKAGE, postpaid: false, remainingAmount: 94 },
  });

export const processParams = z.object({
  id: z.uuid({ error: 'Ungültige Vorgangs-ID.' }).describe('Die id aus POST /api/device/identification-process'),
});

export const cancelResult = z
  .object({
    id: z.uuid(),
    status: z.literal('Cancelled'),
    packageId: z.uuid().nullable(),
    postpaid: z.boolean(),
    // device.service.ts sends toISOString().
    cancelledAt: z.iso.datetime().describe('Zeitpunkt der (ersten) Stornierung (ISO 8601)'),
  })
  .meta({
    id: 'CancelledIdentificationProcess',
    description: 'Der stornierte Identifizierungsvorgang und wann er storniert wurde',
    example: {
      id: EXAMPLE_PROCESS,
      status: 'Cancelled',
      packageId: EXAMPLE_PACKAGE,
      postpaid: false,
      cancelledAt: '2026-11-27T09:41:00.000Z',
    },
  });

/** An error body with an example of the device API's own refusals. */
const EXAMPLE_TRACE = '1f0e2d3c-4b5a-4978-8695-a4b3c2d1e0f9';
const deviceError = (status: number, errorCode: string, message: string) =>
  errorBodySchema.meta({
    examples: [{ errorCode, messages: [message], traceId: EXAMPLE_TRACE, status }],
  });

/** Every call: key format, missing scheme, unknown key, rate limit. */
export const deviceErrorResponses = {
  400: deviceError(400, 'INVALID_LICENSE_KEY', 'Invalid license key'),
  401: deviceError(401, 'UNAUTHORIZED', 'Unauthorized'),
  404: deviceError(404, 'LICENSE_KEY_UNKNOWN', 'License key unknown'),
  429: deviceError(429, 'TOO_MANY_REQUESTS', 'Too many requests'),
} as const;

/** Recording a process: a malformed key, or an operatorId that names nobody who may identify on this licence. */
export const identificationBadRequestResponse = errorBodySchema.meta({
  examples: [
    { errorCode: 'INVALID_LICENSE_KEY', messages: ['Invalid license key'], traceId: EXAMPLE_TRACE, status: 400 },
    {
      errorCode: DEVICE_ERROR_CODES.unknownOperator,
      messages: [SERVER_MESSAGES.unknownOperator],
      traceId: EXAMPLE_TRACE,
      status: 400,
    },
  ],
});

export const suspendedResponse = deviceError(403, 'LICENSE_SUSPENDED', 'License suspended');
export const otherMachineResponse = deviceError(409, 'OTHER_MACHINE', 'License key already in use');
export const noCreditResponse = deviceError(402, 'NO_PREPAID_CREDIT', 'No prepaid credit');
export const contendedResponse = deviceError(503, 'CONSUMPTION_CONTENDED', 'Too many requests');
/** Cancel: a process of another licence or another PC is not found. */
export const processNotFoundResponse = deviceError(404, 'NOT_FOUND', 'Not found');
export const cancelWindowPassedResponse = deviceError(
  409,
  DEVICE_ERROR_CODES.cancelWindowPassed,
  SERVER_MESSAGES.cancelWindowPassed,
);
