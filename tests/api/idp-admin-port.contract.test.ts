import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isRole, type Role } from '../../src/domain/roles';
import { decodeJwt } from 'jose';
import { subMonths } from 'date-fns/subMonths';
import { idpAdminPortForJobs } from '../../server/idp/admin-port-for-jobs';
import { runRetention } from '../../server/modules/retention/retention-run';
import { users } from '../../server/db/schema';
import {
  IdpUserExistsError,
  insertPortalUser,
  type IdpAdminPort,
  type IdpUserInput,
} from '../../server/idp/admin-port';
import { idpSecondFactors } from '../../server/idp/second-factor.table';
import { DEMO_TOTP_SECRET } from '../../src/domain/secondFactor';
import { connectKeycloak } from '../../server/idp/keycloak/connection';
import { SET_PASSWORD_TEXTS } from '../../server/idp/set-password-page';
import { apiClients, systemIntegrators } from '../../server/db/schema';
import { buildTestApp } from './helpers/app';
import { requestClientToken } from './helpers/apiClients';
import {
  buildKeycloakTestApp,
  ensureTestClients,
  KEYCLOAK_SKIP_REASON,
  KEYCLOAK_TEST,
  keycloakLogin,
  keycloakRefreshWorks,
} from './helpers/keycloak';
import { loginWithFlow } from './helpers/login';

/**
 * One contract for both implementations of the IdP admin port (ARCHITECTURE.md, "The identity
 * provider's administration"): the embedded provider always, Keycloak when KEYCLOAK_TEST_URL names
 * one. Each driver says what the identity provider itself holds of an account (`account`), whether
 * a password logs in there (`login`), and whether a login's session still lives (`sessionAlive`).
 */

interface IdpAccount {
  email: string;
  firstName: string;
  lastName: string;
  enabled: boolean;
  /** The portal roles the IdP holds for the login (Keycloak: the realm role mapping). */
  roles: Role[];
}

interface Driver {
  app: FastifyInstance;
  /** The account as the IdP holds it; undefined when it has none. */
  account(id: string): Promise<IdpAccount | undefined>;
  /** How many accounts the IdP has with this address (any case). */
  accountsWithEmail(email: string): Promise<number>;
  /** Logs in at the IdP; a refresh token when it worked. */
  login(email: string, password: string): Promise<string | undefined>;
  sessionAlive(refreshToken: string): Promise<boolean>;
  /** Creates the user (portal row and IdP account) with an authenticator app set up. */
  createWithSecondFactor(input: IdpUserInput): Promise<string>;
  /** The client-credentials grant at the IdP's token endpoint: an access token, or undefined when refused. */
  clientToken(clientId: string, secret: string): Promise<string | undefined>;
  /** Removes the login behind the portal's back (an operator at Keycloak); only where login and row are two. */
  dropAccount?(id: string): Promise<void>;
  close(): Promise<void>;
}

const PASSWORD = 'Studiolicht-2026';

async function embeddedDriver(): Promise<Driver> {
  const app = await buildTestApp();
  const row = async (id: string) => (await app.db.select().from(users).where(eq(users.id, id)))[0];
  return {
    app,
    async account(id) {
      const user = await row(id);
      if (!user) return undefined;
      const { email, firstName, lastName, role } = user;
      return { email, firstName, lastName, enabled: user.disabledAt === null, roles: [role] };
    },
    async accountsWithEmail(email) {
      const all = await app.db.select({ email: users.email }).from(users);
      return all.filter((u) => u.email.toLowerCase() === email.toLowerCase()).length;
    },
    async login(email, password) {
      try {
        return (await loginWithFlow(app, email, password)).refreshToken;
      } catch {
        return undefined;
      }
    },
    async sessionAlive(refreshToken) {
      const res = await app.inject({
        method: 'POST',
        url: '/realms/lumio/protocol/openid-connect/token',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({
          grant_type: 'refresh_token',
          client_id: 'lumio-web',
          refresh_token: refreshToken,
        }).toString(),
      });
      return res.statusCode === 200;
    },
    async clientToken(clientId, secret) {
      const res = await requestClientToken(app, clientId, secret);
      return res.statusCode === 200 ? (res.json() as { access_token: string }).access_token : undefined;
    },
    async createWithSecondFactor(input) {
      const { id } = await app.db.transaction((tx) => app.idpAdmin!.createUser(tx, input));
      // What the embedded enrolment stores; the sealed text is never opened by the admin port.
      await app.db.insert(idpSecondFactors).values({ userId: id, sealedSecret: 'sealed-for-the-contract' });
      return id;
    },
    close: () => app.close(),
  };
}

