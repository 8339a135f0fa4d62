import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppConfig } from '../config';
import type { JobQueue } from '../jobs/queue';
import { passwordResetMailJob } from '../jobs/password-reset-mail.job';
import { renderIdpPage, sendIdpPage } from './login-page';

/** German texts of the 'Passwort vergessen?' pages; the tests read them from here. */
export const FORGOT_PASSWORD_TEXTS = {
  link: 'Passwort vergessen?',
  title: 'Passwort vergessen',
  intro:
    'Geben Sie die E-Mail-Adresse Ihres Lumio-Kontos ein. Wir senden Ihnen einen Link, mit dem Sie ein neues Passwort festlegen.',
  email: 'E-Mail-Adresse',
  submit: 'Link senden',
  back: 'Zurück zur Anmeldung',
  emptyEmail: 'Bitte geben Sie Ihre E-Mail-Adresse ein.',
  sentTitle: 'E-Mail unterwegs',
  // The same answer for every address: whether it has an account is not revealed.
  sent: 'Wenn zu dieser E-Mail-Adresse ein Lumio-Konto gehört, haben wir einen Link zum Festlegen eines neuen Passworts dorthin gesendet. Bitte prüfen Sie Ihr Postfach.',
  tooManyTitle: 'Zu viele Versuche',
  tooMany: 'Zu viele Versuche. Bitte warten Sie eine Minute und versuchen Sie es dann erneut.',
  forbiddenTitle: 'Anfrage abgelehnt',
  forbidden: 'Die Anfrage kam nicht von dieser Seite. Bitte öffnen Sie die Seite erneut.',
} as const;
const T = FORGOT_PASSWORD_TEXTS;

/** The page's path below the realm: Keycloak's name for its own flow. */
export const forgotPasswordPath = (basePath: string) => `${basePath}/login-actions/reset-credentials`;

export interface ForgotPasswordRouteOptions {
  config: AppConfig;
  jobs: JobQueue;
  basePath: string;
  footer: () => string;
}

const form = z.object({ username: z.string().max(320).default('') });

/**
 * 'Passwort vergessen?' of the embedded identity provider, as Keycloak's reset credentials: a page
 * asking for the address, then the same answer whatever was typed (non-enumeration), in the same
 * time: the page only queues the password-reset-mail job (server/idp/password-reset-mail.ts), which
 * for an active account mails a one-time link (one hour) to the set-password page. Setting the
 * password there signs nobody in, so whoever has a second factor is still asked for its code at
 * the next login. Throttled like the login: per client address by the shared rate limit store, per
 * account by at most one mail a minute.
 */
export function registerForgotPasswordRoutes(app: FastifyInstance, opts: ForgotPasswordRouteOptions): void {
  const { config, jobs, basePath, footer } = opts;
  const path = forgotPasswordPath(basePath);
  const ownOrigin = new URL(config.publicUrl).origin;
  // A guarded page of the portal starts the login again (and returns there after it).
  const loginUrl = `${config.publicUrl}/dashboard`;
  const routeOptions = {
    schema: { hide: true },
    config: { rateLimit: { max: config.rateLimitPublicPerMinute, timeWindow: '1 minute' } },
  };

  const sendHtml = (reply: FastifyReply, html: string, status = 200) => sendIdpPage(reply, html, status);
  const formPage = (email = '', error?: string) =>
    renderIdpPage('forgot-password', { title: T.title, footer: footer(), action: path, email, error, loginUrl, t: T });
  const messagePage = (title: string, text: string) =>
    renderIdpPage('forgot-password-sent', { title, text, footer: footer(), loginUrl, t: T });

  app.setErrorHandler((error: { statusCode?: number }, request: FastifyRequest, reply) => {
    if (error.statusCode !== 429) throw error;
    request.log.info('forgot-password page rate limited');
    return sendHtml(reply, messagePage(T.tooManyTitle, T.tooMany), 429);
  });

  app.get(path, routeOptions, async (_request, reply) => sendHtml(reply, formPage()));

  app.post(path, routeOptions, async (request, reply) => {
    const origin = request.headers.origin;
    if (origin !== undefined && origin !== ownOrigin) {
      request.log.info({ origin }, 'forgot-password post from another origin refused');
      return sendHtml(reply, messagePage(T.forbiddenTitle, T.forbidden), 403);
    }
    const parsed = form.safeParse(request.body ?? {});
    const email = parsed.success ? parsed.data.username.trim() : '';
    if (!email) return sendHtml(reply, formPage('', T.emptyEmail), 400);
    await jobs.send(passwordResetMailJob, { email, requestedAt: new Date().toISOString() });
    return sendHtml(reply, messagePage(T.sentTitle, T.sent));
  });
}
