import type UserRepresentation from '@keycloak/keycloak-admin-client/lib/defs/userRepresentation.js';
import type KcAdminClient from '@keycloak/keycloak-admin-client';
import { eq } from 'drizzle-orm';
import { isRole, type Role } from '../../../src/domain/roles';
import type { DbOrTx } from '../../db/client';
import { users } from '../../db/schema';
import { afterCommit, assertTracked, onRollback } from '../../db/tx-effects';
import { IdpUserExistsError, insertPortalUser, isUniqueViolation, type IdpAdminPort } from '../admin-port';
import { PasswordAccountGoneError, type PasswordStore } from '../password-store';
import { SET_PASSWORD_PORTAL_PATH } from '../set-password';
import { issueSetupToken, revokeOpenSetupLinks } from '../setup-links';
import { keycloakErrorOf, statusOf, type KeycloakConnection } from './connection';
import { policyMessage } from './password-policy';

export interface KeycloakAdminLog {
  info(details: object, message: string): void;
  error(details: object, message: string): void;
}

export interface KeycloakIdpAdminOptions {
  connection: KeycloakConnection;
  /** The portal's PUBLIC_URL: the set-password page lives there, not at Keycloak. */
  publicUrl: string;
  log: KeycloakAdminLog;
  now?: () => Date;
  /** The access tokens' audience (config.keycloak.audience): API clients' tokens get it too. */
  audience: string;
  /** Waits between the attempts of a deletion after commit (tests shorten them). */
  retryDelaysMs?: number[];
}

/** Keycloak's administration and, for the set-password page, its credentials. */
export type KeycloakIdpAdmin = IdpAdminPort & { passwords: PasswordStore<string> };

/**
 * The IdP admin port on Keycloak's Admin REST API (realm of the connection), through the
 * service-account client `lumio-server` (realm-management: manage-users, view-users,
 * query-users, view-realm; manage-clients, view-clients for the API clients). The portal's `users` row stays the source of role, status and tenant;
 * Keycloak holds credentials, sessions and the login's names and role mapping.
 *
 * Keycloak is not part of the caller's transaction. Every call that changes Keycloak registers
 * its undo with `onRollback(tx, …)` right after it succeeded (server/db/tx-effects.ts), so a
 * rolled-back approval, e-mail change or rejection leaves Keycloak as it was; a deletion, which
 * cannot be undone, only disables the account in the transaction and deletes it `afterCommit`.
 * A step that fails half-way inside one operation is undone on the spot, before the error leaves.
 * Mapping of each call: docs/idp-admin-port.md.
 */
