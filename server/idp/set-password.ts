import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { z } from 'zod';
import { validateNewPassword } from '../../src/domain/password';
import type { AppConfig } from '../config';
import type { Db } from '../db/client';
import { passwordSetupTokens, users } from '../db/schema';
import { hashSecretToken, SECRET_TOKEN_PATTERN } from '../lib/secret-token';
import { sendIdpPage } from './login-page';
import { newPasswordFields } from './new-password-form';
import { PasswordAccountGoneError, type PasswordStore } from './password-store';
import {
  renderPasswordSavedPage,
  renderSetPasswordMessage,
  renderSetPasswordPage,
  type SetPasswordMessageKind,
} from './set-password-page';

export interface SetPasswordRouteOptions {
  config: AppConfig;
  db: Db;
  /**
   * Path of the page: below the embedded realm (/realms/lumio/login-actions/set-password), or,
   * with Keycloak, a path of the portal itself (SET_PASSWORD_PORTAL_PATH), since the realm's
   * paths are then Keycloak's.
   */
  path: string;
  passwords: PasswordStore;
  footer: () => string;
}

/** The set-password page's path in Keycloak mode, below PUBLIC_URL. */
export const SET_PASSWORD_PORTAL_PATH = '/account/set-password';

const tokenQuery = z.object({ token: z.string().optional() });
const setPasswordForm = z.object({
  token: z.string().default(''),
  ...newPasswordFields,
});

/**
 * What a link's token is: usable, or why not. Only the holder of the token learns this, so the
 * page can tell how to go on: an expired link names the way to a new one.
 */
export type TokenState =
  | { state: 'valid'; userId: string; email: string }
  | { state: 'unknown' | 'expired' | 'resetExpired' | 'used' | 'replaced' };

async function lookupToken(db: Db, passwords: PasswordStore, token: string, now: Date): Promise<TokenState> {
  if (!SECRET_TOKEN_PATTERN.test(token)) return { state: 'unknown' };
  const [row] = await db
    .select({
      userId: passwordSetupTokens.userId,
      email: users.email,
      expiresAt: passwordSetupTokens.expiresAt,
      usedAt: passwordSetupTokens.usedAt,
      revokedAt: passwordSetupTokens.revokedAt,
      purpose: passwordSetupTokens.purpose,
    })
    .from(passwordSetupTokens)
    .innerJoin(users, eq(users.id, passwordSetupTokens.userId))
    .where(eq(passwordSetupTokens.tokenHash, hashSecretToken(token)))
    .limit(1);
  if (!row) return { state: 'unknown' };
  if (row.usedAt) return { state: 'used' };
  // Another link of the user set the password: for the user, this one was used too.
  if (row.revokedAt) return { state: (await passwords.hasPassword(db, row.userId)) ? 'used' : 'replaced' };
  if (row.expiresAt <= now) {
    // A 'Passwort vergessen?' link lives shorter than an activation link, and a new one is self-service.
    return { state: row.purpose === 'reset' ? 'resetExpired' : 'expired' };
  }
  return { state: 'valid', userId: row.userId, email: row.email };
}

/** Rolls the transaction back when the IdP refused the password: the link stays usable. */
class PasswordRefused extends Error {
  constructor(readonly problems: string[]) {
    super('the identity provider refused the password');
  }
}

type SetResult = { userId: string } | { problems: string[] } | { accountGone: true } | undefined;

/**
 * Spends the token and sets the password in one transaction. The conditional update decides a
 * race between two submits: only one finds the token unused. Every other open link of the user
 * dies with it, the IdP's store starts the account afresh (the embedded login throttle), and every
 * session of an account that had a password ends.
 */
async function consumeTokenAndSetPassword(
  db: Db,
  passwords: PasswordStore,
  token: string,
  prepared: unknown,
  now: Date,
): Promise<SetResult> {
  try {
    return await db.transaction(async (tx) => {
      const [spent] = await tx
        .update(passwordSetupTokens)
        .set({ usedAt: now })
        .where(
          and(
            eq(passwordSetupTokens.tokenHash, hashSecretToken(token)),
            isNull(passwordSetupTokens.usedAt),
            isNull(passwordSetupTokens.revokedAt),
            gt(passwordSetupTokens.expiresAt, now),
          ),
        )
        .returning({ userId: passwordSetupTokens.userId });
      if (!spent) return undefined;
      const hadPassword = await passwords.hasPassword(tx, spent.userId);
      const problems = await passwords.store(tx, spent.userId, prepared, now);
      if (problems.length) throw new PasswordRefused(problems);
      if (hadPassword) {
        // A new password signs the account out everywhere (issue 24): whoever used the old one.
        // A first password has no sessions to end, and its first login may be in this second.
        await tx.update(users).set({ sessionsEndedAt: now, sessionKeptSid: null }).where(eq(users.id, spent.userId));
        await passwords.endSessions(tx, spent.userId);
      }
      return { userId: spent.userId };
    });
  } catch (err) {
    if (err instanceof PasswordRefused) return { problems: err.problems };
    if (err instanceof PasswordAccountGoneError) return { accountGone: true };
    throw err;
  }
}

