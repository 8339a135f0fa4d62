import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type Provider from 'oidc-provider';
import { errors, type Interaction } from 'oidc-provider';
import { z } from 'zod';
import { hasControlCharacters } from '../../src/domain/validation';
import type { AppConfig } from '../config';
import type { Db } from '../db/client';
import { checkLogin, findUserById, type LoginResult } from './accounts';
import { UPDATE_PASSWORD, UPDATE_PASSWORD_PROMPT, type KcActionResult } from './kc-action';
import { MESSAGES, renderLoginPage, renderMessagePage } from './login-page';
import { submitUpdatePassword } from './update-password';
import { renderUpdatePasswordPage } from './update-password-page';

export interface InteractionRouteOptions {
  provider: Provider;
  config: AppConfig;
  db: Db;
  basePath: string;
  origins: string[];
  /** Footer line, computed per page (it carries the year). */
  footer: () => string;
}

const loginForm = z.object({
  // A control character cannot be in any account's name; refused like a wrong login, before the database.
  username: z
    .string()
    .max(320)
    .refine((name) => !hasControlCharacters(name))
    .default(''),
  password: z.string().max(1024).default(''),
});

type UidRequest = FastifyRequest<{ Params: { uid: string } }>;

/**
 * The login step of oidc-provider's interactions, at Keycloak's `login-actions` path, and the
 * password page of the application-initiated action UPDATE_PASSWORD. The interaction cookie (set
 * by the provider for exactly this path) ties each form to the authorization request, so a forged
 * cross-site post finds no interaction.
 */
