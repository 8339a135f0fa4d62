import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { mailDeliveryJob } from '../jobs/mail-delivery.job';
import type { JobQueue } from '../jobs/queue';
import type { MailMessage } from './mailer';
import { sealMail } from './outbox-crypto';
import { mailOutbox } from './outbox.table';

/** Template names, as the outbox records them. */
export const MAIL_KINDS = {
  applicationConfirmation: 'application-confirmation',
  applicationRejection: 'application-rejection',
  ownerActivation: 'owner-activation',
} as const;
export type MailKind = (typeof MAIL_KINDS)[keyof typeof MAIL_KINDS];

export interface OutboxMail {
  kind: MailKind;
  /** What the mail is about (an application or user id). */
  reference: string;
  message: MailMessage;
}

export interface MailOutbox {
  /**
   * Writes the mail and its delivery job in the caller's transaction: the mail exists exactly
   * when the change that causes it commits, and a crash or a relay outage after the commit only
   * delays it (the job retries with growing waits). Returns the outbox id.
   */
  enqueue(tx: Tx, mail: OutboxMail): Promise<string>;
  /** Marks the still-queued mails of this kind and reference as superseded: they never go out. */
  supersede(tx: Tx, kind: MailKind, reference: string): Promise<number>;
}

declare module 'fastify' {
  interface FastifyInstance {
    mailOutbox: MailOutbox;
  }
}

export function createMailOutbox(outboxKey: Buffer, queue: Pick<JobQueue, 'send'>): MailOutbox {
  return {
    async enqueue(tx, { kind, reference, message }) {
      const id = randomUUID();
      await tx.insert(mailOutbox).values({ id, kind, reference, sealed: sealMail(outboxKey, id, message) });
      await queue.send(mailDeliveryJob, { outboxId: id }, tx);
      return id;
    },

    async supersede(tx, kind, reference) {
      const rows = await tx
        .update(mailOutbox)
        .set({ status: 'superseded', sealed: null })
        .where(and(eq(mailOutbox.kind, kind), eq(mailOutbox.reference, reference), eq(mailOutbox.status, 'queued')))
        .returning({ id: mailOutbox.id });
      return rows.length;
    },
  };
}
