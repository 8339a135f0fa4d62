import nodemailer from 'nodemailer';
import type { Mailer } from './mailer';

export interface MailTransportOptions {
  /** smtp(s):// URL of the relay; without it, `catcherPort` must be given. */
  smtpUrl?: string;
  /** Port of the embedded mail catcher on 127.0.0.1 (server/mail/catcher.ts). */
  catcherPort?: number;
  from: string;
}

/*
 * Bounded waits, so that one send always ends well within the delivery job's lease
 * (server/jobs/mail-delivery.job.ts); nodemailer's defaults wait up to 10 minutes on a socket.
 */
const TIMEOUTS = { connectionTimeout: 15_000, greetingTimeout: 15_000, socketTimeout: 60_000 };

/** nodemailer over SMTP: to the configured relay, or to the embedded catcher. */
export function createMailTransport({ smtpUrl, catcherPort, from }: MailTransportOptions): Mailer {
  if (!smtpUrl && catcherPort === undefined) throw new Error('a mail transport needs SMTP_URL or the mail catcher');
  const defaults = { from };
  const transport = smtpUrl
    ? nodemailer.createTransport({ url: smtpUrl, ...TIMEOUTS }, defaults)
    : // Pooled: smtp-server delays every new connection by 100 ms, a pool pays that once.
      nodemailer.createTransport(
        { host: '127.0.0.1', port: catcherPort, secure: false, ignoreTLS: true, pool: true, ...TIMEOUTS },
        defaults,
      );
  return {
    async send(message) {
      const info = await transport.sendMail({
        to: message.to,
        subject: message.subject,
        html: message.html,
        text: message.text,
      });
      return { messageId: info.messageId };
    },
    close: () => transport.close(),
  };
}
