import { and, count, eq } from 'drizzle-orm';
import type { WebhookEndpointPayload, WebhookEventType } from '../../../src/domain/webhooks';
import type { DbOrTx } from '../../db/client';
import { planList, type PagingInput } from '../../lib/paging';
import { webhookEndpoints, type WebhookEndpointRow } from './webhooks.table';

/** An endpoint as the API and the audit trail show it: everything but the secret. */
export interface WebhookEndpoint {
  id: string;
  url: string;
  events: WebhookEventType[];
  active: boolean;
  createdAt: string;
  updatedAt: string;
  /** Since when every delivery failed; null while deliveries succeed. */
  failingSince: string | null;
  /** When the portal switched it off after three days of failures; null unless it did. */
  disabledAt: string | null;
}

const selection = {
  id: webhookEndpoints.id,
  url: webhookEndpoints.url,
  events: webhookEndpoints.events,
  active: webhookEndpoints.active,
  createdAt: webhookEndpoints.createdAt,
  updatedAt: webhookEndpoints.updatedAt,
  failingSince: webhookEndpoints.failingSince,
  disabledAt: webhookEndpoints.disabledAt,
};
type Selected = Pick<WebhookEndpointRow, keyof typeof selection>;

const shown = (row: Selected): WebhookEndpoint => ({
  ...row,
  events: row.events as WebhookEventType[],
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
  failingSince: row.failingSince?.toISOString() ?? null,
  disabledAt: row.disabledAt?.toISOString() ?? null,
});

/**
 * A system integrator's webhook endpoints. Every read and write names the integrator: another
 * integrator's endpoint is simply not found. An integrator has a handful, so the list counts
 * directly and needs no search index.
 */
export function webhookEndpointRepository(db: DbOrTx) {
  const ofIntegrator = (systemIntegratorId: string, id: string) =>
    and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.systemIntegratorId, systemIntegratorId));

  return {
    async list(systemIntegratorId: string, q: PagingInput) {
      const plan = planList(
        q,
        { createdAt: webhookEndpoints.createdAt },
        // The free-text filter looks at the address.
        [webhookEndpoints.url],
        webhookEndpoints.id,
        'createdAt desc',
        eq(webhookEndpoints.systemIntegratorId, systemIntegratorId),
      );
      const [{ total }] = await db.select({ total: count() }).from(webhookEndpoints).where(plan.where);
      const rows = await db
        .select(selection)
        .from(webhookEndpoints)
        .where(plan.where)
        .orderBy(...plan.orderBy)
        .limit(plan.limit)
        .offset(plan.offset);
      return { items: rows.map(shown), total };
    },

    async find(systemIntegratorId: string, id: string): Promise<WebhookEndpoint | undefined> {
      const [row] = await db.select(selection).from(webhookEndpoints).where(ofIntegrator(systemIntegratorId, id));
      return row && shown(row);
    },

    /** The endpoint, locked for this transaction, so a change or delete and its audit row see one state. */
    async lock(systemIntegratorId: string, id: string): Promise<WebhookEndpoint | undefined> {
      const [row] = await db
        .select(selection)
        .from(webhookEndpoints)
        .where(ofIntegrator(systemIntegratorId, id))
        .for('update');
      return row && shown(row);
    },

    async create(systemIntegratorId: string, input: WebhookEndpointPayload, secret: string): Promise<WebhookEndpoint> {
      const [row] = await db
        .insert(webhookEndpoints)
        .values({ systemIntegratorId, url: input.url, events: input.events, active: input.active ?? true, secret })
        .returning(selection);
      return shown(row!);
    },

    async update(
      systemIntegratorId: string,
      id: string,
      input: WebhookEndpointPayload,
    ): Promise<WebhookEndpoint | undefined> {
      const [row] = await db
        .update(webhookEndpoints)
        // Without `active` the endpoint stays as active or paused as it was. Switching it on again
        // starts afresh: an endpoint the portal disabled after three days of failures gets another
        // three days.
        .set({
          url: input.url,
          events: input.events,
          ...(input.active === undefined ? {} : { active: input.active }),
          ...(input.active === true ? { disabledAt: null, failingSince: null } : {}),
          updatedAt: new Date(),
        })
        .where(ofIntegrator(systemIntegratorId, id))
        .returning(selection);
      return row && shown(row);
    },

    async delete(systemIntegratorId: string, id: string): Promise<boolean> {
      const rows = await db
        .delete(webhookEndpoints)
        .where(ofIntegrator(systemIntegratorId, id))
        .returning({ id: webhookEndpoints.id });
      return rows.length === 1;
    },
  };
}
