import { boolean, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { systemIntegrators } from '../system-integrators/system-integrators.table';

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
  },
  // The list's order within one integrator: newest first, the id keeping pages stable.
  (t) => [index('webhook_endpoints_integrator_created_id').on(t.systemIntegratorId, t.createdAt, t.id)],
);
export type WebhookEndpointRow = typeof webhookEndpoints.$inferSelect;
