import { pbkdf2, randomBytes } from 'node:crypto';
import { promisify } from 'node:util';
import { onRollback } from '../../db/tx-effects';
import { DEMO_PASSWORD, type CreateDemoAccounts } from '../../db/seed';
import { DEMO_TOTP_SECRET, isSecondFactorRequired, TOTP_POLICY } from '../../../src/domain/secondFactor';
import { insertPortalUser } from '../admin-port';
import { statusOf, type KeycloakConnection } from './connection';

/**
 * The demo accounts at a development Keycloak (`npm run seed:keycloak`, scripts/seed-keycloak.ts).
 *
 * The demo password 'lumio-demo' breaks the realm's password policy (12 characters, a digit),
 * and Keycloak applies the policy to passwords an administrator sets as well: `reset-password` and
 * `credentials[].value` on create both answer 400 invalidPasswordMinLengthMessage (tried on
 * 26.7.3). The production realm keeps its policy; instead the demo accounts get their password
 * the way the embedded seed gets it, as a ready hash: Keycloak imports a credential with
 * `secretData`/`credentialData` unchecked (its import and migration format) and verifies logins
 * against it. PBKDF2-SHA512 is one of Keycloak's built-in password hash providers; Keycloak
 * re-hashes it with the realm's default algorithm at the first login.
 */
const PBKDF2_ITERATIONS = 210_000;
const PBKDF2_KEY_BYTES = 64;

async function demoPasswordCredential() {
  const salt = randomBytes(16);
  const hash = await promisify(pbkdf2)(DEMO_PASSWORD, salt, PBKDF2_ITERATIONS, PBKDF2_KEY_BYTES, 'sha512');
  return {
    type: 'password',
    temporary: false,
    credentialData: JSON.stringify({
      hashIterations: PBKDF2_ITERATIONS,
      algorithm: 'pbkdf2-sha512',
      additionalParameters: {},
    }),
    secretData: JSON.stringify({
      value: hash.toString('base64'),
      salt: salt.toString('base64'),
      additionalParameters: {},
    }),
  };
}

/**
 * The demo secret as Keycloak's OTP credential, for the demo accounts of the roles that must use a
 * second factor (issue 24), so that demos and tests compute their codes (README). Keycloak keeps
 * an OTP secret as text and by default hashes its UTF-8 bytes (the secret it generates is such
 * text, the app gets its base32); `secretEncoding: BASE32` (Keycloak 26) makes it decode the
 * value from base32 instead, so the stored value is DEMO_TOTP_SECRET itself, exactly what an
 * authenticator app is given. Like the password above, an imported credential is taken unchecked.
 */
const demoOtpCredential = {
  type: 'otp',
  userLabel: 'Demo',
  secretData: JSON.stringify({ value: DEMO_TOTP_SECRET }),
  credentialData: JSON.stringify({
    subType: 'totp',
    digits: TOTP_POLICY.digits,
    counter: 0,
    period: TOTP_POLICY.periodSeconds,
    algorithm: `Hmac${TOTP_POLICY.algorithm}`,
    secretEncoding: 'BASE32',
  }),
};

export interface DemoAccountsLog {
  info(message: string): void;
}

/**
 * Creates each account at Keycloak (login, names, hashed demo password, the demo second factor for
 * the provider roles, realm role, disabled for the rejected person), then its `users` row with Keycloak's id. An account Keycloak already has
 * under that address (an earlier seeding of this Keycloak, whose portal database is gone) is
 * deleted and created again, so the seed runs against a fresh database whatever the Keycloak
 * holds. When the seed's transaction rolls back, the accounts it created are deleted again.
 */
export function createKeycloakDemoAccounts(connection: KeycloakConnection, log: DemoAccountsLog): CreateDemoAccounts {
  const { call } = connection;
  return async (tx, accounts) => {
    const credential = await demoPasswordCredential();
    const roles = new Map<string, { id: string; name: string }>();
    for (const account of accounts) {
      const email = account.email.toLowerCase();
      const representation = {
        username: email,
        email,
        firstName: account.firstName,
        lastName: account.lastName,
        enabled: !account.disabled,
        emailVerified: true,
        credentials: isSecondFactorRequired(account.role) ? [credential, demoOtpCredential] : [credential],
      };
      let id: string;
      try {
        ({ id } = await call((kc) => kc.users.create(representation)));
      } catch (err) {
        if (statusOf(err) !== 409) throw err;
        const existing = await call((kc) => kc.users.find({ email, exact: true }));
        for (const user of existing) await call((kc) => kc.users.del({ id: user.id! }));
        log.info(`${email}: Keycloak hatte das Konto schon, es wird neu angelegt`);
        ({ id } = await call((kc) => kc.users.create(representation)));
      }
      onRollback(tx, `delete demo account ${email} at Keycloak`, () => call((kc) => kc.users.del({ id })));
      if (!roles.has(account.role)) {
        const role = await call((kc) => kc.roles.findOneByName({ name: account.role }));
        if (!role?.id) throw new Error(`the realm has no role ${account.role}`);
        roles.set(account.role, { id: role.id, name: account.role });
      }
      await call((kc) => kc.users.addRealmRoleMappings({ id, roles: [roles.get(account.role)!] }));
      const { disabled: _disabled, ...input } = account;
      await insertPortalUser(tx, input, { id, passwordHash: null });
    }
  };
}
