import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { z } from 'zod';
import { PASSWORD_MAX_LENGTH, validateNewPassword } from '../../src/domain/password';
import type { AppConfig } from '../config';
import type { Db } from '../db/client';
import { passwordSetupTokens, users } from '../db/schema';
import { hashSetupToken } from './admin-port';
import { clearAccountLoginThrottles } from './login-throttle';
import { hashPassword } from './passwords';
import { renderPasswordSavedPage, renderSetPasswordMessage, renderSetPasswordPage } from './set-password-page';

export interface SetPasswordRouteOptions {
  config: AppConfig;
  db: Db;
  /** The realm's path, e.g. /realms/lumio. */
  basePath: string;
  footer: () => string;
}

/** 32 random bytes in base64url are 43 characters; anything else cannot be one of our tokens. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

const tokenQuery = z.object({ token: z.string().optional() });
const setPasswordForm = z.object({
  token: z.string().default(''),
  // Longer than the rule allows, so that an over-long password gets the rule's message, not a 400.
  'password-new': z
    .string()
    .max(PASSWORD_MAX_LENGTH * 8)
    .default(''),
  'password-confirm': z
    .string()
    .max(PASSWORD_MAX_LENGTH * 8)
    .default(''),
});

interface ValidToken {
  userId: string;
  email: string;
}

/** The token's user, when the token is known, unused and unexpired. */
async function findValidToken(db: Db, token: string, now: Date): Promise<ValidToken | undefined> {
  if (!TOKEN_PATTERN.test(token)) return undefined;
  const [row] = await db
    .select({ userId: passwordSetupTokens.userId, email: users.email })
    .from(passwordSetupTokens)
    .innerJoin(users, eq(users.id, passwordSetupTokens.userId))
    .where(
      and(
        eq(passwordSetupTokens.tokenHash, hashSetupToken(token)),
        isNull(passwordSetupTokens.usedAt),
        gt(passwordSetupTokens.expiresAt, now),
      ),
    )
    .limit(1);
  return row;
}

/**
 * Spends the token and sets the password in one transaction. The conditional update decides a
 * race between two submits: only one finds the token unused. Every other open link of the user
 * dies with it, and the account's login throttle (failed logins from any address) is cleared.
 */
async function consumeTokenAndSetPassword(
  db: Db,
  token: string,
  passwordHash: string,
  now: Date,
): Promise<string | undefined> {
  return db.transaction(async (tx) => {
    const [spent] = await tx
      .update(passwordSetupTokens)
      .set({ usedAt: now })
      .where(
        and(
          eq(passwordSetupTokens.tokenHash, hashSetupToken(token)),
          isNull(passwordSetupTokens.usedAt),
          gt(passwordSetupTokens.expiresAt, now),
        ),
      )
      .returning({ userId: passwordSetupTokens.userId });
    if (!spent) return undefined;
    await tx
      .update(passwordSetupTokens)
      .set({ usedAt: now })
      .where(and(eq(passwordSetupTokens.userId, spent.userId), isNull(passwordSetupTokens.usedAt)));
    const [user] = await tx
      .update(users)
      .set({ passwordHash, updatedAt: now })
      .where(eq(users.id, spent.userId))
      .returning({ email: users.email });
    if (user) await clearAccountLoginThrottles(tx, user.email);
    return spent.userId;
  });
}

/**
 * The embedded identity provider's German set-password page (account activation after an
 * approval), at `<realm>/login-actions/set-password?token=…`. Server-rendered like the login
 * page. Forgery protection: the one-time token is the form's secret, and a post whose Origin is
 * another site is refused. Rate limited per address like the login form.
 */
export function registerSetPasswordRoutes(app: FastifyInstance, opts: SetPasswordRouteOptions): void {
  const { config, db, basePath, footer } = opts;
  const path = `${basePath}/login-actions/set-password`;
  const homeUrl = `${config.publicUrl}/`;
  const ownOrigin = new URL(config.publicUrl).origin;
  const routeOptions = {
    schema: { hide: true },
    config: { rateLimit: { max: config.rateLimitPublicPerMinute, timeWindow: '1 minute' } },
  };

  function sendHtml(reply: FastifyReply, html: string, status = 200) {
    return (
      reply
        .code(status)
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .header('x-frame-options', 'DENY')
        // The token is in the URL: it must not leak to other sites, but the form's own post must
        // carry an Origin header (with no-referrer, browsers send "Origin: null").
        .header('referrer-policy', 'same-origin')
        .header(
          'content-security-policy',
          "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
        )
        .send(html)
    );
  }

  const sendInvalid = (reply: FastifyReply) =>
    sendHtml(reply, renderSetPasswordMessage('invalid', homeUrl, footer()), 404);

  // The rate limit answers before the handler; the user gets a German page, not JSON.
  app.setErrorHandler((error: { statusCode?: number }, request: FastifyRequest, reply) => {
    if (error.statusCode !== 429) throw error;
    request.log.info('set-password page rate limited');
    return sendHtml(reply, renderSetPasswordMessage('tooMany', homeUrl, footer()), 429);
  });

  app.get(path, routeOptions, async (request, reply) => {
    const query = tokenQuery.safeParse(request.query);
    const token = query.success ? (query.data.token ?? '') : '';
    const valid = await findValidToken(db, token, new Date());
    if (!valid) return sendInvalid(reply);
    return sendHtml(reply, renderSetPasswordPage({ action: path, token, email: valid.email, footer: footer() }));
  });

  app.post(path, routeOptions, async (request, reply) => {
    const origin = request.headers.origin;
    if (origin !== undefined && origin !== ownOrigin) {
      request.log.info({ origin }, 'set-password post from another origin refused');
      return sendHtml(reply, renderSetPasswordMessage('forbidden', homeUrl, footer()), 403);
    }
    const form = setPasswordForm.safeParse(request.body ?? {});
    if (!form.success) return sendInvalid(reply);
    const { token } = form.data;
    const now = new Date();
    const valid = await findValidToken(db, token, now);
    if (!valid) return sendInvalid(reply);

    const problems = validateNewPassword(form.data['password-new'], form.data['password-confirm']);
    if (problems.length) {
      const page = renderSetPasswordPage({
        action: path,
        token,
        email: valid.email,
        errors: problems,
        footer: footer(),
      });
      return sendHtml(reply, page, 400);
    }
    const passwordHash = await hashPassword(form.data['password-new']);
    const userId = await consumeTokenAndSetPassword(db, token, passwordHash, new Date());
    if (!userId) return sendInvalid(reply);
    request.log.info({ userId }, 'password set through setup link');
    return sendHtml(reply, renderPasswordSavedPage(homeUrl, footer()));
  });
}
