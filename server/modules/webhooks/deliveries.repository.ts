import { randomBytes } from 'node:crypto';
import { and, arrayContains, count, eq, inArray, sql } from 'drizzle-orm';
import {
  WEBHOOK_DELIVERIES_KEPT,
  type WebhookDeliveredType,
  type WebhookDelivery,
  type WebhookDeliveryStatus,
  type WebhookPayload,
} from '../../../src/domain/webhooks';
import type { DbOrTx } from '../../db/client';
import { planList, type PagingInput } from '../../lib/paging';
import { webhookDeliveries, webhookEndpoints, type WebhookDeliveryRow } from './webhooks.table';

/** What one attempt needs: the delivery, its endpoint's address and secret. */
export interface DeliveryToSend {
  id: string;
  endpointId: string;
  messageId: string;
  payload: WebhookPayload;
  status: WebhookDeliveryStatus;
  attempts: number;
  createdAt: Date;
  url: string;
  secret: string;
  active: boolean;
  systemIntegratorId: string;
}

/** One attempt's outcome, as recorded. */
export interface AttemptRecord {
  at: Date;
  httpStatus: number | null;
  durationMs: number;
  status: WebhookDeliveryStatus;
  nextAttemptAt: Date | null;
}

/** Standard Webhooks' message id: `msg_` and random characters, the receiver's deduplication key. */
export const newMessageId = () => `msg_${randomBytes(18).toString('base64url')}`;

const d = webhookDeliveries;
const logSelection = {
  id: d.id,
  messageId: d.messageId,
  eventType: d.eventType,
  createdAt: d.createdAt,
  status: d.status,
  attempts: d.attempts,
  lastAttemptAt: d.lastAttemptAt,
  httpStatus: d.httpStatus,
  durationMs: d.durationMs,
  nextAttemptAt: d.nextAttemptAt,
};
type LogRow = Pick<WebhookDeliveryRow, keyof typeof logSelection>;

const shown = (row: LogRow): WebhookDelivery => ({
  ...row,
  createdAt: row.createdAt.toISOString(),
  lastAttemptAt: row.lastAttemptAt?.toISOString() ?? null,
  nextAttemptAt: row.nextAttemptAt?.toISOString() ?? null,
});

/**
 * The deliveries of webhook events (issue 26, part 4). Rows are written in the transaction of the
 * change that caused the event (emit.ts), read and updated by the delivery job (delivery.ts), and
 * listed per endpoint for its integrator.
 */
export function webhookDeliveryRepository(db: DbOrTx) {
  return {
    /** The integrator's active endpoints that subscribed to this event type. */
    async receivers(systemIntegratorId: string, type: WebhookDeliveredType): Promise<string[]> {
      const rows = await db
        .select({ id: webhookEndpoints.id })
        .from(webhookEndpoints)
        .where(
          and(
            eq(webhookEndpoints.systemIntegratorId, systemIntegratorId),
            eq(webhookEndpoints.active, true),
            arrayContains(webhookEndpoints.events, [type]),
          ),
        );
      return rows.map((row) => row.id);
    },

    /** One pending delivery per endpoint, all with their own message id; returns their ids. */
    async create(endpointIds: readonly string[], payload: WebhookPayload, messageId?: string): Promise<string[]> {
      if (endpointIds.length === 0) return [];
      const rows = await db
        .insert(d)
        .values(
          endpointIds.map((endpointId) => ({
            endpointId,
            messageId: messageId ?? newMessageId(),
            eventType: payload.type,
            payload,
          })),
        )
        .returning({ id: d.id });
      return rows.map((row) => row.id);
    },

    /** The delivery with its endpoint, for one attempt. */
    async toSend(id: string): Promise<DeliveryToSend | undefined> {
      const [row] = await db
        .select({
          id: d.id,
          endpointId: d.endpointId,
          messageId: d.messageId,
          payload: d.payload,
          status: d.status,
          attempts: d.attempts,
          createdAt: d.createdAt,
          url: webhookEndpoints.url,
          secret: webhookEndpoints.secret,
          active: webhookEndpoints.active,
          systemIntegratorId: webhookEndpoints.systemIntegratorId,
        })
        .from(d)
        .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, d.endpointId))
        .where(eq(d.id, id));
      return row && { ...row, payload: row.payload as WebhookPayload };
    },

    /**
     * Records an attempt, unless another one (a duplicate job) recorded attempt number
     * `attemptsBefore + 1` already: false then, and the caller schedules nothing.
     */
    async recordAttempt(id: string, attemptsBefore: number, attempt: AttemptRecord): Promise<boolean> {
      const rows = await db
        .update(d)
        .set({
          attempts: attemptsBefore + 1,
          lastAttemptAt: attempt.at,
          httpStatus: attempt.httpStatus,
          durationMs: attempt.durationMs,
          status: attempt.status,
          nextAttemptAt: attempt.nextAttemptAt,
        })
        .where(and(eq(d.id, id), eq(d.attempts, attemptsBefore), eq(d.status, 'pending')))
        .returning({ id: d.id });
      return rows.length === 1;
    },

    /** Gives up a pending delivery without an attempt (its endpoint was paused or disabled meanwhile). */
    async abandon(id: string): Promise<void> {
      await db
        .update(d)
        .set({ status: 'failed', nextAttemptAt: null })
        .where(and(eq(d.id, id), eq(d.status, 'pending')));
    },

    /** The delivery log of an endpoint: newest first, paged. */
    async list(endpointId: string, q: PagingInput) {
      const plan = planList(
        q,
        { createdAt: d.createdAt },
        [d.eventType],
        d.id,
        'createdAt desc',
        eq(d.endpointId, endpointId),
      );
      const [{ total }] = await db.select({ total: count() }).from(d).where(plan.where);
      const rows = await db
        .select(logSelection)
        .from(d)
        .where(plan.where)
        .orderBy(...plan.orderBy)
        .limit(plan.limit)
        .offset(plan.offset);
      return { items: rows.map(shown), total };
    },

    /** The delivery of this endpoint, with what a redelivery repeats. */
    async find(endpointId: string, id: string) {
      const [row] = await db
        .select({ id: d.id, messageId: d.messageId, payload: d.payload })
        .from(d)
        .where(and(eq(d.id, id), eq(d.endpointId, endpointId)));
      return row && { ...row, payload: row.payload as WebhookPayload };
    },

    /** Deletes all but the newest WEBHOOK_DELIVERIES_KEPT deliveries of these endpoints; returns how many. */
    async prune(endpointIds: readonly string[]): Promise<number> {
      if (endpointIds.length === 0) return 0;
      const ranked = db
        .select({
          id: d.id,
          rank: sql<number>`row_number() over (partition by ${d.endpointId} order by ${d.createdAt} desc, ${d.id} desc)`.as(
            'rank',
          ),
        })
        .from(d)
        .where(inArray(d.endpointId, [...endpointIds]))
        .as('ranked');
      const rows = await db
        .delete(d)
        .where(
          inArray(
            d.id,
            db
              .select({ id: ranked.id })
              .from(ranked)
              .where(sql`${ranked.rank} > ${WEBHOOK_DELIVERIES_KEPT}`),
          ),
        )
        .returning({ id: d.id });
      return rows.length;
    },
  };
}
