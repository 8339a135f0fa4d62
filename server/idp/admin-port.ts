import { eq } from 'drizzle-orm';
import { apiClients } from '../modules/api-clients/api-clients.table';
import { newApiClientSecret, secretHashOf } from './api-client-secrets';
import type { Role, UserStatus } from '../../src/domain/roles';
import type { AppConfig } from '../config';
import type { DbOrTx, Tx } from '../db/client';
import { users } from '../db/schema';
import { deletePayloadsOfAccount } from './adapter';
import { clearAccountLoginThrottles } from './login-throttle';
import { embeddedPasswordStore } from './password-store';
import { embeddedHasSecondFactor } from './second-factor';
import { idpSecondFactors } from './second-factor.table';
import { issueSetupToken, revokeOpenSetupLinks } from './setup-links';

export { PASSWORD_SETUP_TTL_MS } from './setup-links';

/** The portal user the identity provider gets to know. The e-mail is the login name. */
export interface IdpUserInput {
  email: string;
  firstName: string;
  lastName: string;
  salutation: string | null;
  /** yyyy-MM-dd */
  birthDate: string | null;
  role: Role;
  status: UserStatus;
  companyId: string | null;
  systemIntegratorId: string | null;
}

/** The user exists already (same e-mail, compared without case), in the IdP or in the portal. */
export class IdpUserExistsError extends Error {
  constructor() {
    super('a user with this e-mail exists already');
  }
}

/**
 * What the portal asks of its identity provider's administration, and nothing more. The calls
 * take the caller's open transaction: the portal's own `users` row (whose id is the IdP subject)
 * and any link state are written in it, so a rolled-back approval leaves no user behind.
 *
 * Two implementations pass one contract suite (tests/api/idp-admin-port.contract.test.ts): the
 * embedded one below keeps everything in the app database; the Keycloak one
 * (server/idp/keycloak/admin-port.ts, mapping in docs/idp-admin-port.md) calls the Admin REST
 * API and, since Keycloak is not part of the transaction, undoes its calls when the transaction
 * rolls back (server/db/tx-effects.ts). Set-password links are the portal's own in both: a token
 * in `password_setup_tokens` and a portal-served German page (server/idp/set-password.ts), so
 * callers only ever see an absolute URL to put into their own mail.
 */
export interface IdpAdminPort {
  /** Creates the user; throws IdpUserExistsError when the e-mail is taken. */
  createUser(tx: Tx, input: IdpUserInput): Promise<{ id: string }>;
  /**
   * A one-time link (absolute URL) where the user sets a password; valid PASSWORD_SETUP_TTL_MS.
   * Every earlier unused link of the user stops working (a re-sent activation mail).
   */
  createPasswordSetupLink(tx: Tx, userId: string): Promise<string>;
  /** Whether the user has set a password (an account whose activation is still open has none). */
  hasPassword(db: DbOrTx, userId: string): Promise<boolean>;
  /**
   * Deletes the user with credentials, sessions and tokens (a deleted company's users). Keycloak:
   * `DELETE /admin/realms/{realm}/users/{id}` (ends its sessions too), only once `tx` committed,
   * retried until done: a deletion cannot be undone when the transaction rolls back.
   */
  deleteUser(tx: Tx, userId: string): Promise<void>;
  /** Changes the login name (the e-mail); throws IdpUserExistsError when another user has it. */
  changeEmail(tx: Tx, userId: string, email: string): Promise<void>;
  /** Ends every session of the user: logins, grants and refresh tokens stop working. */
  endSessions(db: DbOrTx, userId: string): Promise<void>;
  /**
   * Disables the account: no login, no new tokens from then on (a person the company rejected).
   * Open set-password links stop working too. Sessions are ended separately (endAllSessions).
   */
  disableUser(tx: Tx, userId: string): Promise<void>;
  /** Gives the user another role (the company's AccountAdministrator or Employee). */
  changeRole(tx: Tx, userId: string, role: Role): Promise<void>;
  /** Changes first and last name (a SystemAdmin renames another administrator). */
  changeNames(tx: Tx, userId: string, names: { firstName: string; lastName: string }): Promise<void>;
  /** Whether the user has a second factor (an authenticator app) set up. */
  hasSecondFactor(db: DbOrTx, userId: string): Promise<boolean>;
  /** Removes the user's second factor; a user whose role requires one sets up a new one at the next login. */
  resetSecondFactor(tx: Tx, userId: string): Promise<void>;
  /**
   * Creates the confidential OAuth client of an API client (issue 26, part 3) whose `api_clients`
   * row the caller inserted in `tx`: the client-credentials grant only, access tokens for the
   * portal's audience. Returns the secret, which nobody can read back later.
   */
  createApiClient(tx: Tx, client: { clientId: string; name: string }): Promise<{ secret: string }>;
  /**
   * Removes the OAuth client: no new tokens. Its tokens already issued stop at the API anyway,
   * which looks the `api_clients` row up on every request. Keycloak: deleted once `tx` committed.
   */
  deleteApiClient(tx: Tx, clientId: string): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The IdP administration: the embedded provider's, or Keycloak's when EMBEDDED=false (app.ts). */
    idpAdmin?: IdpAdminPort;
  }
}