async function keycloakDriver(kc: NonNullable<typeof KEYCLOAK_TEST>): Promise<Driver> {
  await ensureTestClients(kc);
  const app = await buildKeycloakTestApp(kc);
  // The test's own look at Keycloak, through the same service account the API uses.
  const admin = connectKeycloak({
    url: kc.url,
    realm: kc.realm,
    clientId: 'lumio-server',
    clientSecret: kc.clientSecret,
  });
  return {
    app,
    async account(id) {
      const user = await admin.call((c) => c.users.findOne({ id }));
      if (!user) return undefined;
      const mapped = await admin.call((c) => c.users.listRealmRoleMappings({ id }));
      return {
        email: user.email ?? '',
        firstName: user.firstName ?? '',
        lastName: user.lastName ?? '',
        enabled: user.enabled === true,
        roles: mapped.map((r) => r.name).filter(isRole),
        // The login name follows the address (registrationEmailAsUsername).
        ...(user.username !== user.email ? { username: user.username } : {}),
      };
    },
    async accountsWithEmail(email) {
      return (await admin.call((c) => c.users.find({ email, exact: true }))).length;
    },
    async login(email, password) {
      return (await keycloakLogin(kc, email, password))?.refresh_token;
    },
    sessionAlive: (refreshToken) => keycloakRefreshWorks(kc, refreshToken),
    async clientToken(clientId, secret) {
      const res = await fetch(`${kc.url}/realms/${kc.realm}/protocol/openid-connect/token`, {
        method: 'POST',
        body: new URLSearchParams({ grant_type: 'client_credentials', client_id: clientId, client_secret: secret }),
      });
      return res.ok ? ((await res.json()) as { access_token: string }).access_token : undefined;
    },
    dropAccount: (id) => admin.call((c) => c.users.del({ id })),
    async createWithSecondFactor(input) {
      // An OTP credential can only be imported with the user (as server/idp/keycloak/demo-accounts.ts).
      const { id } = await admin.call((c) =>
        c.users.create({
          username: input.email,
          email: input.email,
          firstName: input.firstName,
          lastName: input.lastName,
          enabled: true,
          emailVerified: true,
          credentials: [
            {
              type: 'otp',
              secretData: JSON.stringify({ value: DEMO_TOTP_SECRET }),
              credentialData: JSON.stringify({
                subType: 'totp',
                digits: 6,
                counter: 0,
                period: 30,
                algorithm: 'HmacSHA1',
                secretEncoding: 'BASE32',
              }),
            },
          ],
        }),
      );
      await app.db.transaction((tx) => insertPortalUser(tx, input, { id, passwordHash: null }));
      return id;
    },
    close: () => app.close(),
  };
}

/** [name, driver (absent: skipped), whether the IdP's login and the portal row are two things] */
const implementations: [string, (() => Promise<Driver>) | undefined, boolean][] = [
  ['embedded provider', embeddedDriver, false],
  [
    KEYCLOAK_TEST ? `Keycloak at ${KEYCLOAK_TEST.url}` : `Keycloak (${KEYCLOAK_SKIP_REASON})`,
    KEYCLOAK_TEST ? () => keycloakDriver(KEYCLOAK_TEST!) : undefined,
    true,
  ],
];