export function registerInteractionRoutes(app: FastifyInstance, opts: InteractionRouteOptions): void {
  const { provider, config, db, basePath, origins } = opts;
  const { footer } = opts;
  const path = `${basePath}/login-actions/authenticate/:uid`;
  const actionFor = (uid: string) => `${basePath}/login-actions/authenticate/${encodeURIComponent(uid)}`;

  function sendHtml(reply: FastifyReply, html: string, status = 200) {
    return reply
      .code(status)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('x-frame-options', 'DENY')
      .header('referrer-policy', 'no-referrer')
      .header(
        'content-security-policy',
        `default-src 'none'; style-src 'unsafe-inline'; form-action 'self' ${origins.join(' ')}; ` +
          "frame-ancestors 'none'; base-uri 'none'",
      )
      .send(html);
  }

  function sendExpired(reply: FastifyReply) {
    const text =
      'Die Anmeldung ist abgelaufen oder wurde bereits abgeschlossen. Bitte kehren Sie zum Portal zurück und melden Sie sich erneut an.';
    return sendHtml(
      reply,
      renderMessagePage({ title: 'Anmeldung abgelaufen', text, homeUrl: config.publicUrl, footer: footer() }),
      400,
    );
  }

  async function interactionOf(request: UidRequest, reply: FastifyReply): Promise<Interaction | undefined> {
    try {
      const interaction = await provider.interactionDetails(request.raw, reply.raw);
      return interaction.uid === request.params.uid ? interaction : undefined;
    } catch (err) {
      if (err instanceof errors.SessionNotFound) return undefined;
      throw err;
    }
  }

  /** Any prompt but login is consent, which a first-party client is given without asking. */
  async function grantConsent(interaction: Interaction): Promise<string> {
    const { details } = interaction.prompt;
    const accountId = interaction.session!.accountId;
    const clientId = String(interaction.params.client_id);
    const existing = interaction.grantId ? await provider.Grant.find(interaction.grantId) : undefined;
    const grant = existing ?? new provider.Grant({ accountId, clientId });
    const scopes = details.missingOIDCScope as string[] | undefined;
    if (scopes) grant.addOIDCScope(scopes.join(' '));
    const claims = details.missingOIDCClaims as string[] | undefined;
    if (claims) grant.addOIDCClaims(claims);
    const resourceScopes = (details.missingResourceScopes ?? {}) as Record<string, string[]>;
    for (const [indicator, list] of Object.entries(resourceScopes)) grant.addResourceScope(indicator, list.join(' '));
    return grant.save();
  }

  const routeOptions = { schema: { hide: true } };

  // The rate limit answers before the body is read; the user gets the form back, in German.
  app.setErrorHandler((error: { statusCode?: number }, request: UidRequest, reply) => {
    if (error.statusCode !== 429 || !request.params?.uid) throw error;
    request.log.info('login form rate limited');
    const html = renderLoginPage({
      action: actionFor(request.params.uid),
      error: MESSAGES.tooManyAttempts,
      footer: footer(),
    });
    return sendHtml(reply, html, 429);
  });

  /** The password page of kc_action=UPDATE_PASSWORD (kc-action.ts): shown, and answered. */
  async function showUpdatePassword(reply: FastifyReply, interaction: Interaction) {
    const user = await findUserById(db, interaction.session?.accountId ?? '');
    if (!user) return sendExpired(reply);
    const page = renderUpdatePasswordPage({ action: actionFor(interaction.uid), email: user.email, footer: footer() });
    return sendHtml(reply, page);
  }

  async function answerUpdatePassword(request: UidRequest, reply: FastifyReply, interaction: Interaction) {
    const outcome = await submitUpdatePassword(db, {
      accountId: interaction.session?.accountId ?? '',
      sessionUid: interaction.session?.uid ?? '',
      clientId: String(interaction.params.client_id ?? ''),
      body: request.body,
      address: request.ip,
      now: new Date(),
    });
    if (outcome.kind === 'accountGone') return sendExpired(reply);
    if (outcome.kind === 'form') {
      request.log.info('password change refused');
      const page = renderUpdatePasswordPage({
        action: actionFor(interaction.uid),
        email: outcome.email,
        errors: outcome.errors,
        footer: footer(),
      });
      return sendHtml(reply, page, 400);
    }
    request.log.info({ userId: interaction.session?.accountId, status: outcome.status }, 'password change ended');
    const result: KcActionResult = { kcAction: { action: UPDATE_PASSWORD, status: outcome.status } };
    const returnTo = await provider.interactionResult(request.raw, reply.raw, { ...result });
    return reply.redirect(returnTo, 303);
  }

  app.get(path, routeOptions, async (request: UidRequest, reply) => {
    const interaction = await interactionOf(request, reply);
    if (!interaction) return sendExpired(reply);
    if (interaction.prompt.name === UPDATE_PASSWORD_PROMPT) return showUpdatePassword(reply, interaction);
    if (interaction.prompt.name === 'login') {
      const hint = typeof interaction.params.login_hint === 'string' ? interaction.params.login_hint : '';
      return sendHtml(reply, renderLoginPage({ action: actionFor(interaction.uid), username: hint, footer: footer() }));
    }
    const grantId = await grantConsent(interaction);
    const returnTo = await provider.interactionResult(request.raw, reply.raw, { consent: { grantId } });
    return reply.redirect(returnTo, 303);
  });

  app.post(
    path,
    {
      ...routeOptions,
      // A coarse per-replica flood limit; the login throttle (login-throttle.ts) guards accounts
      // and addresses across replicas.
      config: { rateLimit: { max: config.rateLimitPublicPerMinute, timeWindow: '1 minute' } },
    },
    async (request: UidRequest, reply) => {
      const interaction = await interactionOf(request, reply);
      if (interaction?.prompt.name === UPDATE_PASSWORD_PROMPT) return answerUpdatePassword(request, reply, interaction);
      if (!interaction || interaction.prompt.name !== 'login') return sendExpired(reply);
      const form = loginForm.safeParse(request.body ?? {});
      const username = form.success ? form.data.username : '';
      // An empty field cannot be right; like Keycloak, it is refused without counting as a failed
      // attempt. Whether a field is empty says nothing about the account, so this early answer
      // reveals nothing. Every other refusal (unknown address, wrong password, a running wait) is
      // one answer: the same page, message and status after the same work (checkLogin).
      // `new Date()` per request, so tests move time with a faked Date instead of sleeping.
      const result =
        form.success && username.trim() !== '' && form.data.password !== ''
          ? await checkLogin(db, { email: username, password: form.data.password, address: request.ip }, new Date())
          : ({ ok: false, throttled: false } satisfies LoginResult);
      if (!result.ok) {
        request.log.info({ throttled: result.throttled, disabled: result.disabled }, 'login refused');
        return sendHtml(
          reply,
          renderLoginPage({
            action: actionFor(interaction.uid),
            username,
            error: result.disabled ? MESSAGES.accountDisabled : MESSAGES.invalidCredentials,
            footer: footer(),
          }),
        );
      }
      request.log.info({ userId: result.userId }, 'login succeeded');
      const returnTo = await provider.interactionResult(
        request.raw,
        reply.raw,
        { login: { accountId: result.userId } },
        { mergeWithLastSubmission: false },
      );
      return reply.redirect(returnTo, 303);
    },
  );
}
