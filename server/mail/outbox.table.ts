import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * queued: waiting for (another) delivery attempt; sent: the relay accepted it; failed: given up
 * after the last retry (or unreadable); superseded: replaced by a newer mail of the same kind and
 * reference before it went out (a re-sent activation mail), so it is never sent; withdrawn: its
 * recipient was deleted before it went out (a person, a company's people), so it is never sent.
 */
export const MAIL_STATUSES = ['queued', 'sent', 'failed', 'superseded', 'withdrawn'] as const;
export type MailStatus = (typeof MAIL_STATUSES)[number];

/**
 * The mail outbox: every mail the portal sends is a row here, written in the same transaction as
 * the change that causes it, and delivered by the mail-delivery job. The rendered mail (recipient,
 * links, personal data) is stored sealed (AES-256-GCM) and dropped once the relay accepted it;
 * what stays is the delivery record.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Which template: 'owner-activation', 'application-confirmation', ... */
    kind: text('kind').notNull(),
    /** What the mail is about (an application or user id), to find or supersede it. */
    reference: text('reference'),
    /** base64 of IV, tag and ciphertext of the JSON mail; null once sent. */
    sealed: text('sealed'),
    status: text('status').$type<MailStatus>().notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    /** The last attempt's failure as an error code or SMTP status, never with personal data. */
    lastError: text('last_error'),
    /** The relay's message id, to find the mail in the relay's log. */
    messageId: text('message_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** When its delivery job was queued (right after the commit, or by the sweep). */
    dispatchedAt: timestamp('dispatched_at', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    index('mail_outbox_reference_idx').on(t.kind, t.reference),
    // The sweep looks only for mails whose dispatch a crash prevented: few, if any.
    index('mail_outbox_undispatched_idx')
      .on(t.createdAt)
      .where(sql`${t.dispatchedAt} is null`),
  ],
);
export type MailOutboxRow = typeof mailOutbox.$inferSelect;
