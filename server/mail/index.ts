import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import nodemailer from 'nodemailer';
import { startMailCatcher, type MailCatcher } from './catcher';
import { registerDevMailRoutes } from './dev-routes';
import type { Mailer } from './mailer';

export type { MailMessage, Mailer } from './mailer';
export type { CaughtMail, MailCatcher } from './catcher';
export { composeMail, renderMail, type MailContent, type RenderedMail } from './layout';

declare module 'fastify' {
  interface FastifyInstance {
    /** Embedded mode without SMTP_URL only: the in-process SMTP server that keeps every mail. */
    mailCatcher: MailCatcher | undefined;
  }
}

/**
 * Mail: decorates `app.mailer` (nodemailer over SMTP). With SMTP_URL the mails go to that relay.
 * The embedded mode without SMTP_URL starts an in-process SMTP catcher and sends to it over a
 * pooled SMTP connection, so the same SMTP path runs in development and tests; the caught mails
 * are shown at /dev/mail. Those routes exist only then, and never with NODE_ENV=production, even
 * with EMBEDDED=true (config.devRoutes): they show every mail, set-password links included.
 */
export const mailPlugin = fp(
  async (app: FastifyInstance) => {
    const { config } = app;
    const catcher = config.embedded && !config.smtpUrl ? await startMailCatcher() : undefined;
    // loadConfig already requires SMTP_URL without embedded mode; nodemailer would otherwise
    // quietly try localhost:587.
    if (!catcher && !config.smtpUrl) throw new Error('SMTP_URL is required without embedded mode');
    const defaults = { from: config.mailFrom };
    const transport = catcher
      ? // Pooled: smtp-server delays every new connection by 100 ms, a pool pays that once.
        nodemailer.createTransport(
          { host: '127.0.0.1', port: catcher.port, secure: false, ignoreTLS: true, pool: true },
          defaults,
        )
      : nodemailer.createTransport(config.smtpUrl!, defaults);
    const log = app.log.child({ module: 'mail' });

    const mailer: Mailer = {
      async send(message) {
        try {
          const info = await transport.sendMail({
            to: message.to,
            subject: message.subject,
            html: message.html,
            text: message.text,
          });
          // The recipient is personal data; the message id finds the mail in the relay's log.
          log.info({ messageId: info.messageId }, 'mail sent');
        } catch (err) {
          log.error({ err }, 'mail could not be sent');
          throw err;
        }
      },
    };

    app.decorate('mailer', mailer);
    app.decorate('mailCatcher', catcher);
    app.addHook('onClose', async () => {
      transport.close();
      await catcher?.close();
    });

    if (config.devRoutes && catcher) registerDevMailRoutes(app, catcher);
  },
  { name: 'mail' },
);
