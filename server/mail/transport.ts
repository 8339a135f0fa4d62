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
  // Pooled: a few connections kept open and reused for many mails, instead of a TCP (and TLS)
  // handshake and the relay's greeting delay for every one (smtp-server, the embedded catcher,
  // waits 100 ms per new connection). The delivery job sends up to 5 mails at once.
  const transport = smtpUrl
    ? nodemailer.createTransport({ url: smtpUrl, pool: true, maxConnections: 5, ...TIMEOUTS }, defaults)
    : nodemailer.createTransport(
        {
          host: '127.0.0.1',
          port: catcherPort,
          secure: false,
          ignoreTLS: true,
          pool: true,
          maxConnections: 5,
          ...TIMEOUTS,
        },
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
