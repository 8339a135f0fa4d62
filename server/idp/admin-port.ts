import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import type { Role, UserStatus } from '../../src/domain/roles';
import type { AppConfig } from '../config';
import type { DbOrTx, Tx } from '../db/client';
import { hashSecretToken, newSecretToken } from '../lib/secret-token';
import { passwordSetupTokens, users } from '../db/schema';
import { deletePayloadsOfAccount } from './adapter';
import { clearAccountLoginThrottles } from './login-throttle';

/** A one-time password-setup link is valid this long (issue 3: 72 hours). */
export const PASSWORD_SETUP_TTL_MS = 72 * 60 * 60 * 1000;

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
 * What the portal asks of its identity provider's administration, and nothing more. Both calls
 * take the caller's open transaction: the portal's own `users` row (whose id is the IdP subject)
 * and any link state are written in it, so a rolled-back approval leaves no user behind.
 *
 * The embedded implementation below keeps everything in the app database. A Keycloak
 * implementation satisfies the same interface later through the Admin REST API:
 * - createUser: `POST /admin/realms/{realm}/users` (username = email, enabled, firstName,
 *   lastName, realm role assigned via `.../role-mappings/realm`), then the `users` row with
 *   Keycloak's id in `tx`. Keycloak is not part of `tx`, so it must delete the Keycloak user again
 *   when the transaction rolls back (compensation) and map Keycloak's 409 to IdpUserExistsError.
 * - createPasswordSetupLink: Keycloak's own action-token links are only ever mailed by Keycloak
 *   (`PUT .../users/{id}/execute-actions-email` with UPDATE_PASSWORD), which would bypass the
 *   portal's German mail. So the link stays the portal's: a token stored in
 *   `password_setup_tokens` like here, pointing to a portal-served set-password page that calls
 *   `PUT /admin/realms/{realm}/users/{id}/reset-password` (temporary: false) on submit.
 * Callers therefore only ever see an absolute URL to put into their own mail.
 * - changeEmail: `PUT /admin/realms/{realm}/users/{id}` with username and email (Keycloak's 409 →
 *   IdpUserExistsError); compensated like createUser when `tx` rolls back.
 * - endSessions: `POST /admin/realms/{realm}/users/{id}/logout` (ends every session and revokes
 *   the refresh tokens). Access tokens already issued stay valid at Keycloak until they expire;
 *   the portal refuses them itself (users.sessions_ended_at, see server/modules/users/sessions.ts).
 * - disableUser: `PUT /admin/realms/{realm}/users/{id}` with `{ enabled: false }` (Keycloak then
 *   refuses every login and refresh of the account); compensated with `{ enabled: true }` when
 *   `tx` rolls back. The portal refuses the tokens of a Rejected user itself (plugins/auth.ts).
 * - changeRole: the realm role mapping, `GET /admin/realms/{realm}/roles/{role}` for the new role's
 *   representation, `DELETE .../users/{id}/role-mappings/realm` with the old role and
 *   `POST .../users/{id}/role-mappings/realm` with the new one (tokens carry it from the next
 *   refresh on), then the `users` row's role in `tx`, which stays the portal's source of the role
 *   (as here). When `tx` rolls back the old mapping is restored.
 * - changeNames: `PUT /admin/realms/{realm}/users/{id}` with firstName and lastName (tokens carry
 *   them from the next refresh on), then the `users` row in `tx`; compensated with the old names
 *   when `tx` rolls back.
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
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The IdP administration; decorated by the embedded IdP (a Keycloak implementation follows). */
    idpAdmin?: IdpAdminPort;
  }
}

/** The embedded set-password page below the realm (a path Fastify answers, see keycloak-compat). */
export function setPasswordUrl(issuer: string): string {
  return `${issuer}/login-actions/set-password`;
}

function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } } | undefined;
  return e?.code === '23505' || e?.cause?.code === '23505';
}

/** Every still-open set-password link of the user stops working. */
async function revokeOpenSetupLinks(tx: Tx, userId: string, at: Date): Promise<void> {
  await tx
    .update(passwordSetupTokens)
    .set({ revokedAt: at })
    .where(
      and(
        eq(passwordSetupTokens.userId, userId),
        isNull(passwordSetupTokens.usedAt),
        isNull(passwordSetupTokens.revokedAt),
      ),
    );
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
      try {
        // A savepoint: on PostgreSQL a failed statement would otherwise poison the caller's transaction.
        const [row] = await tx.transaction((inner) =>
          inner
            .insert(users)
            .values({ ...input, email: input.email.trim().toLowerCase(), passwordHash: null })
            .returning({ id: users.id }),
        );
        return row;
      } catch (err) {
        if (isUniqueViolation(err)) throw new IdpUserExistsError();
        throw err;
      }
    },

    async createPasswordSetupLink(tx, userId) {
      const token = newSecretToken();
      const at = now();
      await revokeOpenSetupLinks(tx, userId, at);
      await tx.insert(passwordSetupTokens).values({
        tokenHash: hashSecretToken(token),
        userId,
        expiresAt: new Date(at.getTime() + PASSWORD_SETUP_TTL_MS),
      });
      return `${linkBase}?token=${token}`;
    },

    async hasPassword(db, userId) {
      const [row] = await db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.id, userId), isNotNull(users.passwordHash)))
        .limit(1);
      return Boolean(row);
    },

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
  };
}
