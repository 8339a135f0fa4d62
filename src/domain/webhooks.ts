import { z } from 'zod';
import { hasControlCharacters } from './validation';
import { WEBHOOK_EVENT_LABELS } from './webhookLabels';

/**
 * A system integrator's webhook endpoints (issue 26, part 4; ARCHITECTURE.md "Integrators'
 * contract"): the events Lumio signs and sends (Standard Webhooks), and the rules the portal's
 * dialog and the API apply alike. The messages are German because the server sends them back
 * unchanged in a VALIDATION_FAILED body.
 */
export const WEBHOOK_EVENT_TYPES = [
  'license.activated',
  'license.rebound',
  'license.suspended',
  'license.reinstated',
  'package.created',
  'package.increased',
  'package.low',
  'package.exhausted',
  'package.expiring',
  'package.expired',
  'process.cancelled',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];
/** Their German names, and each endpoint's state, in a file without zod for the list page. */
export {
  WEBHOOK_EVENT_LABELS,
  webhookEndpointState,
  webhookEventLabel,
  type WebhookEndpointState,
} from './webhookLabels';

/** Long enough for any real receiver's address with a query; longer is a mistake or an attack. */
export const WEBHOOK_URL_MAX_LENGTH = 2000;

/** Standard Webhooks: the secret's prefix; the rest is the key in base64. */
export const WEBHOOK_SECRET_PREFIX = 'whsec_';

export const WEBHOOK_VALIDATION_TEXTS = {
  urlRequired: 'Bitte geben Sie die Adresse des Empfängers ein.',
  urlInvalid:
    'Bitte geben Sie eine vollständige Adresse ein, die mit https:// beginnt, z. B. https://erp.example.de/lumio.',
  urlTooLong: `Die Adresse darf höchstens ${WEBHOOK_URL_MAX_LENGTH} Zeichen lang sein.`,
  urlWithCredentials: 'Die Adresse darf keinen Benutzernamen und kein Passwort enthalten.',
  eventsRequired: 'Bitte wählen Sie mindestens ein Ereignis aus.',
  eventUnknown: 'Unbekanntes Ereignis.',
  eventsTwice: 'Jedes Ereignis nur einmal auswählen.',
} as const;

const texts = WEBHOOK_VALIDATION_TEXTS;

/**
 * Where events go: an absolute http(s) address without user info. Production takes https only
 * (`requiresHttps`, checked by the server, which knows whether it runs with TLS: embedded mode
 * allows http, so that `npm start`'s receiver under /dev/webhooks works); private and loopback
 * targets are the server's check too (SSRF).
 */
export const webhookUrlSchema = z
  .string({ error: texts.urlRequired })
  .trim()
  .min(1, texts.urlRequired)
  .max(WEBHOOK_URL_MAX_LENGTH, texts.urlTooLong)
  .refine((value) => !hasControlCharacters(value), { message: texts.urlInvalid, abort: true })
  .refine((value) => parsedUrl(value) !== undefined, { message: texts.urlInvalid, abort: true })
  .refine((value) => {
    const url = parsedUrl(value);
    return !url?.username && !url?.password;
  }, texts.urlWithCredentials);

function parsedUrl(value: string): URL | undefined {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return undefined;
  }
  return ['https:', 'http:'].includes(url.protocol) && url.hostname !== '' ? url : undefined;
}

/** Production sends events over TLS only: a plain http address is refused there. */
export const requiresHttps = (url: string, { allowHttp }: { allowHttp: boolean }) =>
  !allowHttp && new URL(url).protocol !== 'https:';

export const webhookEventsSchema = z
  .array(z.enum(WEBHOOK_EVENT_TYPES, { error: texts.eventUnknown }), { error: texts.eventsRequired })
  .min(1, texts.eventsRequired)
  .refine((events) => new Set(events).size === events.length, texts.eventsTwice);

/** POST …/webhook-endpoint {url, events} and PUT …/{endpointId} {url, events, active}. */
export const webhookEndpointPayloadSchema = z
  .strictObject({
    url: webhookUrlSchema,
    events: webhookEventsSchema,
    active: z.boolean().optional(),
  })
  .meta({
    id: 'WebhookEndpointPayload',
    description: 'Adresse, Ereignisse und (beim Ändern) ob der Empfänger aktiv ist',
  });
