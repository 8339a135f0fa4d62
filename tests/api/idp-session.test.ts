import type { FastifyInstance } from 'fastify';
import { createLocalJWKSet, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, DEMO } from './helpers/app';
import { codeOf, exchangeCode, formAction, locationOf, loginAs, loginWithFlow, startLogin } from './helpers/login';

const ISSUER = 'http://localhost:8080/realms/lumio';
const OIDC = '/realms/lumio/protocol/openid-connect';

function tokenRequest(app: FastifyInstance, params: Record<string, string>, headers: Record<string, string> = {}) {
  return app.inject({
    method: 'POST',
    url: `${OIDC}/token`,
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    payload: new URLSearchParams({ client_id: 'lumio-web', ...params }).toString(),
  });
}

const refresh = (app: FastifyInstance, refreshToken: string) =>
  tokenRequest(app, { grant_type: 'refresh_token', refresh_token: refreshToken });

describe('embedded identity provider sessions', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp();
  });
  afterAll(() => app.close());

  it('rotates refresh tokens and refuses a rotated one', async () => {
    const first = await loginAs(app, DEMO.lumioAdmin);
    const refreshed = await refresh(app, first.refreshToken);
    expect(refreshed.statusCode).toBe(200);
    const body = refreshed.json();
    expect(body.refresh_token).not.toBe(first.refreshToken);
    const { payload } = await jwtVerify(
      body.access_token,
      createLocalJWKSet((await app.inject({ url: `${OIDC}/certs` })).json()),
      { issuer: ISSUER, audience: 'lumio-api' },
    );
    expect(payload.realm_access).toEqual({ roles: ['LumioAdmin'] });
    expect(payload.sid).toEqual(expect.any(String));

    const reused = await refresh(app, first.refreshToken);
    expect(reused.statusCode).toBe(400);
    expect(reused.json().error).toBe('invalid_grant');
  });

  it('logs out without a confirmation question and kills the refresh token', async () => {
    const { refreshToken, idToken, jar } = await loginWithFlow(app, DEMO.accountAdmin);
    // What keycloak-js's logout() sends.
    const query = new URLSearchParams({
      client_id: 'lumio-web',
      post_logout_redirect_uri: 'http://localhost:8080/login',
      id_token_hint: idToken,
    });
    const page = await jar.inject(app, { method: 'GET', url: `${OIDC}/logout?${query}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('name="logout" value="yes"');
    expect(page.body).toContain('document.forms[0].submit()');
    expect(page.headers['content-security-policy']).toContain("script-src 'sha256-");
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(page.body)![1];
    const confirmed = await jar.inject(app, {
      method: 'POST',
      url: formAction(page.body).replace(/^https?:\/\/[^/]+/, ''),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ xsrf, logout: 'yes' }).toString(),
    });
    expect(confirmed.statusCode).toBe(303);
    expect(confirmed.headers.location).toBe('http://localhost:8080/login');
    const res = await refresh(app, refreshToken);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('invalid_grant');
  });

  it("answers keycloak-js's session check with the session's sid", async () => {
    const { accessToken, jar } = await loginWithFlow(app, DEMO.integrator);
    const sid = JSON.parse(Buffer.from(accessToken.split('.')[1], 'base64url').toString()).sid as string;
    const status = async (sessionState: string, origin = 'http://localhost:8080', withCookies = true) => {
      const url = `${OIDC}/login-status-iframe.html/status?${new URLSearchParams({
        client_id: 'lumio-web',
        origin,
        session_state: sessionState,
      })}`;
      const res = withCookies ? await jar.inject(app, { method: 'GET', url }) : await app.inject({ url });
      return res.json().status as string;
    };
    expect(await status(sid)).toBe('unchanged');
    expect(await status('eine-andere-sitzung')).toBe('changed');
    expect(await status('')).toBe('changed');
    expect(await status(sid, 'https://evil.example')).toBe('error');
    expect(await status('', 'http://localhost:8080', false)).toBe('unchanged');
    expect(await status(sid, 'http://localhost:8080', false)).toBe('changed');
  });

  it("serves keycloak-js's 3p-cookies and login-status-iframe pages", async () => {
    for (const page of ['3p-cookies/step1.html', '3p-cookies/step2.html', 'login-status-iframe.html']) {
      const res = await app.inject({ url: `${OIDC}/${page}` });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.headers['content-security-policy']).toContain("frame-ancestors 'self' http://localhost:8080");
    }
    expect((await app.inject({ url: `${OIDC}/3p-cookies/step1.html` })).body).toContain("'step2.html'");
    expect((await app.inject({ url: `${OIDC}/3p-cookies/step2.html` })).body).toContain("'supported':'unsupported'");
    expect((await app.inject({ url: `${OIDC}/login-status-iframe.html` })).body).toContain(
      'login-status-iframe.html/status',
    );
  });

  it('allows credentialed CORS for the web app origin only', async () => {
    const preflight = await app.inject({
      method: 'OPTIONS',
      url: `${OIDC}/token`,
      headers: { origin: 'http://localhost:8080', 'access-control-request-method': 'POST' },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe('http://localhost:8080');
    expect(preflight.headers['access-control-allow-credentials']).toBe('true');
    const { refreshToken } = await loginAs(app, DEMO.employee);
    const foreign = await tokenRequest(
      app,
      { grant_type: 'refresh_token', refresh_token: refreshToken },
      { origin: 'https://evil.example' },
    );
    expect(foreign.headers['access-control-allow-credentials']).toBeUndefined();
    expect(foreign.statusCode).toBe(400);
    const ours = await tokenRequest(
      app,
      { grant_type: 'refresh_token', refresh_token: refreshToken },
      { origin: 'http://localhost:8080' },
    );
    expect(ours.statusCode).toBe(200);
    expect(ours.headers['access-control-allow-origin']).toBe('http://localhost:8080');
    expect(ours.headers['access-control-allow-credentials']).toBe('true');
  });

  it.each(['token', 'token/introspect', 'revoke', 'userinfo', 'logout', 'certs'])(
    'answers a preflight for %s from a foreign origin without allowing it, and the own origin with it',
    async (endpoint) => {
      const preflight = (origin: string) =>
        app.inject({
          method: 'OPTIONS',
          url: `${OIDC}/${endpoint}`,
          headers: {
            origin,
            'access-control-request-method': 'POST',
            'access-control-request-headers': 'content-type',
          },
        });
      for (const evil of ['https://evil.example', 'http://localhost:8081', 'null']) {
        const refused = await preflight(evil);
        expect(refused.headers['access-control-allow-origin'], `${endpoint} ${evil}`).toBeUndefined();
        expect(refused.headers['access-control-allow-credentials']).toBeUndefined();
        expect(refused.headers['access-control-allow-methods']).toBeUndefined();
      }
      const ours = await preflight('http://localhost:8080');
      expect(ours.statusCode).toBe(204);
      expect(ours.headers['access-control-allow-origin']).toBe('http://localhost:8080');
    },
  );

  it('answers check-sso (prompt=none) with a code when a session exists, and login_required otherwise', async () => {
    const { jar } = await loginWithFlow(app, DEMO.owner);
    const silent = await startLogin(app, jar, { prompt: 'none' });
    expect(silent.response.statusCode).toBe(303);
    const tokens = await exchangeCode(app, silent, codeOf(silent.response));
    expect(tokens.access_token).toBeTruthy();
    const anonymous = await startLogin(app, undefined, { prompt: 'none' });
    expect(new URL(String(anonymous.response.headers.location)).searchParams.get('error')).toBe('login_required');
  });

  it('grants consent itself when a client asks for it (first-party client)', async () => {
    const { jar } = await loginWithFlow(app, DEMO.owner);
    const start = await startLogin(app, jar, { prompt: 'consent' });
    expect(start.loginPath).toContain('/login-actions/authenticate/');
    const step = await jar.inject(app, { method: 'GET', url: start.loginPath });
    expect(step.statusCode).toBe(303);
    const resumed = await jar.inject(app, { method: 'GET', url: locationOf(step) });
    await expect(exchangeCode(app, start, codeOf(resumed))).resolves.toHaveProperty('access_token');
  });

  it('revokes a refresh token at the revocation endpoint', async () => {
    const { refreshToken } = await loginAs(app, DEMO.employee);
    const res = await app.inject({
      method: 'POST',
      url: `${OIDC}/revoke`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        client_id: 'lumio-web',
        token: refreshToken,
        token_type_hint: 'refresh_token',
      }).toString(),
    });
    expect(res.statusCode).toBe(200);
    expect((await refresh(app, refreshToken)).statusCode).toBe(400);
  });
});
