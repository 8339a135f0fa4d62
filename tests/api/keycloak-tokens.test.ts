import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { connectKeycloak, type KeycloakConnection } from '../../server/idp/keycloak/connection';
import { apiClient, errorOf } from './helpers/app';
import {
  buildKeycloakTestApp,
  ensureTestClients,
  FOREIGN_AUDIENCE_CLIENT,
  KEYCLOAK_SKIP_REASON,
  KEYCLOAK_TEST,
  keycloakLogin,
} from './helpers/keycloak';

/**
 * The API in Keycloak mode with Keycloak's real access tokens (aud an array with lumio-api and
 * account, azp, typ Bearer, realm_access with Keycloak's default roles): who may pass is decided
 * by the signature, issuer, audience and the portal's own users row, never by the token's roles.
 */
const kc = KEYCLOAK_TEST;
const suite = kc ? describe : describe.skip;
const PASSWORD = 'Tokenpruefung-2026';

suite(`API with Keycloak's tokens ${kc ? `(${kc.url})` : `(${KEYCLOAK_SKIP_REASON})`}`, () => {
  let app: FastifyInstance;
  let admin: KeycloakConnection;
  const run = Date.now().toString(36);
  let counter = 0;

  beforeAll(async () => {
    await ensureTestClients(kc!);
    app = await buildKeycloakTestApp(kc!);
    admin = connectKeycloak({
      url: kc!.url,
      realm: kc!.realm,
      clientId: 'lumio-server',
      clientSecret: kc!.clientSecret,
    });
  }, 60_000);
  afterAll(async () => {
    await app?.close();
  });

  const nextEmail = () => `token-${run}-${++counter}@lumio-test.example`;

  /** A portal user as the IdP admin port creates one, with a password set at Keycloak. */
  async function portalUser(role: 'SystemAdmin' | 'LumioAdmin') {
    const email = nextEmail();
    const { id } = await app.db.transaction((tx) =>
      app.idpAdmin!.createUser(tx, {
        email,
        firstName: 'Tanja',
        lastName: 'Token',
        salutation: null,
        birthDate: null,
        role,
        status: 'VerifiedAndApproved',
        companyId: null,
        systemIntegratorId: null,
      }),
    );
    await admin.call((c) =>
      c.users.resetPassword({ id, credential: { type: 'password', value: PASSWORD, temporary: false } }),
    );
    return { id, email };
  }

  function claimsOf(token: string): Record<string, unknown> {
    return JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()) as Record<string, unknown>;
  }

  it('accepts a real token of a portal user and takes the role from the portal, not from the token', async () => {
    const { id, email } = await portalUser('SystemAdmin');
    // Keycloak's mapping says more than the portal: the API must not believe it.
    await admin.call(async (c) => {
      const role = await c.roles.findOneByName({ name: 'LumioAdmin' });
      await c.users.addRealmRoleMappings({ id, roles: [{ id: role!.id!, name: 'LumioAdmin' }] });
    });
    const tokens = await keycloakLogin(kc!, email, PASSWORD);
    const claims = claimsOf(tokens!.access_token);
    expect(claims).toMatchObject({ sub: id, typ: 'Bearer', azp: 'lumio-test-direct' });
    expect(claims.aud).toEqual(expect.arrayContaining(['lumio-api', 'account']));
    expect((claims.realm_access as { roles: string[] }).roles).toEqual(
      expect.arrayContaining([
        'default-roles-lumio',
        'offline_access',
        'uma_authorization',
        'SystemAdmin',
        'LumioAdmin',
      ]),
    );

    const api = apiClient(app, tokens!.access_token);
    const self = await api.get('/api/self');
    expect(self.statusCode).toBe(200);
    expect(self.json()).toMatchObject({ id, role: 'SystemAdmin', status: 'VerifiedAndApproved' });
    // Applications are the LumioAdmin's: the token's extra role opens nothing.
    expect((await api.get('/api/company-application')).statusCode).toBe(403);
  });

  it('refuses a Keycloak-signed token of a user the portal does not know with 401', async () => {
    const email = nextEmail();
    const { id } = await admin.call((c) =>
      c.users.create({
        username: email,
        email,
        firstName: 'Fremd',
        lastName: 'Konto',
        enabled: true,
        emailVerified: true,
      }),
    );
    await admin.call((c) =>
      c.users.resetPassword({ id, credential: { type: 'password', value: PASSWORD, temporary: false } }),
    );
    const tokens = await keycloakLogin(kc!, email, PASSWORD);
    expect(claimsOf(tokens!.access_token).aud).toEqual(expect.arrayContaining(['lumio-api']));
    const res = await apiClient(app, tokens!.access_token).get('/api/self');
    expect(res.statusCode).toBe(401);
    expect(errorOf(res).messages).toEqual(['Unauthorized']);
    await admin.call((c) => c.users.del({ id }));
  });

  it('refuses a token of a portal user issued for another audience with 401', async () => {
    const { email } = await portalUser('LumioAdmin');
    const tokens = await keycloakLogin(kc!, email, PASSWORD, FOREIGN_AUDIENCE_CLIENT);
    expect(claimsOf(tokens!.access_token).aud).not.toEqual(expect.arrayContaining(['lumio-api']));
    const res = await apiClient(app, tokens!.access_token).get('/api/self');
    expect(res.statusCode).toBe(401);
    expect(errorOf(res).messages).toEqual(['Unauthorized']);
  });

  it('accepts tokens of a signing key Keycloak added after the API loaded its keys (JWKS rotation)', async () => {
    const { email } = await portalUser('LumioAdmin');
    const before = await keycloakLogin(kc!, email, PASSWORD);
    expect((await apiClient(app, before!.access_token).get('/api/self')).statusCode).toBe(200);

    const componentId = await addSigningKey();
    try {
      const after = await keycloakLogin(kc!, email, PASSWORD);
      const kidOf = (token: string) =>
        JSON.parse(Buffer.from(token.split('.')[0], 'base64url').toString()).kid as string;
      expect(kidOf(after!.access_token)).not.toBe(kidOf(before!.access_token));
      // jose refetches the key set for an unknown key id, at most once per 30 s cooldown.
      await vi.waitFor(
        async () => expect((await apiClient(app, after!.access_token).get('/api/self')).statusCode).toBe(200),
        { timeout: 45_000, interval: 2_000 },
      );
      // The old key still verifies what it signed (it stays in the realm's key set).
      expect((await apiClient(app, before!.access_token).get('/api/self')).statusCode).toBe(200);
    } finally {
      await removeComponent(componentId);
    }
  }, 60_000);

  async function masterToken(): Promise<string> {
    const res = await fetch(`${kc!.url}/realms/master/protocol/openid-connect/token`, {
      method: 'POST',
      body: new URLSearchParams({
        grant_type: 'password',
        client_id: 'admin-cli',
        username: kc!.adminUsername,
        password: kc!.adminPassword,
      }),
    });
    return ((await res.json()) as { access_token: string }).access_token;
  }

  /** A new RSA key of higher priority than the realm's own: Keycloak signs with it from now on. */
  async function addSigningKey(): Promise<string> {
    const token = await masterToken();
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const realm = (await (await fetch(`${kc!.url}/admin/realms/${kc!.realm}`, { headers })).json()) as { id: string };
    const res = await fetch(`${kc!.url}/admin/realms/${kc!.realm}/components`, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        name: `rotated-${run}`,
        providerId: 'rsa-generated',
        providerType: 'org.keycloak.keys.KeyProvider',
        parentId: realm.id,
        config: { priority: ['500'], keySize: ['2048'], active: ['true'], enabled: ['true'], algorithm: ['RS256'] },
      }),
    });
    expect(res.status).toBe(201);
    return res.headers.get('location')!.split('/').pop()!;
  }

  async function removeComponent(id: string) {
    const token = await masterToken();
    await fetch(`${kc!.url}/admin/realms/${kc!.realm}/components/${id}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${token}` },
    });
  }
});
