import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { users, type UserRow } from '../db/schema';
import { verifyDummyPassword, verifyPassword } from './passwords';

export const MAX_FAILED_LOGINS = 5;
export const LOCKOUT_MS = 15 * 60 * 1000;

export type LoginResult = { ok: true; userId: string } | { ok: false; reason: 'invalid' | 'locked' };

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

/**
 * Checks an e-mail/password pair with lockout: after MAX_FAILED_LOGINS consecutive failures the
 * account is locked for LOCKOUT_MS, during which even the right password is refused; a success
 * resets the counter. Unknown users and users without a password are checked against a dummy
 * hash, so the answer time does not reveal which accounts exist.
 */
export async function checkLogin(db: Db, email: string, password: string, now = new Date()): Promise<LoginResult> {
  const user = await findUserByEmail(db, email);
  if (!user?.passwordHash) {
    await verifyDummyPassword(password);
    return { ok: false, reason: 'invalid' };
  }
  if (user.lockedUntil && user.lockedUntil > now) return { ok: false, reason: 'locked' };

  if (await verifyPassword(password, user.passwordHash)) {
    if (user.failedLogins !== 0 || user.lockedUntil) {
      await db.update(users).set({ failedLogins: 0, lockedUntil: null }).where(eq(users.id, user.id));
    }
    return { ok: true, userId: user.id };
  }

  // One atomic statement, so parallel attempts cannot lose a count. A lockout that has run out
  // starts a new series at 1.
  const lockUntil = new Date(now.getTime() + LOCKOUT_MS);
  const nowParam = sql`${now.toISOString()}::timestamptz`;
  const expired = sql`(${users.lockedUntil} is not null and ${users.lockedUntil} <= ${nowParam})`;
  const nextCount = sql<number>`case when ${expired} then 1 else ${users.failedLogins} + 1 end`;
  const [updated] = await db
    .update(users)
    .set({
      failedLogins: nextCount,
      lockedUntil: sql`case when ${nextCount} >= ${MAX_FAILED_LOGINS} then ${lockUntil.toISOString()}::timestamptz else null end`,
    })
    .where(eq(users.id, user.id))
    .returning({ lockedUntil: users.lockedUntil });
  return { ok: false, reason: updated?.lockedUntil ? 'locked' : 'invalid' };
}
