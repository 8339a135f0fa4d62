import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { startMailCatcher, type MailCatcher } from './catcher';
import { registerDevMailRoutes } from './dev-routes';
import type { Mailer } from './mailer';
import { createMailTransport } from './transport';

export type { MailMessage, Mailer } from './mailer';
export type { CaughtMail, MailCatcher } from './catcher';
export { composeMail, renderMail, type MailContent, type RenderedMail } from './layout';

declare module 'fastify' {
  interface FastifyInstance {
    /** Embedded mode without SMTP_URL only: the in-process SMTP server that keeps every mail. */
    mailCatcher: MailCatcher | undefined;
    /** The SMTP transport; only the mail delivery job sends, everything else uses app.mailOutbox. */
    mailer: Mailer;
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
    const mailer = createMailTransport({ smtpUrl: config.smtpUrl, catcherPort: catcher?.port, from: config.mailFrom });

    app.decorate('mailer', mailer);
    app.decorate('mailCatcher', catcher);
    app.addHook('onClose', async () => {
      mailer.close();
      await catcher?.close();
    });

    if (config.devRoutes && catcher) registerDevMailRoutes(app, catcher);
  },
  { name: 'mail' },
);
