/** What every part of the server needs to send an e-mail; nodemailer over SMTP implements it. */
export interface MailMessage {
  to: string;
  subject: string;
  /** Both parts are German; the HTML part carries the same links as the text part. */
  html: string;
  text: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
  }
}