export type WebhookEndpointPayload = z.infer<typeof webhookEndpointPayloadSchema>;

/**
 * The event 'Testereignis senden' sends: to one endpoint, whatever it subscribed to. Not in the
 * selectable list (WEBHOOK_EVENT_TYPES), as nothing in the portal causes it.
 */
export const WEBHOOK_TEST_EVENT_TYPE = 'webhook.test';
export type WebhookDeliveredType = WebhookEventType | typeof WEBHOOK_TEST_EVENT_TYPE;

/** A delivery's body, the same for every event: `data` is the event's own (docs/integrators.md). */
export interface WebhookPayload<Data = Record<string, unknown>> {
  type: WebhookDeliveredType;
  /** When the event happened (ISO 8601). */
  timestamp: string;
  data: Data;
}

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

/**
 * Waits after the 1st, 2nd, … failed attempt of one delivery: quick for a receiver that blinked,
 * then growing, as Standard Webhooks' reference schedule does. The ninth attempt comes 51.6 hours
 * after the first; the last wait is cut short so that the tenth and last comes exactly three days
 * after the first (nextWebhookAttempt).
 */
export const WEBHOOK_RETRY_DELAYS_MS = [
  5 * SECOND,
  5 * MINUTE,
  30 * MINUTE,
  2 * HOUR,
  5 * HOUR,
  10 * HOUR,
  14 * HOUR,
  20 * HOUR,
  24 * HOUR,
] as const;

/** A delivery is given up this long after its first attempt; an endpoint failing this long is disabled. */
export const WEBHOOK_GIVE_UP_MS = 3 * 24 * HOUR;

/** Receivers answer within this, or the attempt counts as failed. */
export const WEBHOOK_TIMEOUT_MS = 10 * SECOND;

/** Deliveries kept per endpoint (the delivery log shows them); older ones are deleted. */
export const WEBHOOK_DELIVERIES_KEPT = 100;

/**
 * When to try a failed delivery again, after `attempts` attempts (the one just failed counted),
 * the first of which was at `firstAttemptAt`: after the attempt's wait, but no later than three
 * days after the first; undefined when it is given up (three days are over, or no wait is left).
 */
export function nextWebhookAttempt(attempts: number, firstAttemptAt: Date, now: Date): Date | undefined {
  const wait = WEBHOOK_RETRY_DELAYS_MS[attempts - 1];
  const deadline = firstAttemptAt.getTime() + WEBHOOK_GIVE_UP_MS;
  if (wait === undefined || now.getTime() >= deadline) return undefined;
  return new Date(Math.min(now.getTime() + wait, deadline));
}

/** Whether an endpoint that has failed since `failingSince` is to be switched off now. */
export const webhookEndpointToDisable = (failingSince: Date, now: Date) =>
  now.getTime() - failingSince.getTime() >= WEBHOOK_GIVE_UP_MS;

/** An endpoint as GET …/webhook-endpoint lists it (never its secret). */
export interface WebhookEndpoint {
  id: string;
  url: string;
  events: WebhookEventType[];
  active: boolean;
  createdAt: string;
  updatedAt: string;
  /** Since when deliveries fail, while they do (delivery backend); absent from older servers. */
  failingSince?: string | null;
  /** When the delivery switched the endpoint off after 3 days of failures. */
  disabledAt?: string | null;
}

/** POST …/webhook-endpoint's answer: the only time the secret is shown. */
export interface CreatedWebhookEndpoint {
  id: string;
  secret: string;
  endpoint: WebhookEndpoint;
}

/** A delivery waits for its next attempt, reached its receiver, or was given up. */
export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

/** One delivery of an event to an endpoint (GET …/{endpointId}/delivery). */
export interface WebhookDelivery {
  id: string;
  messageId: string;
  eventType: string;
  createdAt: string;
  status: WebhookDeliveryStatus;
  attempts: number;
  lastAttemptAt: string | null;
  httpStatus: number | null;
  durationMs: number | null;
  nextAttemptAt: string | null;
}

// Every event the server sends has a German name (a compile error names the one missing).
WEBHOOK_EVENT_LABELS satisfies Record<WebhookDeliveredType, string>;
