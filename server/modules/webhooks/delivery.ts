import { and, eq, isNull, sql } from 'drizzle-orm';
import { todayInGermany } from '../../../src/domain/dates';
import { nextWebhookAttempt, webhookEndpointToDisable } from '../../../src/domain/webhooks';
import type { Tx } from '../../db/client';
import type { JobContext } from '../../jobs/job';
import { MAIL_KINDS, type QueueMail } from '../../mail/outbox';
import { recordAudit } from '../audit/audit';
import { webhookEndpointDisabledMail } from '../../mail/templates/webhook-endpoint-disabled';
import { metrics } from '../../metrics/registry';
import { packageNoticeRepository } from '../package-notices/package-notices.repository';
import { webhookDeliveryRepository, type DeliveryToSend } from './deliveries.repository';
import { sendSigned } from './send';
import { webhookEndpoints } from './webhooks.table';

export type WebhookDeliveryDeps = Pick<JobContext, 'db' | 'config' | 'log' | 'outbox' | 'queueWebhookDeliveries'>;

const isSuccess = (status: number | null) => status !== null && status >= 200 && status < 300;

/**
 * One attempt of one delivery (the webhook-delivery job): signs and POSTs the payload, then, in one
 * transaction, records the attempt, queues the next one after the wait the domain names
 * (src/domain/webhooks.ts) or gives the delivery up three days after its first attempt, and keeps
 * the endpoint's health: a success clears `failing_since`, a failure sets it if unset, and an
 * endpoint failing for three days is switched off and its integrator's admins are mailed. Nothing
 * is held open while the receiver is called (on PGlite a transaction would stop the whole
 * portal, its own /dev/webhooks receiver included); a second job for the same attempt records
 * nothing (attempt numbers are compared), so at worst a receiver gets a message twice, which its
 * `webhook-id` lets it recognise.
 */
export async function deliverWebhook(deps: WebhookDeliveryDeps, deliveryId: string, now = new Date()): Promise<void> {
  const delivery = await webhookDeliveryRepository(deps.db).toSend(deliveryId);
  // Pruned, delivered or given up meanwhile: nothing to do.
  if (!delivery || delivery.status !== 'pending') return;
  // A paused or switched-off endpoint gets no more retries; a first attempt still goes out, as
  // the test event and a redelivery are asked for explicitly (and an event emitted a moment
  // before the pause is harmless to send).
  if (!delivery.active && delivery.attempts > 0) {
    await webhookDeliveryRepository(deps.db).abandon(deliveryId);
    metrics.webhookDelivery(delivery.payload.type, 'abandoned');
    return;
  }
  const outcome = await sendSigned(
    {
      url: delivery.url,
      secret: delivery.secret,
      messageId: delivery.messageId,
      // In the specification's order (jsonb keeps keys in its own order).
      body: JSON.stringify({
        type: delivery.payload.type,
        timestamp: delivery.payload.timestamp,
        data: delivery.payload.data,
      }),
      at: now,
    },
    { publicOnly: deps.config.webhookPublicTargetsOnly },
  );
  const delivered = isSuccess(outcome.httpStatus);
  const attempts = delivery.attempts + 1;
  const next = delivered ? undefined : nextWebhookAttempt(attempts, delivery.createdAt, now);
  const status = delivered ? 'delivered' : next ? 'pending' : 'failed';
  // Never the secret, the signature or the receiver's answer: the outcome in figures.
  deps.log.info(
    {
      deliveryId,
      endpointId: delivery.endpointId,
      eventType: delivery.payload.type,
      attempt: attempts,
      httpStatus: outcome.httpStatus,
      durationMs: outcome.durationMs,
      problem: outcome.problem,
      status,
    },
    'webhook delivery attempt',
  );

  await deps.outbox.transaction(deps.db, async (tx, queueMail) => {
    const repo = webhookDeliveryRepository(tx);
    const recorded = await repo.recordAttempt(deliveryId, delivery.attempts, {
      at: now,
      httpStatus: outcome.httpStatus,
      durationMs: outcome.durationMs,
      status,
      nextAttemptAt: next ?? null,
    });
    if (!recorded) return;
    if (next) await deps.queueWebhookDeliveries([deliveryId], tx, next);
    await keepEndpointHealth(deps, tx, queueMail, delivery, delivered, now);
    await repo.prune([delivery.endpointId]);
  });
  metrics.webhookDelivery(delivery.payload.type, delivered ? 'delivered' : next ? 'retry' : 'failed');
}

async function keepEndpointHealth(
  deps: WebhookDeliveryDeps,
  tx: Tx,
  queueMail: QueueMail,
  delivery: DeliveryToSend,
  delivered: boolean,
  now: Date,
): Promise<void> {
  const endpoint = eq(webhookEndpoints.id, delivery.endpointId);
  if (delivered) {
    await tx.update(webhookEndpoints).set({ failingSince: null }).where(endpoint);
    return;
  }
  const [row] = await tx
    .update(webhookEndpoints)
    .set({ failingSince: sql`coalesce(${webhookEndpoints.failingSince}, ${now.toISOString()}::timestamptz)` })
    .where(endpoint)
    .returning({ failingSince: webhookEndpoints.failingSince, active: webhookEndpoints.active });
  if (!row?.active || !row.failingSince || !webhookEndpointToDisable(row.failingSince, now)) return;

  // Only the transaction that switches it off mails (the condition on active makes it one).
  const disabled = await tx
    .update(webhookEndpoints)
    .set({ active: false, disabledAt: now, updatedAt: now })
    .where(and(endpoint, eq(webhookEndpoints.active, true), isNull(webhookEndpoints.disabledAt)))
    .returning({ url: webhookEndpoints.url, events: webhookEndpoints.events });
  if (disabled.length === 0) return;
  // The portal itself switched it off (no actor): the audit log shows it as Lumio's own change.
  const audited = { url: disabled[0].url, events: disabled[0].events, systemIntegratorId: delivery.systemIntegratorId };
  await recordAudit(tx, null, {
    action: 'webhook-endpoint.updated',
    entityType: 'webhook-endpoint',
    entityId: delivery.endpointId,
    before: { ...audited, active: true },
    after: { ...audited, active: false },
  });
  deps.log.warn(
    { endpointId: delivery.endpointId, failingSince: row.failingSince.toISOString() },
    'webhook endpoint disabled after three days of failed deliveries',
  );
  const admins = await packageNoticeRepository(tx).integratorAdmins(delivery.systemIntegratorId);
  for (const admin of admins) {
    await queueMail({
      kind: MAIL_KINDS.webhookEndpointDisabled,
      reference: delivery.endpointId,
      message: webhookEndpointDisabledMail(
        {
          ...admin,
          to: admin.email,
          url: delivery.url,
          failingSince: todayInGermany(row.failingSince),
          portalUrl: deps.config.publicUrl,
        },
        deps.config.brandOwner,
      ),
    });
  }
}
