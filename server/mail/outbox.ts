import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db, DbOrTx, Tx } from '../db/client';
import type { MailMessage } from './mailer';
import { sealMail } from './outbox-crypto';
import { mailOutbox } from './outbox.table';

/** Template names, as the outbox records them. */
export const MAIL_KINDS = {
  applicationConfirmation: 'application-confirmation',
  applicationRejection: 'application-rejection',
  ownerActivation: 'owner-activation',
  emailChangeConfirmation: 'email-change-confirmation',
  emailChangedNotice: 'email-changed-notice',
  employeeApproved: 'employee-approved',
  employeeRejected: 'employee-rejected',
  employeeInvitation: 'employee-invitation',
  employeeRegistered: 'employee-registered',
  eidBound: 'eid-bound',
  eidReviewOpened: 'eid-review-opened',
  eidReviewConfirmed: 'eid-review-confirmed',
  eidReviewRejected: 'eid-review-rejected',
  administratorCreated: 'administrator-created',
  reportReady: 'report-ready',
  packageLow: 'package-low',
  packageExhausted: 'package-exhausted',
  packageEnding: 'package-ending',
  registrationAttempt: 'registration-attempt',
  secondFactorReset: 'second-factor-reset',
  passwordReset: 'password-reset',
  webhookEndpointDisabled: 'webhook-endpoint-disabled',
  statementIssued: 'statement-issued',
  dataExportReady: 'data-export-ready',
} as const;
export type MailKind = (typeof MAIL_KINDS)[keyof typeof MAIL_KINDS];

export interface OutboxMail {
  kind: MailKind;
  /** What the mail is about (an application or user id). */
  reference: string;
  message: MailMessage;
}

/** Queues a mail in the transaction it was handed with (see MailOutbox.transaction). */
export type QueueMail = (mail: OutboxMail) => Promise<string>;

export interface MailOutbox {
  /**
   * Runs `work` in one transaction of `db` and hands it `queueMail`: every mail it queues is
   * written into the outbox in that transaction, so the mail exists exactly when the change that
   * causes it commits. After the commit the mails wait for `flush` (the server calls it once the
   * answer is sent, so the user does not wait for the dispatch; at the latest after
   * DISPATCH_DELAY_MS); what a crash keeps from being dispatched, the sweep dispatches
   * (server/jobs/mail-dispatch.job.ts). A relay outage only delays a mail: delivery retries.
   */
  transaction<T>(db: Db, work: (tx: Tx, queueMail: QueueMail) => Promise<T>): Promise<T>;
  /**
   * Only writes the mail (sealed) in `tx`, without the dispatch after the commit: the state a crash
   * between commit and dispatch leaves, which the sweep picks up. `transaction` is the way to send.
   */
  write(tx: DbOrTx, mail: OutboxMail): Promise<string>;
  /** Marks the still-queued mails of this kind and reference as superseded: they never go out. */
  supersede(tx: Tx, kind: MailKind, reference: string): Promise<number>;
  /**
   * Withdraws every still-queued mail about these references (a deleted person's id, a deleted
   * company's invitations): they never go out, and their sealed content is dropped now.
   */
  withdraw(tx: Tx, references: readonly string[]): Promise<number>;
  /**
   * Hands written, undispatched mails to the delivery job: those of `ids`, or (without ids) every
   * one. Claiming a mail and queueing its job is one transaction, so each mail gets exactly one
   * delivery job, also when the dispatch after a commit and sweeps of several processes meet.
   */
  dispatch(ids?: readonly string[]): Promise<number>;
  /** Dispatches the mails committed since the last flush (not awaited; see drain). */
  flush(): void;
  /** Dispatches what is waiting and waits for every dispatch under way (before the database closes). */
  drain(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    mailOutbox: MailOutbox;
  }
}

/**
 * Queues one delivery per claimed mail, in the claiming transaction `tx`. The job queue provides it
 * (server/jobs/runtime.ts: the mail-delivery job); the outbox takes it as a parameter so that mail
 * does not import the jobs that import mail.
 */
export type QueueDeliveries = (outboxIds: readonly string[], tx: Tx) => Promise<void>;

/** Committed mails are dispatched at the latest this long after the commit (no answer flushed them). */
export const DISPATCH_DELAY_MS = 100;

export function createMailOutbox(
  db: Db,
  outboxKey: Buffer,
  queueDeliveries: QueueDeliveries,
  log: FastifyBaseLogger,
): MailOutbox {
  const running = new Set<Promise<unknown>>();
  let waiting: string[] = [];
  let timer: NodeJS.Timeout | undefined;

  function flush() {
    clearTimeout(timer);
    timer = undefined;
    if (waiting.length === 0) return;
    const ids = waiting;
    waiting = [];
    const dispatching = dispatch(ids).catch((err: unknown) =>
      // Not lost: the sweep dispatches them within a minute.
      log.warn({ err, outboxIds: ids }, 'mail dispatch after commit failed; the sweep will do it'),
    );
    running.add(dispatching);
    void dispatching.finally(() => running.delete(dispatching));
  }

  async function write(tx: DbOrTx, { kind, reference, message }: OutboxMail): Promise<string> {
    const id = randomUUID();
    await tx.insert(mailOutbox).values({ id, kind, reference, sealed: sealMail(outboxKey, id, message) });
    return id;
  }

  async function dispatch(ids?: readonly string[]): Promise<number> {
    if (ids && ids.length === 0) return 0;
    return db.transaction(async (tx) => {
      const claimed = await tx
        .update(mailOutbox)
        .set({ dispatchedAt: sql`now()` })
        .where(
          and(
            ids ? inArray(mailOutbox.id, [...ids]) : undefined,
            isNull(mailOutbox.dispatchedAt),
            eq(mailOutbox.status, 'queued'),
          ),
        )
        .returning({ id: mailOutbox.id });
      await queueDeliveries(
        claimed.map((c) => c.id),
        tx,
      );
      return claimed.length;
    });
  }

  return {
    async transaction(txDb, work) {
      const ids: string[] = [];
      const result = await txDb.transaction((tx) =>
        work(tx, async (mail) => {
          const id = await write(tx, mail);
          ids.push(id);
          return id;
        }),
      );
      if (ids.length) {
        waiting.push(...ids);
        timer ??= setTimeout(flush, DISPATCH_DELAY_MS);
      }
      return result;
    },

    write,

    async supersede(tx, kind, reference) {
      const rows = await tx
        .update(mailOutbox)
        .set({ status: 'superseded', sealed: null })
        .where(and(eq(mailOutbox.kind, kind), eq(mailOutbox.reference, reference), eq(mailOutbox.status, 'queued')))
        .returning({ id: mailOutbox.id });
      return rows.length;
    },

    async withdraw(tx, references) {
      if (references.length === 0) return 0;
      const rows = await tx
        .update(mailOutbox)
        .set({ status: 'withdrawn', sealed: null })
        .where(and(inArray(mailOutbox.reference, [...references]), eq(mailOutbox.status, 'queued')))
        .returning({ id: mailOutbox.id });
      return rows.length;
    },

    dispatch,

    flush,

    async drain() {
      flush();
      await Promise.allSettled([...running]);
    },
  };
}
