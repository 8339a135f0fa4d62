import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { createLocalJWKSet, decodeProtectedHeader, jwtVerify, type JSONWebKeySet } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../server/db/client';
import { users } from '../../server/db/schema';
import { buildTestApp, DEMO } from './helpers/app';
import { locationOf, loginWithFlow, startLogin, submitLogin } from './helpers/login';

const ISSUER = 'http://localhost:8080/realms/lumio';
const REALM = '/realms/lumio';
const OIDC = `${REALM}/protocol/openid-connect`;

function tokenRequest(app: FastifyInstance, params: Record<string, string>, headers: Record<string, string> = {}) {
  return app.inject({
    method: 'POST',
    url: `${OIDC}/token`,
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    payload: new URLSearchParams({ client_id: 'lumio-web', ...params }).toString(),
  });
}

describe('embedded identity provider', () => {
  let app: FastifyInstance & { database: Database };

  beforeAll(async () => {
    app = await buildTestApp();
  });
  afterAll(() => app.close());

  it('publishes Keycloak-style discovery for realm lumio', async () => {
    const res = await app.inject({ url: `${REALM}/.well-known/openid-configuration` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      issuer: ISSUER,
      authorization_endpoint: `${ISSUER}/protocol/openid-connect/auth`,
      token_endpoint: `${ISSUER}/protocol/openid-connect/token`,
      userinfo_endpoint: `${ISSUER}/protocol/openid-connect/userinfo`,
      end_session_endpoint: `${ISSUER}/protocol/openid-connect/logout`,
      jwks_uri: `${ISSUER}/protocol/openid-connect/certs`,
      revocation_endpoint: `${ISSUER}/protocol/openid-connect/revoke`,
      introspection_endpoint: `${ISSUER}/protocol/openid-connect/token/introspect`,
      check_session_iframe: `${ISSUER}/protocol/openid-connect/login-status-iframe.html`,
      code_challenge_methods_supported: ['S256'],
    });
  });

  it('issues an RS256 JWT access token with Keycloak claims that verifies against /certs', async () => {
    const { accessToken, refreshToken, idToken } = await loginWithFlow(app, DEMO.owner);
    const certs = await app.inject({ url: `${OIDC}/certs` });
    expect(certs.statusCode).toBe(200);
    const jwks = certs.json() as JSONWebKeySet;
    expect(jwks.keys).toHaveLength(1);
    expect(jwks.keys[0]).not.toHaveProperty('d');
    expect(decodeProtectedHeader(accessToken)).toMatchObject({ alg: 'RS256', typ: 'at+jwt', kid: jwks.keys[0].kid });

    const { payload } = await jwtVerify(accessToken, createLocalJWKSet(jwks), {
      issuer: ISSUER,
      audience: 'lumio-api',
      typ: 'at+jwt',
    });
    const [owner] = await app.database.db.select().from(users).where(eq(users.email, DEMO.owner));
    expect(payload).toMatchObject({
      sub: owner.id,
      azp: 'lumio-web',
      typ: 'Bearer',
      email: DEMO.owner,
      preferred_username: DEMO.owner,
      given_name: owner.firstName,
      family_name: owner.lastName,
      name: `${owner.firstName} ${owner.lastName}`,
      realm_access: { roles: ['Owner'] },
    });
    expect(payload.sid).toEqual(expect.any(String));
    expect(payload.exp! - payload.iat!).toBe(300);

    // keycloak-js decodes the middle segment of the refresh token too.
    const refreshClaims = JSON.parse(Buffer.from(refreshToken.split('.')[1], 'base64url').toString());
    expect(refreshClaims).toMatchObject({ typ: 'Refresh', iss: ISSUER, azp: 'lumio-web', sub: owner.id });
    await expect(
      jwtVerify(idToken, createLocalJWKSet(jwks), { issuer: ISSUER, audience: 'lumio-web' }),
    ).resolves.toBeTruthy();

    const self = await app.inject({ url: '/api/self', headers: { authorization: `Bearer ${accessToken}` } });
    expect(self.statusCode).toBe(200);
    // keycloak-js sends the scheme in lower case (loadUserInfo).
    const info = await app.inject({ url: `${OIDC}/userinfo`, headers: { authorization: `bearer ${accessToken}` } });
    expect(info.json()).toMatchObject({ sub: owner.id, email: DEMO.owner, given_name: owner.firstName });
    expect((await app.inject({ url: `${OIDC}/userinfo` })).statusCode).toBe(401);
    const account = await app.inject({ url: `${REALM}/account`, headers: { authorization: `bearer ${accessToken}` } });
    expect(account.json()).toMatchObject({ id: owner.id, username: DEMO.owner, firstName: owner.firstName });
    const forged = `${accessToken.slice(0, -4)}AAAA`;
    expect(
      (await app.inject({ url: `${REALM}/account`, headers: { authorization: `bearer ${forged}` } })).statusCode,
    ).toBe(401);
  });

  it('requires PKCE S256 and the matching code verifier', async () => {
    const noPkce = await app.inject({
      url: `${OIDC}/auth?${new URLSearchParams({
        client_id: 'lumio-web',
        redirect_uri: 'http://localhost:8080/auth-callback',
        response_type: 'code',
        scope: 'openid',
      })}`,
    });
    expect(new URL(noPkce.headers.location as string).searchParams.get('error')).toBe('invalid_request');

    const start = await startLogin(app);
    const posted = await submitLogin(app, start, DEMO.employee, 'lumio-demo');
    const resumed = await start.jar.inject(app, { method: 'GET', url: locationOf(posted) });
    const code = new URL(resumed.headers.location as string).searchParams.get('code')!;
    const res = await tokenRequest(app, {
      grant_type: 'authorization_code',
      code,
      redirect_uri: start.redirectUri,
      code_verifier: 'x'.repeat(43),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('invalid_grant');
  });

  it('accepts any redirect URI on the web app origin and refuses other origins', async () => {
    const request = (redirectUri: string) =>
      app.inject({
        url: `${OIDC}/auth?${new URLSearchParams({
          client_id: 'lumio-web',
          redirect_uri: redirectUri,
          response_type: 'code',
          scope: 'openid',
          code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
          code_challenge_method: 'S256',
        })}`,
      });
    const ours = await request('http://localhost:8080/login?x=1');
    expect(ours.statusCode).toBe(303);
    expect(ours.headers.location).toContain('/login-actions/authenticate/');
    const foreign = await request('https://evil.example/auth-callback');
    expect(foreign.statusCode).toBe(400);
    expect(foreign.headers.location).toBeUndefined();
    expect(foreign.body).toContain('Anmeldung nicht möglich');
  });
});