export function createKeycloakIdpAdminPort(options: KeycloakIdpAdminOptions): KeycloakIdpAdmin {
  const { connection, log, audience, now = () => new Date(), retryDelaysMs = [500, 2000] } = options;
  const call = connection.call;
  const linkBase = `${options.publicUrl.replace(/\/$/, '')}${SET_PASSWORD_PORTAL_PATH}`;

  /** `PUT /users/{id}` replaces the user, so every change sends the whole representation back. */
  async function updateUser(id: string, change: (rep: UserRepresentation) => UserRepresentation) {
    const before = await call((kc) => kc.users.findOne({ id }));
    if (!before) throw new Error(`Keycloak has no user ${id}`);
    await call((kc) => kc.users.update({ id }, change(structuredClone(before))));
    return before;
  }

  /** The role mapping needs the role's id and name; GET /roles/{name} needs view-realm. */
  async function realmRole(kc: KcAdminClient, name: Role) {
    const role = await kc.roles.findOneByName({ name });
    if (!role?.id) throw new Error(`the realm has no role ${name} (deploy/keycloak/lumio-realm.json)`);
    return { id: role.id, name };
  }

  /** The portal roles mapped to the user; Keycloak's own (default-roles-…, offline_access) stay. */
  async function portalRolesOf(id: string): Promise<Role[]> {
    const mapped = await call((kc) => kc.users.listRealmRoleMappings({ id }));
    return mapped.map((role) => role.name).filter(isRole);
  }

  async function setRoles(id: string, remove: Role[], add: Role[]) {
    if (remove.length) {
      await call(async (kc) =>
        kc.users.delRealmRoleMappings({ id, roles: await Promise.all(remove.map((r) => realmRole(kc, r))) }),
      );
    }
    if (add.length) {
      await call(async (kc) =>
        kc.users.addRealmRoleMappings({ id, roles: await Promise.all(add.map((r) => realmRole(kc, r))) }),
      );
    }
  }

  /** DELETE /users/{id}; a user Keycloak no longer has is gone already. */
  async function deleteAccount(id: string) {
    try {
      await call((kc) => kc.users.del({ id }));
    } catch (err) {
      if (statusOf(err) !== 404) throw err;
    }
  }

  async function withRetries(what: string, action: () => Promise<void>) {
    for (let attempt = 0; ; attempt++) {
      try {
        return await action();
      } catch (err) {
        if (attempt >= retryDelaysMs.length) throw err;
        log.info({ err, what, attempt: attempt + 1 }, 'Keycloak call failed; trying again');
        await new Promise((resolve) => setTimeout(resolve, retryDelaysMs[attempt]));
      }
    }
  }

  /** Runs `dbStep`; if it fails, `undo` puts Keycloak back at once (the caller might not roll back). */
  async function undoingOnFailure<T>(dbStep: () => Promise<T>, undo: () => Promise<void>): Promise<T> {
    try {
      return await dbStep();
    } catch (err) {
      await undo().catch((undoErr: unknown) =>
        log.error({ err: undoErr }, 'undoing a Keycloak change after a failed database step failed'),
      );
      throw err;
    }
  }

  const passwords: PasswordStore<string> = {
    async hasPassword(_db, userId) {
      try {
        const credentials = await call((kc) => kc.users.getCredentials({ id: userId }));
        return credentials.some((credential) => credential.type === 'password');
      } catch (err) {
        if (statusOf(err) === 404) return false;
        throw err;
      }
    },
    prepare: async (password) => password,
    async store(tx, userId, password, at) {
      await revokeOpenSetupLinks(tx, userId, at);
      try {
        await call((kc) =>
          kc.users.resetPassword({ id: userId, credential: { type: 'password', value: password, temporary: false } }),
        );
      } catch (err) {
        if (statusOf(err) === 404) throw new PasswordAccountGoneError();
        const message = statusOf(err) === 400 ? policyMessage(keycloakErrorOf(err)) : undefined;
        if (message) return [message];
        throw err;
      }
      // As the embedded provider clears its login throttle: the new password starts afresh.
      await call((kc) => kc.attackDetection.del({ id: userId })).catch((err: unknown) =>
        log.info({ err, userId }, 'clearing Keycloak brute-force state failed'),
      );
      return [];
    },
    // Keycloak's logout of all the user's sessions; the API refuses their access tokens itself.
    endSessions: (_db, userId) => endKeycloakSessions(userId),
  };

  /** The user's OTP credentials (Keycloak's authenticator apps); none for a user Keycloak lacks. */
  async function otpCredentialsOf(userId: string) {
    try {
      const credentials = await call((kc) => kc.users.getCredentials({ id: userId }));
      return credentials.filter((credential) => credential.type === 'otp' && credential.id);
    } catch (err) {
      if (statusOf(err) === 404) return [];
      throw err;
    }
  }

  async function endKeycloakSessions(userId: string): Promise<void> {
    try {
      await call((kc) => kc.users.logout({ id: userId }));
    } catch (err) {
      if (statusOf(err) !== 404) throw err;
    }
  }

  /** Keycloak's internal id of the client with this client id; undefined when it has none. */
  async function clientUuidOf(clientId: string): Promise<string | undefined> {
    const found = await call((kc) => kc.clients.find({ clientId, first: 0, max: 1 }));
    return found.find((client) => client.clientId === clientId)?.id;
  }

  async function deleteClient(id: string) {
    try {
      await call((kc) => kc.clients.del({ id }));
    } catch (err) {
      if (statusOf(err) !== 404) throw err;
    }
  }

  async function setClientEnabled(id: string, enabled: boolean) {
    const before = await call((kc) => kc.clients.findOne({ id }));
    if (!before) return undefined;
    await call((kc) => kc.clients.update({ id }, { ...before, enabled }));
    return before;
  }

  return {
    passwords,

    async createUser(tx, input) {
      assertTracked(tx);
      const email = input.email.trim().toLowerCase();
      let id: string;
      try {
        // Roles in this body are ignored by Keycloak (keycloak/keycloak#46759): mapped below.
        ({ id } = await call((kc) =>
          kc.users.create({
            username: email,
            email,
            firstName: input.firstName,
            lastName: input.lastName,
            enabled: true,
            // The portal confirmed the address (application link, invitation mail).
            emailVerified: true,
          }),
        ));
      } catch (err) {
        if (statusOf(err) === 409) throw new IdpUserExistsError();
        throw err;
      }
      await undoingOnFailure(
        async () => {
          await setRoles(id, [], [input.role]);
          await insertPortalUser(tx, input, { id, passwordHash: null });
        },
        () => deleteAccount(id),
      );
      onRollback(tx, `delete Keycloak user ${id} (${email})`, () => deleteAccount(id));
      return { id };
    },

    async createPasswordSetupLink(tx, userId) {
      return `${linkBase}?token=${await issueSetupToken(tx, userId, now())}`;
    },

    hasPassword: (db: DbOrTx, userId: string) => passwords.hasPassword(db, userId),

    async deleteUser(tx, userId) {
      assertTracked(tx);
      // The user's password-setup links go with the row (foreign key, on delete cascade).
      const [deleted] = await tx.delete(users).where(eq(users.id, userId)).returning({ id: users.id });
      if (!deleted) return;
      // Disabled now and deleted after the commit: a deletion cannot be undone when the
      // transaction rolls back, and a deletion that fails even after its retries leaves at least a
      // disabled account (the error log names it), never a usable one without its portal row.
      // An account an operator already removed at Keycloak does not stop the deletion.
      if (!(await call((kc) => kc.users.findOne({ id: userId })))) return;
      const before = await updateUser(userId, (rep) => ({ ...rep, enabled: false }));
      if (before.enabled !== false) {
        onRollback(tx, `enable Keycloak user ${userId} again`, async () => {
          await updateUser(userId, (rep) => ({ ...rep, enabled: true }));
        });
      }
      afterCommit(tx, `delete Keycloak user ${userId}`, () =>
        withRetries(`delete Keycloak user ${userId}`, () => deleteAccount(userId)),
      );
    },

    async changeEmail(tx, userId, email) {
      assertTracked(tx);
      const address = email.trim().toLowerCase();
      let before: UserRepresentation;
      try {
        // registrationEmailAsUsername: the username is the address and follows it.
        before = await updateUser(userId, (rep) => ({
          ...rep,
          username: address,
          email: address,
          emailVerified: true,
        }));
      } catch (err) {
        if (statusOf(err) === 409) throw new IdpUserExistsError();
        throw err;
      }
      const restore = async () => {
        await updateUser(userId, (rep) => ({
          ...rep,
          username: before.username,
          email: before.email,
          emailVerified: before.emailVerified,
        }));
      };
      await undoingOnFailure(async () => {
        try {
          await tx.transaction((inner) =>
            inner.update(users).set({ email: address, updatedAt: now() }).where(eq(users.id, userId)),
          );
        } catch (err) {
          if (isUniqueViolation(err)) throw new IdpUserExistsError();
          throw err;
        }
      }, restore);
      onRollback(tx, `restore the e-mail of Keycloak user ${userId}`, restore);
    },

    async endSessions(_db, userId) {
      // Ends the sessions and refresh tokens; access tokens already issued stay valid at Keycloak
      // until they expire, so the API refuses them itself (users.sessions_ended_at, plugins/auth.ts).
      // Not undoable and harmless to have done: a rolled-back change leaves the user signed out.
      await endKeycloakSessions(userId);
    },

    async disableUser(tx, userId) {
      assertTracked(tx);
      const at = now();
      // A rejected invitee who never set a password must not set one through the mailed link.
      await revokeOpenSetupLinks(tx, userId, at);
      // The portal's own record of it too, as the embedded port keeps it (queries that pick
      // recipients leave disabled accounts out: package-notices.repository.ts).
      await tx.update(users).set({ disabledAt: at, updatedAt: at }).where(eq(users.id, userId));
      const before = await updateUser(userId, (rep) => ({ ...rep, enabled: false }));
      if (before.enabled !== false) {
        onRollback(tx, `enable Keycloak user ${userId} again`, async () => {
          await updateUser(userId, (rep) => ({ ...rep, enabled: true }));
        });
      }
    },

    async changeRole(tx, userId, role) {
      assertTracked(tx);
      const previous = await portalRolesOf(userId);
      const remove = previous.filter((r) => r !== role);
      const add = previous.includes(role) ? [] : [role];
      await setRoles(userId, remove, add);
      const restore = () => setRoles(userId, add, remove);
      await undoingOnFailure(
        () => tx.update(users).set({ role, updatedAt: now() }).where(eq(users.id, userId)),
        restore,
      );
      onRollback(tx, `restore the roles of Keycloak user ${userId}`, restore);
    },

    async changeNames(tx, userId, { firstName, lastName }) {
      assertTracked(tx);
      const before = await updateUser(userId, (rep) => ({ ...rep, firstName, lastName }));
      const restore = async () => {
        await updateUser(userId, (rep) => ({ ...rep, firstName: before.firstName, lastName: before.lastName }));
      };
      await undoingOnFailure(
        () => tx.update(users).set({ firstName, lastName, updatedAt: now() }).where(eq(users.id, userId)),
        restore,
      );
      onRollback(tx, `restore the names of Keycloak user ${userId}`, restore);
    },

    async hasSecondFactor(_db, userId) {
      return (await otpCredentialsOf(userId)).length > 0;
    },

    async resetSecondFactor(tx, userId) {
      assertTracked(tx);
      // A deleted OTP credential cannot be put back (Keycloak never hands out its secret), so it
      // goes only once the transaction committed, as deleteUser's deletion does; retried until done.
      afterCommit(tx, `remove the OTP credentials of Keycloak user ${userId}`, () =>
        withRetries(`remove the OTP credentials of Keycloak user ${userId}`, async () => {
          for (const credential of await otpCredentialsOf(userId)) {
            try {
              await call((kc) => kc.users.deleteCredential({ id: userId, credentialId: credential.id! }));
            } catch (err) {
              if (statusOf(err) !== 404) throw err;
            }
          }
        }),
      );
    },

    async createApiClient(tx, { clientId, name }) {
      assertTracked(tx);
      // A confidential client with a service account and nothing else: the client-credentials
      // grant only, and the API's audience in its tokens (as lumio-web's audience mapper does).
      const { id } = await call((kc) =>
        kc.clients.create({
          clientId,
          name,
          enabled: true,
          protocol: 'openid-connect',
          publicClient: false,
          clientAuthenticatorType: 'client-secret',
          serviceAccountsEnabled: true,
          standardFlowEnabled: false,
          implicitFlowEnabled: false,
          directAccessGrantsEnabled: false,
          protocolMappers: [
            {
              name: `audience ${audience}`,
              protocol: 'openid-connect',
              protocolMapper: 'oidc-audience-mapper',
              config: { 'included.custom.audience': audience, 'access.token.claim': 'true' },
            },
          ],
        }),
      );
      onRollback(tx, `delete Keycloak client ${clientId}`, () => deleteClient(id));
      const secret = await undoingOnFailure(
        () => call((kc) => kc.clients.getClientSecret({ id })),
        () => deleteClient(id),
      );
      if (!secret.value) throw new Error(`Keycloak gave client ${clientId} no secret`);
      return { secret: secret.value };
    },

    async deleteApiClient(tx, clientId) {
      assertTracked(tx);
      const id = await clientUuidOf(clientId);
      if (!id) return;
      // As deleteUser: disabled now (no new tokens), deleted once the transaction committed, since
      // a deleted client and its secret cannot be put back when the transaction rolls back.
      const before = await setClientEnabled(id, false);
      if (before && before.enabled !== false) {
        onRollback(tx, `enable Keycloak client ${clientId} again`, async () => {
          await setClientEnabled(id, true);
        });
      }
      afterCommit(tx, `delete Keycloak client ${clientId}`, () =>
        withRetries(`delete Keycloak client ${clientId}`, () => deleteClient(id)),
      );
    },
  };
}
