import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type Provider from 'oidc-provider';
import { errors, type Interaction } from 'oidc-provider';
import QRCode from 'qrcode';
import { z } from 'zod';
import { isSecondFactorRequired } from '../../src/domain/secondFactor';
import { hasControlCharacters } from '../../src/domain/validation';
import type { AppConfig } from '../config';
import type { Db } from '../db/client';
import { checkLogin, findUserById, type LoginResult } from './accounts';
import {
  CONFIGURE_TOTP,
  CONFIGURE_TOTP_PROMPT,
  UPDATE_PASSWORD,
  UPDATE_PASSWORD_PROMPT,
  type KcActionResult,
  type KcActionStatus,
} from './kc-action';
import { forgotPasswordPath } from './forgot-password';
import { MESSAGES, renderLoginPage, renderMessagePage, sendIdpPage } from './login-page';
import { loginThrottleKeys, recordLoginAttempt } from './login-throttle';
import {
  embeddedHasSecondFactor,
  enrol,
  groupedSecret,
  matchingStep,
  newSecret,
  openSecret,
  otpauthUri,
  sealSecret,
  usableStep,
  spendStep,
} from './second-factor';
import { renderCodePage, renderEnrolPage, SECOND_FACTOR_TEXTS } from './second-factor-pages';
import { submitUpdatePassword } from './update-password';
import { renderUpdatePasswordPage } from './update-password-page';

