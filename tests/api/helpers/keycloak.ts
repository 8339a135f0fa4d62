import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { claimDemoTotpCode } from '../../../scripts/lib/totp.mjs';
import { buildTestApp } from './app';

/**
 * A real Keycloak for the tests that need one (the IdP admin port's contract, the API's token
 * checks), named by KEYCLOAK_TEST_URL (e.g. http://localhost:8180, started with the realm of
 * deploy/keycloak/lumio-realm.json). Without it those tests are skipped and say so in their name.
 */
export const KEYCLOAK_TEST = process.env.KEYCLOAK_TEST_URL
  ? {
      url: process.env.KEYCLOAK_TEST_URL.replace(/\/$/, ''),
      realm: process.env.KEYCLOAK_TEST_REALM ?? 'lumio',
      /** The secret of the realm's service-account client `lumio-server`, as `npm run keycloak` sets it. */
      clientSecret: process.env.KEYCLOAK_TEST_CLIENT_SECRET ?? 'lumio-dev-secret',
      /** The bootstrap admin of the master realm: only to add the test clients below. */
      adminUsername: process.env.KEYCLOAK_TEST_ADMIN_USERNAME ?? 'admin',
      adminPassword: process.env.KEYCLOAK_TEST_ADMIN_PASSWORD ?? 'admin',
    }
  : undefined;

export const KEYCLOAK_SKIP_REASON = 'skipped: KEYCLOAK_TEST_URL is not set (no Keycloak to test against)';

type KeycloakTest = NonNullable<typeof KEYCLOAK_TEST>;

/**
 * Test-only clients of the realm, with the password grant the portal's own clients do not allow:
 * `lumio-test-direct` gets the lumio-api audience like lumio-web, `lumio-test-foreign` does not.
 */
export const TEST_CLIENT = 'lumio-test-direct';
export const FOREIGN_AUDIENCE_CLIENT = 'lumio-test-foreign';

async function masterAdminToken(kc: KeycloakTest): Promise<string> {
  const res = await fetch(`${kc.url}/realms/master/protocol/openid-connect/token`, {
    method: 'POST',
    body: new URLSearchParams({
      grant_type: 'password',
      client_id: 'admin-cli',
      username: kc.adminUsername,
      password: kc.adminPassword,
    }),
  });
  if (!res.ok) throw new Error(`Keycloak bootstrap admin login: ${res.status}`);
  return ((await res.json()) as { access_token: string }).access_token;
}

/** Adds the two test clients once per Keycloak (a second run finds them: 409). */
export async function ensureTestClients(kc: KeycloakTest): Promise<void> {
  const token = await masterAdminToken(kc);
  const audience = {
    name: 'audience lumio-api',
    protocol: 'openid-connect',
    protocolMapper: 'oidc-audience-mapper',
    config: { 'included.custom.audience': 'lumio-api', 'access.token.claim': 'true' },
  };
  for (const [clientId, mappers] of [
    [TEST_CLIENT, [audience]],
    [FOREIGN_AUDIENCE_CLIENT, []],
  ] as const) {
    const res = await fetch(`${kc.url}/admin/realms/${kc.realm}/clients`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        clientId,
        publicClient: true,
        standardFlowEnabled: false,
        directAccessGrantsEnabled: true,
        protocolMappers: mappers,
      }),
    });
    if (!res.ok && res.status !== 409) throw new Error(`creating test client ${clientId}: ${res.status}`);
  }
}

export interface KeycloakTokens {
  access_token: string;
  refresh_token: string;
}

/**
 * The password grant of a test client: the tokens, or undefined when Keycloak refuses the login.
 * The realm's direct-grant flow asks the code (`totp`) of a user who has a second factor, such as
 * the demo accounts of the provider roles (enrolled with the demo secret): a demo code goes with
 * every login and is ignored for users without one. Keycloak takes each code once per user
 * (`otpPolicyCodeReusable` false), so the default is one no other login on this machine sent.
 */
export async function keycloakLogin(
  kc: KeycloakTest,
  username: string,
  password: string,
  clientId = TEST_CLIENT,
  { totp }: { totp?: string } = {},
): Promise<KeycloakTokens | undefined> {
  const res = await fetch(`${kc.url}/realms/${kc.realm}/protocol/openid-connect/token`, {
    method: 'POST',
    body: new URLSearchParams({
      grant_type: 'password',
      client_id: clientId,
      username,
      password,
      totp: totp ?? (await claimDemoTotpCode(username)),
      scope: 'openid',
    }),
  });
  return res.ok ? ((await res.json()) as KeycloakTokens) : undefined;
}

/** Whether Keycloak still honours a refresh token (it does not once the sessions ended). */
export async function keycloakRefreshWorks(kc: KeycloakTest, refreshToken: string): Promise<boolean> {
  const res = await fetch(`${kc.url}/realms/${kc.realm}/protocol/openid-connect/token`, {
    method: 'POST',
    body: new URLSearchParams({ grant_type: 'refresh_token', client_id: TEST_CLIENT, refresh_token: refreshToken }),
  });
  return res.ok;
}

/**
 * The API in Keycloak mode (EMBEDDED=false) on a fresh in-memory database, no demo data; by
 * default no workers (mails stay in the outbox), `env` may point SMTP_URL at a catcher instead.
 */
export function buildKeycloakTestApp(kc: KeycloakTest, env: Record<string, string> = {}): Promise<FastifyInstance> {
  return buildTestApp({
    EMBEDDED: 'false',
    SEED_DEMO_DATA: 'false',
    JOB_WORKERS: 'false',
    KEYCLOAK_URL: kc.url,
    KEYCLOAK_REALM: kc.realm,
    KEYCLOAK_ADMIN_CLIENT_SECRET: kc.clientSecret,
    // build() gets its database from the test helper; the URL only satisfies the configuration check.
    DATABASE_URL: 'postgres://lumio@127.0.0.1:1/lumio',
    // Mails stay in the outbox: no worker runs.
    SMTP_URL: 'smtp://127.0.0.1:1',
    DOCUMENT_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
    ...env,
  });
}
