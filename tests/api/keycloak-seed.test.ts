import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../server/db/schema';
import { DEMO_PASSWORD, seedDemoData } from '../../server/db/seed';
import { connectKeycloak } from '../../server/idp/keycloak/connection';
import { createKeycloakDemoAccounts } from '../../server/idp/keycloak/demo-accounts';
import { claimDemoTotpCode } from '../../scripts/lib/totp.mjs';
import { apiClient } from './helpers/app';
import {
  buildKeycloakTestApp,
  ensureTestClients,
  KEYCLOAK_SKIP_REASON,
  KEYCLOAK_TEST,
  keycloakLogin,
  TEST_CLIENT,
} from './helpers/keycloak';

/**
 * `npm run seed:keycloak`'s seeding on a fresh portal database against a Keycloak that may hold
 * the demo accounts of an earlier run already: the demo users log in at Keycloak with the demo
 * password (the provider roles' accounts with the demo code as second factor) and the API knows
 * them by Keycloak's ids.
 */
const kc = KEYCLOAK_TEST;
const suite = kc ? describe : describe.skip;

suite(`Demo data on Keycloak ${kc ? `(${kc.url})` : `(${KEYCLOAK_SKIP_REASON})`}`, () => {
  let app: FastifyInstance;

  beforeAll(async () => {
    await ensureTestClients(kc!);
    app = await buildKeycloakTestApp(kc!);
  }, 60_000);
  afterAll(async () => {
    await app?.close();
  });

  it('seeds a fresh database even when Keycloak holds earlier demo accounts, a second run changes nothing, and the demo users log in', async () => {
    const connection = connectKeycloak({
      url: kc!.url,
      realm: kc!.realm,
      clientId: 'lumio-server',
      clientSecret: kc!.clientSecret,
    });
    const quiet = { info: () => undefined };
    const pseudonymKey = randomBytes(32);
    expect(await seedDemoData(app.db, { pseudonymKey }, createKeycloakDemoAccounts(connection, quiet))).toBe(true);
    // A second run finds users and leaves everything as it is.
    expect(await seedDemoData(app.db, { pseudonymKey }, createKeycloakDemoAccounts(connection, quiet))).toBe(false);

    const [owner] = await app.db.select().from(users).where(eq(users.email, 'inhaber@studio-sonnenschein.example'));
    const tokens = await keycloakLogin(kc!, owner.email, DEMO_PASSWORD);
    expect(tokens).toBeDefined();
    const self = await apiClient(app, tokens!.access_token).get('/api/self');
    expect(self.statusCode).toBe(200);
    expect(self.json()).toMatchObject({ id: owner.id, role: 'Owner', status: 'VerifiedAndApproved' });

    // The rejected person's account is disabled at Keycloak, as the company's 'Ablehnen' leaves it.
    expect(await keycloakLogin(kc!, 'abgelehnt@studio-sonnenschein.example', DEMO_PASSWORD)).toBeUndefined();
    expect(await keycloakLogin(kc!, 'neu@studio-morgenrot.example', DEMO_PASSWORD)).toBeDefined();

    // The provider roles' demo accounts have the demo second factor (issue 24): Keycloak wants its
    // code after the password, and the code computed from the README's demo secret is the one.
    const admin = 'admin@lumio.example';
    const code = await claimDemoTotpCode(admin);
    const wrong = String((Number(code) + 500_000) % 1_000_000).padStart(6, '0');
    // (Two failures within a second would lock the account for a minute: Keycloak's quick-login check.)
    expect(await keycloakLogin(kc!, admin, DEMO_PASSWORD, TEST_CLIENT, { totp: '' })).toBeUndefined();
    expect(await keycloakLogin(kc!, admin, DEMO_PASSWORD, TEST_CLIENT, { totp: code })).toBeDefined();
    expect(await keycloakLogin(kc!, admin, DEMO_PASSWORD, TEST_CLIENT, { totp: wrong })).toBeUndefined();
  }, 120_000);
});
