import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectKeycloak, type KeycloakConnection } from '../../server/idp/keycloak/connection';
import { startMailCatcher, type MailCatcher } from '../../server/mail/catcher';
import { apiClient } from './helpers/app';
import { submitApplication } from './helpers/applications';
import {
  buildKeycloakTestApp,
  ensureTestClients,
  KEYCLOAK_SKIP_REASON,
  KEYCLOAK_TEST,
  keycloakLogin,
} from './helpers/keycloak';

/**
 * A studio's onboarding with the portal in Keycloak mode (EMBEDDED=false, mails over SMTP): the
 * LumioAdmin approves, the owner's account appears at Keycloak with the role Owner, the activation
 * mail carries the portal's own set-password link below PUBLIC_URL, and the password set there
 * logs in at Keycloak with a token the API accepts. Before issue 15 the approval answered 500.
 */
const kc = KEYCLOAK_TEST;
const suite = kc ? describe : describe.skip;

suite(`Onboarding with Keycloak ${kc ? `(${kc.url})` : `(${KEYCLOAK_SKIP_REASON})`}`, () => {
  let app: FastifyInstance;
  let relay: MailCatcher;
  let admin: KeycloakConnection;
  const run = Date.now().toString(36);

  beforeAll(async () => {
    await ensureTestClients(kc!);
    relay = await startMailCatcher();
    app = await buildKeycloakTestApp(kc!, { SMTP_URL: `smtp://127.0.0.1:${relay.port}`, JOB_WORKERS: 'true' });
    admin = connectKeycloak({
      url: kc!.url,
      realm: kc!.realm,
      clientId: 'lumio-server',
      clientSecret: kc!.clientSecret,
    });
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await relay?.close();
  });

  async function lumioAdminToken(): Promise<string> {
    const email = `pruefer-${run}@lumio-test.example`;
    const password = 'Freigabe-Pruefung-2026';
    const { id } = await app.db.transaction((tx) =>
      app.idpAdmin!.createUser(tx, {
        email,
        firstName: 'Lutz',
        lastName: 'Lumio',
        salutation: null,
        birthDate: null,
        role: 'LumioAdmin',
        status: 'VerifiedAndApproved',
        companyId: null,
        systemIntegratorId: null,
      }),
    );
    await admin.call((c) =>
      c.users.resetPassword({ id, credential: { type: 'password', value: password, temporary: false } }),
    );
    return (await keycloakLogin(kc!, email, password))!.access_token;
  }

  it("approves an application: the owner is a Keycloak account, activated through the portal's link", async () => {
    const { id, body } = await submitApplication(app, { email: `inhaberin-${run}@studio-test.example` });
    const confirmMail = await relay.waitFor((m) => m.to === body.email && m.subject.includes('bestätigen'), 30_000);
    const confirm = /\/company-application\/([0-9a-f-]{36})\/confirm\?token=([A-Za-z0-9_-]+)/.exec(confirmMail.text)!;
    expect(
      (await apiClient(app).get(`/api/company-application/${confirm[1]}/confirm?token=${confirm[2]}`)).statusCode,
    ).toBe(200);

    const approved = await apiClient(app, await lumioAdminToken()).put(`/api/company-application/${id}/status`, {
      status: 'Approved',
    });
    expect(approved.statusCode).toBe(200);

    const [account] = await admin.call((c) => c.users.find({ email: body.email, exact: true }));
    expect(account).toMatchObject({ email: body.email, enabled: true });
    const roles = await admin.call((c) => c.users.listRealmRoleMappings({ id: account.id! }));
    expect(roles.map((r) => r.name)).toContain('Owner');

    const activation = await relay.waitFor(
      (m) => m.to === body.email && m.subject === 'Ihr Lumio-Konto wurde eingerichtet',
      30_000,
    );
    const link = /http:\/\/localhost:8080\/account\/set-password\?token=[\w-]{43}/.exec(activation.text)?.[0];
    expect(link).toBeDefined();
    const url = new URL(link!);
    expect((await app.inject({ method: 'GET', url: `${url.pathname}${url.search}` })).statusCode).toBe(200);
    const saved = await app.inject({
      method: 'POST',
      url: url.pathname,
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'http://localhost:8080' },
      payload: new URLSearchParams({
        token: url.searchParams.get('token')!,
        'password-new': 'Sonnenlicht2026',
        'password-confirm': 'Sonnenlicht2026',
      }).toString(),
    });
    expect(saved.statusCode).toBe(200);

    const owner = await keycloakLogin(kc!, body.email, 'Sonnenlicht2026');
    expect(owner).toBeDefined();
    const self = await apiClient(app, owner!.access_token).get('/api/self');
    expect(self.statusCode).toBe(200);
    expect(self.json()).toMatchObject({ id: account.id, role: 'Owner', status: 'Approved' });
  }, 90_000);
});
