import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { users } from '../../../server/db/schema';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { DEMO_TOTP_SECRET, totpCode } from '../../../scripts/lib/totp.mjs';

/** Cookies as a browser keeps them: by name and path, sent to every request below that path. */
export class CookieJar {
  private readonly cookies = new Map<string, { name: string; value: string; path: string }>();

  header(url: string): string | undefined {
    const path = url.split('?')[0];
    const matching = [...this.cookies.values()].filter(
      (c) => path === c.path || path.startsWith(c.path.endsWith('/') ? c.path : `${c.path}/`),
    );
    return matching.length ? matching.map((c) => `${c.name}=${c.value}`).join('; ') : undefined;
  }

  store(res: LightMyRequestResponse): void {
    for (const c of res.cookies as { name: string; value: string; path?: string; expires?: Date; maxAge?: number }[]) {
      const path = c.path ?? '/';
      const key = `${c.name};${path}`;
      const expired = (c.expires && c.expires.getTime() <= Date.now()) || (c.maxAge !== undefined && c.maxAge <= 0);
      if (expired) this.cookies.delete(key);
      else this.cookies.set(key, { name: c.name, value: c.value, path });
    }
  }

  async inject(app: FastifyInstance, options: InjectOptions & { url: string }): Promise<LightMyRequestResponse> {
    const cookie = this.header(options.url);
    const headers = { ...(options.headers ?? {}), ...(cookie ? { cookie } : {}) };
    const res = await app.inject({ ...options, headers });
    this.store(res);
    return res;
  }
}

/** The path and query of a redirect, so it can be followed with inject. */
export function locationOf(res: LightMyRequestResponse): string {
  const location = res.headers.location;
  if (typeof location !== 'string')
    throw new Error(`expected a redirect, got ${res.statusCode}: ${res.body.slice(0, 300)}`);
  const url = new URL(location, 'http://placeholder');
  return `${url.pathname}${url.search}`;
}

export function formAction(html: string): string {
  const match = /<form[^>]*action="([^"]+)"/.exec(html);
  if (!match) throw new Error('no form on the page');
  return match[1].replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code))).replace(/&amp;/g, '&');
}

export interface AuthorizationStart {
  jar: CookieJar;
  verifier: string;
  redirectUri: string;
  /** Path of the login form (or, with a session, of wherever the provider redirected). */
  loginPath: string;
  /** The provider's answer to the authorization request. */
  response: LightMyRequestResponse;
}

/**
 * keycloak-js's first step: the authorization request with PKCE S256. Without a session it is
 * answered by a redirect to the login form (`loginPath`); `extra` adds parameters such as prompt.
 */
export async function startLogin(
  app: FastifyInstance,
  jar = new CookieJar(),
  extra: Record<string, string> = {},
): Promise<AuthorizationStart> {
  const { keycloak, publicUrl } = app.config;
  const verifier = randomBytes(32).toString('base64url');
  const redirectUri = `${publicUrl}/auth-callback`;
  const query = new URLSearchParams({
    client_id: keycloak.clientId,
    redirect_uri: redirectUri,
    response_type: 'code',
    scope: 'openid',
    state: randomBytes(8).toString('hex'),
    nonce: randomBytes(8).toString('hex'),
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
    ...extra,
  });
  const realm = new URL(keycloak.issuer).pathname;
  const res = await jar.inject(app, { method: 'GET', url: `${realm}/protocol/openid-connect/auth?${query}` });
  return { jar, verifier, redirectUri, loginPath: locationOf(res), response: res };
}

/** Posts the login form; `remoteAddress` is the client's address (light-my-request's default: 127.0.0.1). */
export function submitLogin(
  app: FastifyInstance,
  start: AuthorizationStart,
  username: string,
  password: string,
  remoteAddress?: string,
) {
  return start.jar.inject(app, {
    method: 'POST',
    url: start.loginPath,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ username, password }).toString(),
    ...(remoteAddress ? { remoteAddress } : {}),
  });
}

/** The secrets of the authenticator apps the helper set up (by user id); the demo accounts have DEMO_TOTP_SECRET. */
const appSecrets = new Map<string, string>();

/** The key the set-up page shows, without the spaces between its groups of four. */
export function shownSecretKey(html: string): string {
  const match = /id="kc-totp-secret-key"[^>]*>([^<]*)</.exec(html);
  if (!match) throw new Error('no secret key on the page');
  return match[1].replace(/\s/g, '');
}

