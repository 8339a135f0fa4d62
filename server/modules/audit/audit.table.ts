import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * The audit trail (ARCHITECTURE.md "Audit trail"): one row per decision or change of
 * access-relevant state, written in the change's own transaction. Rows are never updated and
 * have no foreign keys: they outlive the user, company or studio they are about.
 */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    /** Who did it: the user's id, and e-mail and role as they were then. */
    actorId: uuid('actor_id'),
    actorEmail: text('actor_email'),
    actorRole: text('actor_role'),
    /** What happened, e.g. 'company.updated', 'store.deleted', 'application.approved'. */
    action: text('action').notNull(),
    entityType: text('entity_type').notNull(),
    entityId: uuid('entity_id').notNull(),
    /** The company the change belongs to, so the company page can show its history. */
    companyId: uuid('company_id'),
    before: jsonb('before').$type<Record<string, unknown>>(),
    after: jsonb('after').$type<Record<string, unknown>>(),
  },
  (t) => [
    index('audit_events_company_idx').on(t.companyId, t.at),
    index('audit_events_entity_idx').on(t.entityType, t.entityId, t.at),
    // The audit log (GET /api/audit) pages newest first, over every row or by actor or action.
    index('audit_events_at_idx').on(t.at),
    index('audit_events_actor_idx').on(t.actorId, t.at),
    index('audit_events_action_idx').on(t.action, t.at),
  ],
);
export type AuditEventRow = typeof auditEvents.$inferSelect;
