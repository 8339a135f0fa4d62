import { eq, and, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { metrics } from '../metrics/registry';
import { openMail } from './outbox-crypto';
import type { Mailer } from './mailer';
import { mailOutbox, type MailStatus } from './outbox.table';

/** What a delivery needs; the mail-delivery job hands over its job context, which has all of it. */
export interface DeliveryContext {
  db: Db;
  mailer: Mailer;
  /** Key of the outbox's sealed messages (server/mail/outbox-crypto.ts). */
  outboxKey: Buffer;
  log: FastifyBaseLogger;
}

/** What a failed attempt is recorded as: the error code and SMTP status, never the relay's text. */
export function deliveryFailureCode(err: unknown): string {
  const e = err as { code?: unknown; responseCode?: unknown } | undefined;
  const code = typeof e?.code === 'string' && /^[A-Z_]{2,32}$/.test(e.code) ? e.code : 'ERROR';
  return typeof e?.responseCode === 'number' ? `${code} ${e.responseCode}` : code;
}

/** Thrown to make the job queue retry; carries only the failure code, and is logged already. */
export class MailDeliveryError extends Error {
  readonly logged = true;
  constructor(code: string) {
    super(`mail delivery failed: ${code}`);
    this.name = 'MailDeliveryError';
  }
}

/**
 * Sends one queued mail and records the outcome. A mail that is no longer queued (sent, given up,
 * superseded by a newer one) is left alone, so a retry after a crash between the relay's answer
 * and the record sends at most one mail too many, never one too few.
 */
export async function deliverQueuedMail(
  { db, mailer, outboxKey, log }: DeliveryContext,
  outboxId: string,
  { finalAttempt, now = () => new Date() }: { finalAttempt: boolean; now?: () => Date },
): Promise<void> {
  const [row] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, outboxId)).limit(1);
  if (!row || row.status !== 'queued' || !row.sealed) return;
  const record = (status: MailStatus, lastError: string) =>
    db
      .update(mailOutbox)
      .set({ status, lastError, attempts: sql`${mailOutbox.attempts} + 1` })
      .where(and(eq(mailOutbox.id, outboxId), eq(mailOutbox.status, 'queued')));

  let message;
  try {
    message = openMail(outboxKey, row.id, row.sealed);
  } catch {
    // No retry can help: the key changed (DOCUMENT_ENCRYPTION_KEY) or the row was altered.
    await record('failed', 'UNREADABLE');
    metrics.mailDelivery(row.kind, 'unreadable');
    log.error({ outboxId, kind: row.kind }, 'queued mail cannot be opened; given up');
    return;
  }

  try {
    const { messageId } = await mailer.send(message);
    await db
      .update(mailOutbox)
      .set({
        status: 'sent',
        sealed: null,
        sentAt: now(),
        messageId,
        lastError: null,
        attempts: sql`${mailOutbox.attempts} + 1`,
      })
      .where(and(eq(mailOutbox.id, outboxId), eq(mailOutbox.status, 'queued')));
    metrics.mailDelivery(row.kind, 'sent');
    // The recipient is personal data; the message id finds the mail in the relay's log.
    log.info({ outboxId, kind: row.kind, messageId }, 'mail sent');
  } catch (err) {
    const code = deliveryFailureCode(err);
    await record(finalAttempt ? 'failed' : 'queued', code);
    metrics.mailDelivery(row.kind, finalAttempt ? 'failed' : 'retry');
    if (finalAttempt) log.error({ outboxId, kind: row.kind, code }, 'mail given up after the last retry');
    else log.warn({ outboxId, kind: row.kind, code, attempt: row.attempts + 1 }, 'mail not delivered; retried later');
    throw new MailDeliveryError(code);
  }
}