/** The embedded set-password page below the realm (a path Fastify answers, see keycloak-compat). */
export function setPasswordUrl(issuer: string): string {
  return `${issuer}/login-actions/set-password`;
}

/** PostgreSQL's unique_violation (23505), as drizzle passes it on from either driver. */
export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } } | undefined;
  return e?.code === '23505' || e?.cause?.code === '23505';
}

/**
 * Inserts the portal's `users` row (with the IdP's id when it has one); IdpUserExistsError when
 * the e-mail is taken. A savepoint: on PostgreSQL a failed statement would otherwise poison the
 * caller's transaction.
 */
export async function insertPortalUser(
  tx: Tx,
  input: IdpUserInput,
  extra: { id?: string; passwordHash?: string | null } = {},
): Promise<{ id: string }> {
  try {
    const [row] = await tx.transaction((inner) =>
      inner
        .insert(users)
        .values({ ...input, ...extra, email: input.email.trim().toLowerCase() })
        .returning({ id: users.id }),
    );
    return row;
  } catch (err) {
    if (isUniqueViolation(err)) throw new IdpUserExistsError();
    throw err;
  }
}

/**
 * The embedded identity provider's administration: its users are the app database's `users`
 * (the provider reads them at login), so creating one is one insert; the setup link points to the
 * embedded provider's German set-password page.
 */
export function createEmbeddedIdpAdminPort(config: AppConfig, now: () => Date = () => new Date()): IdpAdminPort {
  const linkBase = setPasswordUrl(config.keycloak.issuer);
  return {
    async createUser(tx, input) {
      return insertPortalUser(tx, input, { passwordHash: null });
    },

    async createPasswordSetupLink(tx, userId) {
      return `${linkBase}?token=${await issueSetupToken(tx, userId, now())}`;
    },

    hasPassword: embeddedPasswordStore.hasPassword,

    async deleteUser(tx, userId) {
      // The user's password-setup links go with the row (foreign key, on delete cascade).
      const [deleted] = await tx.delete(users).where(eq(users.id, userId)).returning({ email: users.email });
      if (!deleted) return;
      await clearAccountLoginThrottles(tx, deleted.email);
      await deletePayloadsOfAccount(tx, userId);
    },

    async changeEmail(tx, userId, email) {
      try {
        // A savepoint, as in createUser: the caller's transaction stays usable after a clash.
        await tx.transaction((inner) =>
          inner.update(users).set({ email: email.trim().toLowerCase(), updatedAt: now() }).where(eq(users.id, userId)),
        );
      } catch (err) {
        if (isUniqueViolation(err)) throw new IdpUserExistsError();
        throw err;
      }
    },

    async endSessions(db, userId) {
      // oidc-provider keeps the account on every session, grant, code and token it stores.
      await deletePayloadsOfAccount(db, userId);
    },

    async disableUser(tx, userId) {
      const at = now();
      await tx.update(users).set({ disabledAt: at, updatedAt: at }).where(eq(users.id, userId));
      // A rejected invitee who never set a password must not set one through the mailed link.
      await revokeOpenSetupLinks(tx, userId, at);
    },

    async changeRole(tx, userId, role) {
      // The users row is the embedded provider's account: its tokens read the role from it.
      await tx.update(users).set({ role, updatedAt: now() }).where(eq(users.id, userId));
    },

    async changeNames(tx, userId, { firstName, lastName }) {
      // The provider's userinfo and ID tokens read the names from the same row.
      await tx.update(users).set({ firstName, lastName, updatedAt: now() }).where(eq(users.id, userId));
    },

    hasSecondFactor: embeddedHasSecondFactor,

    async resetSecondFactor(tx, userId) {
      // The login asks for a new enrolment when a required role finds no row (second-factor.ts).
      await tx.delete(idpSecondFactors).where(eq(idpSecondFactors.userId, userId));
    },

    async createApiClient(tx, { clientId }) {
      // The provider finds API clients in `api_clients` (api-client-registry.ts): the hash is all it needs.
      const secret = newApiClientSecret();
      const updated = await tx
        .update(apiClients)
        .set({ secretHash: secretHashOf(secret) })
        .where(eq(apiClients.clientId, clientId))
        .returning({ id: apiClients.id });
      if (updated.length !== 1) throw new Error(`no api_clients row for ${clientId}`);
      return { secret };
    },

    async deleteApiClient(tx, clientId) {
      // Without its hash the provider no longer knows the client, even before the row goes.
      await tx.update(apiClients).set({ secretHash: null }).where(eq(apiClients.clientId, clientId));
    },
  };
}
