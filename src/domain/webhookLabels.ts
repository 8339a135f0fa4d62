/*
 * The webhook screens' German names and the endpoint's state: the rule half of src/domain/webhooks.ts
 * without zod, so the list page does not download the schema library for a label (page weight,
 * bench/README.md). src/domain/webhooks.ts re-exports all of it and checks that every event has a
 * name (it imports nothing from there: no import circle).
 */

/** The portal's German name of each event, and of the test event, in the order of WEBHOOK_EVENT_TYPES. */
export const WEBHOOK_EVENT_LABELS = {
  'license.activated': 'Lizenz aktiviert',
  'license.rebound': 'Lizenz an anderes Gerät gebunden',
  'license.suspended': 'Lizenz gesperrt',
  'license.reinstated': 'Lizenz wieder freigegeben',
  'package.created': 'Paket angelegt',
  'package.increased': 'Paket aufgestockt',
  'package.low': 'Paket unter der Hinweisschwelle',
  'package.exhausted': 'Paket aufgebraucht',
  'package.expiring': 'Paket läuft bald ab',
  'package.expired': 'Paket abgelaufen',
  'process.cancelled': 'Vorgang storniert',
  'webhook.test': 'Testereignis',
} as const satisfies Record<string, string>;

/** An event type's German name; one the portal does not know yet (a newer server) shows as it is. */
export const webhookEventLabel = (type: string): string =>
  (WEBHOOK_EVENT_LABELS as Record<string, string>)[type] ?? type;

/** Whether an endpoint receives events: 'active', paused by its integrator, or switched off after failing for 3 days. */
export type WebhookEndpointState = 'active' | 'paused' | 'disabled';

/**
 * An endpoint the delivery disabled (`disabledAt`) counts as disabled whatever `active` says; the
 * integrator switches it on again by saving it active.
 */
export function webhookEndpointState(endpoint: { active: boolean; disabledAt?: string | null }): WebhookEndpointState {
  if (endpoint.disabledAt) return 'disabled';
  return endpoint.active ? 'active' : 'paused';
}