/** The code page or the set-up page of the second factor. */
export const asksSecondFactor = (res: LightMyRequestResponse) =>
  res.statusCode === 200 && res.body.includes('name="otp"');

/**
 * Answers the second factor's page after the right password, if the provider shows one: the code
 * page with the account's code (the demo accounts': DEMO_TOTP_SECRET), the set-up page by
 * setting up the key it shows. A code is accepted once per 30 s step; the tests log the same
 * account in more often, so the account's last used step is cleared first (the refusal of a
 * reused code is tested in idp-second-factor.test.ts). Returns the response to send on with.
 */
export async function answerSecondFactor(
  app: FastifyInstance,
  start: AuthorizationStart,
  email: string,
  page: LightMyRequestResponse,
): Promise<LightMyRequestResponse> {
  if (!asksSecondFactor(page)) return page;
  const enrolling = page.body.includes('kc-totp-secret-key');
  // By the user's id, not the address: an administrator who changed the address keeps the app.
  const [{ id: userId } = { id: undefined }] = await app.db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`);
  if (!userId) throw new Error(`the code page for ${email}, who is no portal user`);
  const secret = enrolling ? shownSecretKey(page.body) : (appSecrets.get(userId) ?? DEMO_TOTP_SECRET);
  if (enrolling) appSecrets.set(userId, secret);
  else await app.db.execute(sql`update idp_second_factors set last_used_step = null where user_id = ${userId}`);
  return start.jar.inject(app, {
    method: 'POST',
    url: formAction(page.body),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ otp: totpCode(secret) }).toString(),
  });
}

/** The authorization code from the redirect back to the web app. */
export function codeOf(res: LightMyRequestResponse): string {
  const callback = new URL(String(res.headers.location));
  const code = callback.searchParams.get('code');
  if (!code) throw new Error(`no code in ${callback.search}`);
  return code;
}

/** The web app's token request for a code, as keycloak-js sends it. */
export async function exchangeCode(app: FastifyInstance, start: AuthorizationStart, code: string) {
  const { keycloak } = app.config;
  const res = await app.inject({
    method: 'POST',
    url: `${new URL(keycloak.issuer).pathname}/protocol/openid-connect/token`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      redirect_uri: start.redirectUri,
      client_id: keycloak.clientId,
      code_verifier: start.verifier,
    }).toString(),
  });
  if (res.statusCode !== 200) throw new Error(`token endpoint: ${res.statusCode} ${res.body}`);
  return res.json() as { access_token: string; refresh_token: string; id_token: string };
}

export interface TokenSet {
  accessToken: string;
  refreshToken: string;
  idToken: string;
  jar: CookieJar;
}

/** The real authorization-code flow with PKCE: authorize → login form → code → token endpoint. */
export async function loginWithFlow(app: FastifyInstance, email: string, password = 'lumio-demo'): Promise<TokenSet> {
  const start = await startLogin(app);
  const form = await start.jar.inject(app, { method: 'GET', url: start.loginPath });
  if (form.statusCode !== 200) throw new Error(`login form: ${form.statusCode}`);
  const posted = await answerSecondFactor(app, start, email, await submitLogin(app, start, email, password));
  if (posted.statusCode !== 303) {
    const message = /role="alert">([^<]*)</.exec(posted.body)?.[1];
    throw new Error(`login as ${email} failed: ${posted.statusCode} ${message ?? ''}`);
  }
  const resumed = await start.jar.inject(app, { method: 'GET', url: locationOf(posted) });
  const body = await exchangeCode(app, start, codeOf(resumed));
  return { accessToken: body.access_token, refreshToken: body.refresh_token, idToken: body.id_token, jar: start.jar };
}

/** Logs a user in through the embedded IdP exactly as the web app does, and returns the tokens. */
export async function loginAs(
  app: FastifyInstance,
  email: string,
  password = 'lumio-demo',
): Promise<{ accessToken: string; refreshToken: string }> {
  const { accessToken, refreshToken } = await loginWithFlow(app, email, password);
  return { accessToken, refreshToken };
}

/** The web app's token refresh at the embedded provider's token endpoint (400 once the session ended). */
export function refreshTokens(app: FastifyInstance, refreshToken: string): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: '/realms/lumio/protocol/openid-connect/token',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({
      client_id: 'lumio-web',
      grant_type: 'refresh_token',
      refresh_token: refreshToken,
    }).toString(),
  });
}
