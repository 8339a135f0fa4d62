import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/client';
import { passwordSetupTokens, users, type UserRow } from '../db/schema';
import { clearAccountLoginThrottles, loginThrottleKeys, recordLoginAttempt } from './login-throttle';
import { verifyDummyPassword, verifyPassword } from './passwords';

/**
 * `throttled`: a wait of one of the attempt's keys was running (for the log only, never for the
 * answer). `disabled`: the password was right, but the account is disabled (as Keycloak does, only
 * someone who knows the password learns that).
 */
export type LoginResult = { ok: true; userId: string } | { ok: false; throttled: boolean; disabled?: boolean };

/** Users are found by e-mail regardless of case; addresses are stored as entered. */
export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const normalized = email.trim().toLowerCase();
  if (!normalized) return undefined;
  const [user] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${normalized}`)
    .limit(1);
  return user;
}

export async function findUserById(db: Db, id: string): Promise<UserRow | undefined> {
  // The subject comes from stored IdP state; anything that is not a uuid cannot be a user.
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id)) return undefined;
  const [user] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return user;
}

/** The profile claims Keycloak puts into its tokens and answers at userinfo. */
export function profileClaims(user: UserRow) {
  return {
    email: user.email,
    email_verified: true,
    preferred_username: user.email,
    given_name: user.firstName,
    family_name: user.lastName,
    name: `${user.firstName} ${user.lastName}`.trim(),
  };
}

export interface LoginAttempt {
  email: string;
  password: string;
  /** The client's address (request.ip), one of the throttle keys. */
  address: string;
}

/**
 * Checks an e-mail/password pair under the login throttle (server/idp/login-throttle.ts). Every
 * path does the same work in the same order, so neither the answer nor its time tells whether the
 * account exists, the password was right, or a wait was running: one user lookup, exactly one
 * scrypt verification (the user's hash, or a dummy for unknown users and users without a
 * password), then one throttle statement that decides and records the attempt.
 */
export async function checkLogin(db: Db, attempt: LoginAttempt, now: Date): Promise<LoginResult> {
  const user = await findUserByEmail(db, attempt.email);
  const passwordOk = user?.passwordHash
    ? await verifyPassword(attempt.password, user.passwordHash)
    : await verifyDummyPassword(attempt.password);
  const keys = loginThrottleKeys(attempt.email, attempt.address);
  const { throttled } = await recordLoginAttempt(db, keys, passwordOk, now);
  if (user && passwordOk && !throttled) {
    return user.disabledAt ? { ok: false, throttled, disabled: true } : { ok: true, userId: user.id };
  }
  return { ok: false, throttled };
}

/**
 * Stores a user's new password hash (set through a setup link, or changed on the password page),
 * in the caller's transaction: every still-open setup link of the user stops working, and the
 * account's login throttle starts afresh. False when the user does not exist (any more).
 */
export async function storeNewPassword(tx: DbOrTx, userId: string, passwordHash: string, now: Date): Promise<boolean> {
  await tx
    .update(passwordSetupTokens)
    .set({ revokedAt: now })
    .where(
      and(
        eq(passwordSetupTokens.userId, userId),
        isNull(passwordSetupTokens.usedAt),
        isNull(passwordSetupTokens.revokedAt),
      ),
    );
  const [user] = await tx
    .update(users)
    .set({ passwordHash, updatedAt: now })
    .where(eq(users.id, userId))
    .returning({ email: users.email });
  if (!user) return false;
  await clearAccountLoginThrottles(tx, user.email);
  return true;
}