export interface InteractionRouteOptions {
  provider: Provider;
  config: AppConfig;
  db: Db;
  /** Seals the second factor's secrets (second-factor.ts), derived from the documents' key. */
  secondFactorKey: Buffer;
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

const secondFactorForm = z.object({
  otp: z.string().max(64).default(''),
  userLabel: z.string().max(100).default(''),
  'cancel-aia': z.string().max(16).optional(),
});

/**
 * The second step of a login, kept in the interaction's own stored state (its `result`, which
 * oidc-provider saves with the interaction and replaces when the login completes): the account
 * whose password was right, and whether it is asked for a code or sets up its app. The code step
 * exists only behind the password step of the same interaction. A new secret is sealed to the
 * interaction (its uid as additional data) until its first code confirms it.
 */
interface PendingSecondFactor {
  accountId: string;
  kind: 'code' | 'enrol';
  sealedSecret?: string;
}

const PENDING_KEY = 'lumioSecondFactor';

function pendingOf(interaction: Interaction): PendingSecondFactor | undefined {
  const value = (interaction.result as Record<string, unknown> | undefined)?.[PENDING_KEY] as
    Partial<PendingSecondFactor> | undefined;
  if (!value || typeof value.accountId !== 'string') return undefined;
  if (value.kind !== 'code' && value.kind !== 'enrol') return undefined;
  return { accountId: value.accountId, kind: value.kind, sealedSecret: value.sealedSecret };
}

type UidRequest = FastifyRequest<{ Params: { uid: string } }>;

/**
 * The login step of oidc-provider's interactions, at Keycloak's `login-actions` path, and the
 * password page of the application-initiated action UPDATE_PASSWORD. The interaction cookie (set
 * by the provider for exactly this path) ties each form to the authorization request, so a forged
 * cross-site post finds no interaction.
 */
export function registerInteractionRoutes(app: FastifyInstance, opts: InteractionRouteOptions): void {
  const { provider, config, db, basePath, origins, secondFactorKey } = opts;
  const { footer } = opts;
  const path = `${basePath}/login-actions/authenticate/:uid`;
  const actionFor = (uid: string) => `${basePath}/login-actions/authenticate/${encodeURIComponent(uid)}`;
  const resetUrl = forgotPasswordPath(basePath);

  const sendHtml = (reply: FastifyReply, html: string, status = 200) =>
    sendIdpPage(reply, html, status, { referrerPolicy: 'no-referrer', formActionOrigins: origins });

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
      resetUrl,
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

  /** Stores the second step in the interaction (see PendingSecondFactor). */
  async function savePending(interaction: Interaction, pending: PendingSecondFactor) {
    interaction.result = { [PENDING_KEY]: pending };
    await interaction.persist();
  }

  async function startEnrolment(interaction: Interaction, accountId: string): Promise<PendingSecondFactor> {
    const pending: PendingSecondFactor = {
      accountId,
      kind: 'enrol',
      sealedSecret: sealSecret(secondFactorKey, `interaction:${interaction.uid}`, newSecret()),
    };
    await savePending(interaction, pending);
    return pending;
  }

  async function showSecondFactor(
    reply: FastifyReply,
    interaction: Interaction,
    pending: PendingSecondFactor,
    page: { error?: string; userLabel?: string } = {},
  ) {
    const action = actionFor(interaction.uid);
    if (pending.kind === 'code')
      return sendHtml(reply, renderCodePage({ action, error: page.error, footer: footer() }));
    const user = await findUserById(db, pending.accountId);
    if (!user || !pending.sealedSecret) return sendExpired(reply);
    const secret = openSecret(secondFactorKey, `interaction:${interaction.uid}`, pending.sealedSecret);
    const qrSvg = await QRCode.toString(otpauthUri(user.email, secret), { type: 'svg' });
    const html = renderEnrolPage({
      action,
      qrSvg,
      groupedKey: groupedSecret(secret),
      userLabel: page.userLabel,
      error: page.error,
      cancellable: interaction.prompt.name === CONFIGURE_TOTP_PROMPT,
      footer: footer(),
    });
    return sendHtml(reply, html);
  }

  /** Completes the login step (the password, and the second factor where there is one). */
  async function completeLogin(request: UidRequest, reply: FastifyReply, accountId: string) {
    request.log.info({ userId: accountId }, 'login succeeded');
    const returnTo = await provider.interactionResult(
      request.raw,
      reply.raw,
      { login: { accountId } },
      { mergeWithLastSubmission: false },
    );
    return reply.redirect(returnTo, 303);
  }

  async function finishKcAction(request: UidRequest, reply: FastifyReply, action: string, status: KcActionStatus) {
    request.log.info({ action, status }, 'account action ended');
    const result: KcActionResult = { kcAction: { action, status } };
    const returnTo = await provider.interactionResult(request.raw, reply.raw, { ...result });
    return reply.redirect(returnTo, 303);
  }

  /**
   * The submitted code page or set-up page. A wrong code counts in the login throttle like a wrong
   * password (same keys), so the second factor cannot be guessed faster than a password; while a
   * wait runs every code is refused with the throttle's message (the password was right, so this
   * says nothing an attacker did not know).
   */
  async function answerSecondFactor(
    request: UidRequest,
    reply: FastifyReply,
    interaction: Interaction,
    pending: PendingSecondFactor,
  ) {
    const user = await findUserById(db, pending.accountId);
    if (!user || user.disabledAt) return sendExpired(reply);
    const form = secondFactorForm.safeParse(request.body ?? {});
    const data = form.success ? form.data : { otp: '', userLabel: '', 'cancel-aia': undefined };
    const isAction = interaction.prompt.name === CONFIGURE_TOTP_PROMPT;
    if (isAction && data['cancel-aia'] !== undefined)
      return finishKcAction(request, reply, CONFIGURE_TOTP, 'cancelled');
    const code = data.otp.replace(/\s/g, '');
    const userLabel = data.userLabel;
    if (!form.success || code === '') {
      const error = form.success ? SECOND_FACTOR_TEXTS.missingCode : SECOND_FACTOR_TEXTS.invalidCode;
      return showSecondFactor(reply, interaction, pending, { error, userLabel });
    }
    const now = new Date();
    let ok: boolean;
    let secret: string | undefined;
    let step: number | undefined;
    if (pending.kind === 'code') {
      step = await usableStep(db, secondFactorKey, user.id, code, now);
      ok = step !== undefined;
    } else {
      secret = openSecret(secondFactorKey, `interaction:${interaction.uid}`, pending.sealedSecret ?? '');
      step = matchingStep(secret, code, now);
      ok = step !== undefined;
    }
    // The throttle decides before the code is spent: during a wait the right code stays usable.
    const { throttled } = await recordLoginAttempt(db, loginThrottleKeys(user.email, request.ip), ok, now);
    if (!throttled && ok && pending.kind === 'code') ok = await spendStep(db, user.id, step!);
    if (throttled || !ok) {
      request.log.info({ throttled }, 'second factor refused');
      const error = throttled ? MESSAGES.tooManyAttempts : SECOND_FACTOR_TEXTS.invalidCode;
      return showSecondFactor(reply, interaction, pending, { error, userLabel });
    }
    if (pending.kind === 'enrol') {
      await enrol(db, secondFactorKey, { userId: user.id, secret: secret!, label: userLabel, usedStep: step });
      request.log.info({ userId: user.id }, 'second factor set up');
    }
    return isAction
      ? finishKcAction(request, reply, CONFIGURE_TOTP, 'success')
      : completeLogin(request, reply, user.id);
  }

  app.get(path, routeOptions, async (request: UidRequest, reply) => {
    const interaction = await interactionOf(request, reply);
    if (!interaction) return sendExpired(reply);
    if (interaction.prompt.name === UPDATE_PASSWORD_PROMPT) return showUpdatePassword(reply, interaction);
    if (interaction.prompt.name === CONFIGURE_TOTP_PROMPT) {
      const accountId = interaction.session?.accountId;
      if (!accountId) return sendExpired(reply);
      const existing = pendingOf(interaction);
      const pending = existing?.accountId === accountId ? existing : await startEnrolment(interaction, accountId);
      return showSecondFactor(reply, interaction, pending);
    }
    const pending = pendingOf(interaction);
    if (interaction.prompt.name === 'login' && pending) return showSecondFactor(reply, interaction, pending);
    if (interaction.prompt.name === 'login') {
      const hint = typeof interaction.params.login_hint === 'string' ? interaction.params.login_hint : '';
      return sendHtml(
        reply,
        renderLoginPage({ action: actionFor(interaction.uid), resetUrl, username: hint, footer: footer() }),
      );
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
      if (interaction?.prompt.name === CONFIGURE_TOTP_PROMPT) {
        const pending = pendingOf(interaction);
        if (!pending || pending.accountId !== interaction.session?.accountId) return sendExpired(reply);
        return answerSecondFactor(request, reply, interaction, pending);
      }
      if (!interaction || interaction.prompt.name !== 'login') return sendExpired(reply);
      const pending = pendingOf(interaction);
      if (pending) return answerSecondFactor(request, reply, interaction, pending);
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
            resetUrl,
            username,
            error: result.disabled ? MESSAGES.accountDisabled : MESSAGES.invalidCredentials,
            footer: footer(),
          }),
        );
      }
      // The right password; the second factor, where the user has one or their role needs one.
      if (await embeddedHasSecondFactor(db, result.userId)) {
        request.log.info({ userId: result.userId }, 'password accepted, second factor asked');
        const pending: PendingSecondFactor = { accountId: result.userId, kind: 'code' };
        await savePending(interaction, pending);
        return showSecondFactor(reply, interaction, pending);
      }
      const user = await findUserById(db, result.userId);
      if (user && isSecondFactorRequired(user.role)) {
        request.log.info({ userId: result.userId }, 'password accepted, second factor to set up');
        return showSecondFactor(reply, interaction, await startEnrolment(interaction, result.userId));
      }
      return completeLogin(request, reply, result.userId);
    },
  );
}
