import { boolean, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { systemIntegrators } from '../system-integrators/system-integrators.table';
import { WEBHOOK_DELIVERY_STATUSES } from '../../../src/domain/webhooks';

/**
 * A system integrator's webhook endpoints (issue 26, part 4): where Lumio sends the integrator's
 * events, signed with the endpoint's secret (Standard Webhooks). The secret is kept as it was
 * handed out, because every delivery is signed with it (HMAC-SHA256); it leaves the server once,
 * in the answer that created the endpoint, and never reaches a log or the audit trail.
 */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    systemIntegratorId: uuid('system_integrator_id')
      .notNull()
      .references(() => systemIntegrators.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    /** Event types (src/domain/webhooks.ts WEBHOOK_EVENT_TYPES), each once. */
    events: text('events').array().notNull(),
    active: boolean('active').notNull().default(true),
    /** `whsec_` + base64 of 24 random bytes. */
    secret: text('secret').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** Since when every delivery attempt failed (null: the last one succeeded, or none was made). */
    failingSince: timestamp('failing_since', { withTimezone: true }),
    /** When the portal switched it off after three days of failures (null: never, or reactivated since). */
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
  },
  // The list's order within one integrator: newest first, the id keeping pages stable.
  (t) => [index('webhook_endpoints_integrator_created_id').on(t.systemIntegratorId, t.createdAt, t.id)],
);
export type WebhookEndpointRow = typeof webhookEndpoints.$inferSelect;

/**
 * One event sent (or to be sent) to one endpoint. `message_id` is the Standard Webhooks
 * `webhook-id`: a redelivery is a new row with the same message id and payload, so a receiver can
 * drop what it has already processed. The receiver's answer body is not kept (it could be
 * anything); its status and the time it took are. Only the newest 100 per endpoint are kept.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    endpointId: uuid('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    messageId: text('message_id').notNull(),
    eventType: text('event_type').notNull(),
    /** `{ type, timestamp, data }`, exactly the body that is signed and sent. */
    payload: jsonb('payload').notNull(),
    status: text('status', { enum: WEBHOOK_DELIVERY_STATUSES }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
    httpStatus: integer('http_status'),
    durationMs: integer('duration_ms'),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // The delivery log of one endpoint, newest first, and the pruning of all but its newest 100.
  (t) => [index('webhook_deliveries_endpoint_created_id').on(t.endpointId, t.createdAt, t.id)],
);
export type WebhookDeliveryRow = typeof webhookDeliveries.$inferSelect;

/**
 * What the embedded mode's own receiver (/dev/webhooks, dev-receiver.ts) got: in the database
 * rather than in memory, so that every process of a try-out sees the same list. Only the newest
 * DEV_RECEIPTS_KEPT are kept. Embedded mode only; production never writes here.
 */
export const devWebhookReceipts = pgTable('dev_webhook_receipts', {
  id: uuid('id').primaryKey().defaultRandom(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  messageId: text('message_id'),
  eventType: text('event_type'),
  signatureValid: boolean('signature_valid').notNull(),
  body: text('body').notNull(),
});