/**
 * The portal's German set-password page (account activation after an approval), at `path?token=…`
 * (see SetPasswordRouteOptions.path). Server-rendered like the login
 * page. Forgery protection: the one-time token is the form's secret, and a post whose Origin is
 * another site is refused. Rate limited per address like the login form.
 */
export function registerSetPasswordRoutes(app: FastifyInstance, opts: SetPasswordRouteOptions): void {
  const { config, db, path, passwords, footer } = opts;
  const homeUrl = `${config.publicUrl}/`;
  const ownOrigin = new URL(config.publicUrl).origin;
  const routeOptions = {
    schema: { hide: true },
    config: { rateLimit: { max: config.rateLimitPublicPerMinute, timeWindow: '1 minute' } },
  };

  // The token is in the URL: it must not leak to other sites, but the form's own post must carry
  // an Origin header (sendIdpPage's same-origin referrer policy).
  const sendHtml = (reply: FastifyReply, html: string, status = 200) => sendIdpPage(reply, html, status);

  const message = (kind: SetPasswordMessageKind) =>
    renderSetPasswordMessage(kind, { homeUrl, contact: config.brandOwner.contact, footer: footer() });
  const sendUnusable = (reply: FastifyReply, state: Exclude<TokenState['state'], 'valid'>) =>
    sendHtml(reply, message(state === 'unknown' ? 'invalid' : state), state === 'unknown' ? 404 : 410);

  // The rate limit answers before the handler; the user gets a German page, not JSON.
  app.setErrorHandler((error: { statusCode?: number }, request: FastifyRequest, reply) => {
    if (error.statusCode !== 429) throw error;
    request.log.info('set-password page rate limited');
    return sendHtml(reply, message('tooMany'), 429);
  });

  app.get(path, routeOptions, async (request, reply) => {
    const query = tokenQuery.safeParse(request.query);
    const token = query.success ? (query.data.token ?? '') : '';
    const found = await lookupToken(db, passwords, token, new Date());
    if (found.state !== 'valid') return sendUnusable(reply, found.state);
    return sendHtml(reply, renderSetPasswordPage({ action: path, token, email: found.email, footer: footer() }));
  });

  app.post(path, routeOptions, async (request, reply) => {
    const origin = request.headers.origin;
    if (origin !== undefined && origin !== ownOrigin) {
      request.log.info({ origin }, 'set-password post from another origin refused');
      return sendHtml(reply, message('forbidden'), 403);
    }
    const form = setPasswordForm.safeParse(request.body ?? {});
    if (!form.success) return sendUnusable(reply, 'unknown');
    const { token } = form.data;
    const found = await lookupToken(db, passwords, token, new Date());
    if (found.state !== 'valid') return sendUnusable(reply, found.state);

    const problems = validateNewPassword(form.data['password-new'], form.data['password-confirm']);
    if (problems.length) {
      const page = renderSetPasswordPage({
        action: path,
        token,
        email: found.email,
        errors: problems,
        footer: footer(),
      });
      return sendHtml(reply, page, 400);
    }
    const prepared = await passwords.prepare(form.data['password-new']);
    const result = await consumeTokenAndSetPassword(db, passwords, token, prepared, new Date());
    // Lost a race: another submit of this link or a newer link won; the page says which.
    if (!result) {
      const after = await lookupToken(db, passwords, token, new Date());
      return sendUnusable(reply, after.state === 'valid' ? 'used' : after.state);
    }
    if ('accountGone' in result) {
      request.log.warn({ userId: found.userId }, 'set-password link of an account the IdP no longer has');
      return sendUnusable(reply, 'unknown');
    }
    if ('problems' in result) {
      const page = renderSetPasswordPage({
        action: path,
        token,
        email: found.email,
        errors: result.problems,
        footer: footer(),
      });
      return sendHtml(reply, page, 400);
    }
    request.log.info({ userId: result.userId }, 'password set through setup link');
    return sendHtml(reply, renderPasswordSavedPage(homeUrl, footer()));
  });
}
