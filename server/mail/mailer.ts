/** What a mail is: rendered German content for one recipient. */
export interface MailMessage {
  to: string;
  subject: string;
  /** Both parts are German; the HTML part carries the same links as the text part. */
  html: string;
  text: string;
}

/**
 * The transport to the mail relay (nodemailer over SMTP). Only the outbox's delivery job uses it:
 * every other part of the server enqueues mails in its transaction (server/mail/outbox.ts).
 */
export interface Mailer {
  /** Resolves with the relay's message id once the relay accepted the mail; rejects otherwise. */
  send(message: MailMessage): Promise<{ messageId: string }>;
  close(): void;
}