describe.each(implementations)('IdP admin port contract: %s', (_name, makeDriver, separateLogins) => {
  let idp: Driver;
  let port: IdpAdminPort;
  const run = Date.now().toString(36);
  let counter = 0;

  beforeAll(async () => {
    if (!makeDriver) return;
    idp = await makeDriver();
    port = idp.app.idpAdmin!;
  }, 60_000);
  afterAll(async () => {
    await idp?.close();
  });

  const contract = makeDriver ? it : it.skip;
  /** Only where a login can vanish without its portal row (not the embedded provider, whose login is the row). */
  const separateLoginContract = makeDriver && separateLogins ? it : it.skip;

  function person(overrides: Partial<IdpUserInput> = {}): IdpUserInput {
    counter += 1;
    return {
      email: `vertrag-${run}-${counter}@studio-test.example`,
      firstName: 'Vera',
      lastName: 'Vertrag',
      salutation: 'Frau',
      birthDate: '1990-02-01',
      role: 'Owner',
      status: 'Approved',
      companyId: null,
      systemIntegratorId: null,
      ...overrides,
    };
  }

  const create = (input: IdpUserInput) => idp.app.db.transaction((tx) => port.createUser(tx, input));
  const portalRow = async (id: string) => (await idp.app.db.select().from(users).where(eq(users.id, id)))[0];

  /** Sets the password through the mailed link's page, as the user does. */
  async function setPasswordThroughLink(id: string, password = PASSWORD) {
    const link = await idp.app.db.transaction((tx) => port.createPasswordSetupLink(tx, id));
    const url = new URL(link);
    expect(url.origin).toBe(idp.app.config.publicUrl);
    const page = await idp.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(SET_PASSWORD_TEXTS.title);
    const saved = await idp.app.inject({
      method: 'POST',
      url: url.pathname,
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: idp.app.config.publicUrl },
      payload: new URLSearchParams({
        token: url.searchParams.get('token')!,
        'password-new': password,
        'password-confirm': password,
      }).toString(),
    });
    return { link: url, saved };
  }

  /** A rolled-back transaction: `work` runs, then the transaction fails. */
  async function rolledBack(
    work: (tx: Parameters<Parameters<FastifyInstance['db']['transaction']>[0]>[0]) => Promise<unknown>,
  ) {
    const failure = new Error('the caller failed after the IdP call');
    await expect(
      idp.app.db.transaction(async (tx) => {
        await work(tx);
        throw failure;
      }),
    ).rejects.toBe(failure);
  }

  contract(
    'creates the user with its role, under the lower-cased address, and the portal row with the IdP id',
    async () => {
      const input = person({ email: `Gross-${run}@Studio-Test.example`, role: 'AccountAdministrator' });
      const { id } = await create(input);
      const address = input.email.toLowerCase();
      expect(await idp.account(id)).toEqual({
        email: address,
        firstName: 'Vera',
        lastName: 'Vertrag',
        enabled: true,
        roles: ['AccountAdministrator'],
      });
      expect(await portalRow(id)).toMatchObject({ email: address, role: 'AccountAdministrator', status: 'Approved' });
      expect(await port.hasPassword(idp.app.db, id)).toBe(false);
    },
  );

  contract('refuses a second user with the same address in any case, and keeps one account', async () => {
    const input = person();
    await create(input);
    await expect(create({ ...input, email: input.email.toUpperCase(), firstName: 'Zweite' })).rejects.toBeInstanceOf(
      IdpUserExistsError,
    );
    expect(await idp.accountsWithEmail(input.email)).toBe(1);
  });

  contract('refuses an address the portal has already, and leaves no account behind at the IdP', async () => {
    const input = person();
    // A portal row without a login of this IdP (for the embedded provider the row is the login).
    await idp.app.db.insert(users).values({ ...input, id: randomUUID() });
    const before = await idp.accountsWithEmail(input.email);
    await expect(create(input)).rejects.toBeInstanceOf(IdpUserExistsError);
    expect(await idp.accountsWithEmail(input.email)).toBe(before);
  });

  contract("sets the password through the portal's German link, which then logs in and is used up", async () => {
    const input = person();
    const { id } = await create(input);
    expect(await idp.login(input.email, PASSWORD)).toBeUndefined();

    const { link, saved } = await setPasswordThroughLink(id);
    expect(saved.statusCode).toBe(200);
    expect(saved.body).toContain(SET_PASSWORD_TEXTS.saved);
    expect(await port.hasPassword(idp.app.db, id)).toBe(true);
    expect(await idp.login(input.email, PASSWORD)).toEqual(expect.any(String));

    const again = await idp.app.inject({ method: 'GET', url: `${link.pathname}${link.search}` });
    expect(again.statusCode).toBe(410);
    expect(again.body).toContain(SET_PASSWORD_TEXTS.usedTitle);
  });

  contract('refuses a password against the rules in German and keeps the link usable', async () => {
    const { id } = await create(person());
    const { link, saved } = await setPasswordThroughLink(id, 'kurz');
    expect(saved.statusCode).toBe(400);
    expect(saved.body).toContain('Das Passwort muss mindestens 12 Zeichen lang sein.');
    expect(await port.hasPassword(idp.app.db, id)).toBe(false);
    const again = await idp.app.inject({ method: 'GET', url: `${link.pathname}${link.search}` });
    expect(again.statusCode).toBe(200);
  });

  contract('renames the user at the IdP and in the portal', async () => {
    const { id } = await create(person());
    await idp.app.db.transaction((tx) => port.changeNames(tx, id, { firstName: 'Wilma', lastName: 'Weber-Neu' }));
    expect(await idp.account(id)).toMatchObject({ firstName: 'Wilma', lastName: 'Weber-Neu' });
    expect(await portalRow(id)).toMatchObject({ firstName: 'Wilma', lastName: 'Weber-Neu' });
  });

  contract('changes the login name with the e-mail, and refuses an address another user has', async () => {
    const input = person();
    const { id } = await create(input);
    await setPasswordThroughLink(id);
    const newEmail = `neu-${run}-${counter}@studio-test.example`;
    await idp.app.db.transaction((tx) => port.changeEmail(tx, id, newEmail.toUpperCase()));
    expect(await idp.account(id)).toMatchObject({ email: newEmail });
    expect(await portalRow(id)).toMatchObject({ email: newEmail });
    expect(await idp.login(newEmail, PASSWORD)).toEqual(expect.any(String));
    expect(await idp.login(input.email, PASSWORD)).toBeUndefined();

    const other = person();
    await create(other);
    await expect(idp.app.db.transaction((tx) => port.changeEmail(tx, id, other.email))).rejects.toBeInstanceOf(
      IdpUserExistsError,
    );
    expect(await idp.account(id)).toMatchObject({ email: newEmail });
  });

  contract('gives the user another role, the old one goes', async () => {
    const { id } = await create(person({ role: 'Employee', status: 'Unverified' }));
    await idp.app.db.transaction((tx) => port.changeRole(tx, id, 'AccountAdministrator'));
    expect((await idp.account(id))?.roles).toEqual(['AccountAdministrator']);
    expect(await portalRow(id)).toMatchObject({ role: 'AccountAdministrator' });
  });

  contract('disables the user: no login any more, and open set-password links stop working', async () => {
    const input = person({ role: 'Employee', status: 'Unverified' });
    const { id } = await create(input);
    await setPasswordThroughLink(id);
    const link = new URL(await idp.app.db.transaction((tx) => port.createPasswordSetupLink(tx, id)));
    await idp.app.db.transaction((tx) => port.disableUser(tx, id));
    expect(await idp.account(id)).toMatchObject({ enabled: false });
    // The portal's own record: recipient queries leave disabled accounts out.
    expect((await portalRow(id))?.disabledAt).toEqual(expect.any(Date));
    expect(await idp.login(input.email, PASSWORD)).toBeUndefined();
    const page = await idp.app.inject({ method: 'GET', url: `${link.pathname}${link.search}` });
    expect(page.statusCode).toBe(410);
  });

  contract('deletes the user with the portal row once the transaction committed', async () => {
    const input = person();
    const { id } = await create(input);
    await setPasswordThroughLink(id);
    await idp.app.db.transaction((tx) => port.deleteUser(tx, id));
    expect(await idp.account(id)).toBeUndefined();
    expect(await portalRow(id)).toBeUndefined();
    expect(await idp.login(input.email, PASSWORD)).toBeUndefined();
  });

  contract('the retention job erases a person rejected 7 months ago through the port it builds itself', async () => {
    const input = person();
    const { id } = await create(input);
    await setPasswordThroughLink(id);
    await idp.app.db
      .update(users)
      .set({ status: 'Rejected', rejectedAt: subMonths(new Date(), 7) })
      .where(eq(users.id, id));
    // As server/jobs/retention.job.ts does: the job's own port, from the configuration alone.
    const jobPort = idpAdminPortForJobs(idp.app.config, idp.app.db, idp.app.log);
    const { categories } = await runRetention(idp.app.db, {
      reportRetentionDays: idp.app.config.reportRetentionDays,
      deleteAccount: (tx, userId) => jobPort.deleteUser(tx, userId),
    });
    expect(categories.find((c) => c.category === 'closedAccounts')?.deleted).toBeGreaterThanOrEqual(1);
    expect(await idp.account(id)).toBeUndefined();
    expect(await portalRow(id)).toBeUndefined();
    expect(await idp.login(input.email, PASSWORD)).toBeUndefined();
  });

  separateLoginContract('deletes the portal row of a user whose login an operator removed already', async () => {
    const { id } = await create(person());
    await idp.dropAccount!(id);
    await idp.app.db.transaction((tx) => port.deleteUser(tx, id));
    expect(await portalRow(id)).toBeUndefined();
    expect(await idp.account(id)).toBeUndefined();
  });

  separateLoginContract(
    'a set-password link of a user whose login an operator removed says it is invalid',
    async () => {
      const { id } = await create(person());
      await idp.dropAccount!(id);
      const { saved } = await setPasswordThroughLink(id);
      expect(saved.statusCode).toBe(404);
      expect(saved.headers['content-type']).toMatch(/^text\/html/);
      expect(saved.body).toContain(SET_PASSWORD_TEXTS.invalidTitle);
    },
  );

  contract('ends every session: a refresh token of an earlier login stops working', async () => {
    const input = person();
    const { id } = await create(input);
    await setPasswordThroughLink(id);
    const refreshToken = await idp.login(input.email, PASSWORD);
    expect(refreshToken).toEqual(expect.any(String));
    expect(await idp.sessionAlive(refreshToken!)).toBe(true);
    await port.endSessions(idp.app.db, id);
    expect(await idp.sessionAlive(refreshToken!)).toBe(false);
  });

  contract('tells whether a user has a second factor and removes it on reset', async () => {
    const withFactor = await idp.createWithSecondFactor(person({ role: 'LumioAdmin' }));
    const { id: without } = await create(person());
    expect(await port.hasSecondFactor(idp.app.db, withFactor)).toBe(true);
    expect(await port.hasSecondFactor(idp.app.db, without)).toBe(false);
    await idp.app.db.transaction((tx) => port.resetSecondFactor(tx, withFactor));
    expect(await port.hasSecondFactor(idp.app.db, withFactor)).toBe(false);
    // A second reset finds nothing and does no harm; the account itself stays.
    await idp.app.db.transaction((tx) => port.resetSecondFactor(tx, withFactor));
    expect(await idp.account(withFactor)).toMatchObject({ enabled: true });
  });

  /** An integrator of its own and the `api_clients` row the portal writes before it calls the port. */
  async function apiClientRow(tx: Parameters<Parameters<FastifyInstance['db']['transaction']>[0]>[0]) {
    counter += 1;
    const [integrator] = await tx
      .insert(systemIntegrators)
      .values({ name: `Vertrag ${run}-${counter}`, code: `VERTRAG-${run}-${counter}` })
      .returning();
    const clientId = `lumio-api-vertrag${run}${counter}`;
    await tx.insert(apiClients).values({ systemIntegratorId: integrator.id, name: 'Vertrags-ERP', clientId });
    return clientId;
  }

  contract(
    'an API client gets JWT access tokens for the API with the client-credentials grant, none once deleted',
    async () => {
      const { clientId, secret } = await idp.app.db.transaction(async (tx) => {
        const id = await apiClientRow(tx);
        return { clientId: id, ...(await port.createApiClient(tx, { clientId: id, name: 'Vertrags-ERP' })) };
      });
      const token = await idp.clientToken(clientId, secret);
      expect(token).toEqual(expect.any(String));
      const claims = decodeJwt(token!);
      expect([claims.aud].flat()).toContain(idp.app.config.keycloak.audience);
      expect(claims.azp ?? claims.client_id).toBe(clientId);
      expect(await idp.clientToken(clientId, `${secret}x`)).toBeUndefined();
      // The API takes it: the integrator's (empty) licence list.
      const res = await idp.app.inject({
        method: 'GET',
        url: '/api/license',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(res.statusCode, res.body).toBe(200);

      await idp.app.db.transaction(async (tx) => {
        await port.deleteApiClient(tx, clientId);
        await tx.delete(apiClients).where(eq(apiClients.clientId, clientId));
      });
      expect(await idp.clientToken(clientId, secret)).toBeUndefined();
    },
  );

  describe('compensation when the transaction rolls back', () => {
    contract('a created API client gets no token', async () => {
      let created: { clientId: string; secret: string } | undefined;
      await rolledBack(async (tx) => {
        const clientId = await apiClientRow(tx);
        created = { clientId, ...(await port.createApiClient(tx, { clientId, name: 'Zurückgerollt' })) };
      });
      expect(created?.secret).toEqual(expect.any(String));
      expect(await idp.clientToken(created!.clientId, created!.secret)).toBeUndefined();
    });

    contract('a deleted API client still gets tokens', async () => {
      const { clientId, secret } = await idp.app.db.transaction(async (tx) => {
        const id = await apiClientRow(tx);
        return { clientId: id, ...(await port.createApiClient(tx, { clientId: id, name: 'Bleibt' })) };
      });
      await rolledBack(async (tx) => {
        await port.deleteApiClient(tx, clientId);
        await tx.delete(apiClients).where(eq(apiClients.clientId, clientId));
      });
      expect(await idp.clientToken(clientId, secret)).toEqual(expect.any(String));
    });

    contract('a created user leaves no account behind', async () => {
      const input = person();
      let id = '';
      await rolledBack(async (tx) => {
        ({ id } = await port.createUser(tx, input));
      });
      expect(id).not.toBe('');
      expect(await idp.account(id)).toBeUndefined();
      expect(await idp.accountsWithEmail(input.email)).toBe(0);
      // The address is free again.
      const again = await create(input);
      expect(await idp.account(again.id)).toMatchObject({ email: input.email });
    });

    contract('names, e-mail, role and the disabled state are as before', async () => {
      const input = person({ role: 'Employee', status: 'Unverified' });
      const { id } = await create(input);
      const before = await idp.account(id);
      await rolledBack(async (tx) => {
        await port.changeNames(tx, id, { firstName: 'Xaver', lastName: 'Zurück' });
        await port.changeEmail(tx, id, `zurueck-${run}-${counter}@studio-test.example`);
        await port.changeRole(tx, id, 'AccountAdministrator');
        await port.disableUser(tx, id);
      });
      expect(await idp.account(id)).toEqual(before);
      expect(await portalRow(id)).toMatchObject({
        email: input.email,
        firstName: 'Vera',
        role: 'Employee',
        disabledAt: null,
      });
    });

    contract('a deletion does not happen, and the account still logs in', async () => {
      const input = person();
      const { id } = await create(input);
      await setPasswordThroughLink(id);
      await rolledBack((tx) => port.deleteUser(tx, id));
      expect(await idp.account(id)).toMatchObject({ email: input.email, enabled: true });
      expect(await portalRow(id)).toBeDefined();
      expect(await idp.login(input.email, PASSWORD)).toEqual(expect.any(String));
    });

    contract('a reset second factor stays', async () => {
      const id = await idp.createWithSecondFactor(person({ role: 'SystemIntegratorAdmin' }));
      await rolledBack((tx) => port.resetSecondFactor(tx, id));
      expect(await port.hasSecondFactor(idp.app.db, id)).toBe(true);
    });

    contract('a savepoint rolled back inside a committed transaction undoes only its own calls', async () => {
      const kept = person();
      const dropped = person();
      let droppedId = '';
      const { id: keptId } = await idp.app.db.transaction(async (tx) => {
        const created = await port.createUser(tx, kept);
        await tx
          .transaction(async (savepoint) => {
            ({ id: droppedId } = await port.createUser(savepoint, dropped));
            throw new Error('the savepoint fails');
          })
          .catch(() => undefined);
        return created;
      });
      expect(await idp.account(keptId)).toMatchObject({ email: kept.email });
      expect(await idp.account(droppedId)).toBeUndefined();
    });
  });

  contract('knows no account under an id it never issued', async () => {
    expect(await idp.account(randomUUID())).toBeUndefined();
  });
});
