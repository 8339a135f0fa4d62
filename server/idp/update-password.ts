import { z } from 'zod';
import { PASSWORD_TEXTS, validateNewPassword } from '../../src/domain/password';
import { eq } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/client';
import { users } from '../db/schema';
import { deletePayloadsOfAccountExcept } from './adapter';
import { checkLogin, findUserById, storeNewPassword } from './accounts';
import type { KcActionStatus } from './kc-action';
import { newPasswordFields } from './new-password-form';
import { hashPassword } from './passwords';
import { UPDATE_PASSWORD_TEXTS } from './update-password-page';

const updatePasswordForm = z.object({
  // As on the login form: longer than any stored password can be, so it is simply wrong.
  password: z.string().max(1024).default(''),
  ...newPasswordFields,
  'cancel-aia': z.string().max(16).optional(),
});

/** The page's answer: the action ended (the authorization goes on), or the form again with German errors. */
export type UpdatePasswordOutcome =
  | { kind: 'done'; status: KcActionStatus }
  | { kind: 'form'; email: string; errors: string[] }
  | { kind: 'accountGone' };

export interface UpdatePasswordAttempt {
  /** The signed-in account of the interaction (never taken from the form). */
  accountId: string;
  /** The interaction's session: it stays signed in, the account's other sessions end. */
  sessionUid: string;
  /** The client the interaction is for: the kept session's `sid` is per client. */
  clientId: string;
  body: unknown;
  /** The client's address (request.ip): a wrong current password counts like a failed login. */
  address: string;
  now: Date;
}

/**
 * Ends every session of the user but `keepSessionUid` (issue 24): the provider forgets the other
 * sessions, grants and refresh tokens, and the API refuses access tokens issued before the change
 * (users.sessions_ended_at, plugins/auth.ts) except those of the kept session, whose `sid` claim
 * (per client) is noted in users.session_kept_sid.
 */
async function endOtherSessions(
  tx: DbOrTx,
  change: { userId: string; keepSessionUid: string; clientId: string; now: Date },
): Promise<void> {
  const kept = await deletePayloadsOfAccountExcept(tx, change.userId, change.keepSessionUid);
  const sid = kept[change.clientId]?.sid ?? null;
  await tx.update(users).set({ sessionsEndedAt: change.now, sessionKeptSid: sid }).where(eq(users.id, change.userId));
}

/**
 * The submitted password page of kc_action=UPDATE_PASSWORD. Cancel ends the action unchanged.
 * Otherwise the current password must be given, the new one must follow the rules of
 * src/domain/password.ts and be repeated exactly, and the current one must be right; it is checked
 * like a login (checkLogin: the login throttle counts a wrong one), so a stolen session cannot be
 * used to guess the password faster than the login form allows. The new password is stored as the
 * set-password page stores one (storeNewPassword).
 */
export async function submitUpdatePassword(db: Db, attempt: UpdatePasswordAttempt): Promise<UpdatePasswordOutcome> {
  const user = await findUserById(db, attempt.accountId);
  // A disabled account is as good as gone: its sessions were ended, no password is changed for it.
  if (!user || user.disabledAt) return { kind: 'accountGone' };
  const form = updatePasswordForm.safeParse(attempt.body ?? {});
  if (!form.success) return { kind: 'form', email: user.email, errors: [PASSWORD_TEXTS.tooLong] };
  if (form.data['cancel-aia'] !== undefined) return { kind: 'done', status: 'cancelled' };

  const refuse = (errors: string[]) => ({ kind: 'form' as const, email: user.email, errors });
  if (form.data.password === '') return refuse([UPDATE_PASSWORD_TEXTS.currentMissing]);
  const problems = validateNewPassword(form.data['password-new'], form.data['password-confirm']);
  if (problems.length) return refuse(problems);
  const current = await checkLogin(
    db,
    { email: user.email, password: form.data.password, address: attempt.address },
    attempt.now,
  );
  if (!current.ok || current.userId !== user.id) return refuse([UPDATE_PASSWORD_TEXTS.currentWrong]);

  const passwordHash = await hashPassword(form.data['password-new']);
  const stored = await db.transaction(async (tx) => {
    if (!(await storeNewPassword(tx, user.id, passwordHash, attempt.now))) return false;
    await endOtherSessions(tx, {
      userId: user.id,
      keepSessionUid: attempt.sessionUid,
      clientId: attempt.clientId,
      now: attempt.now,
    });
    return true;
  });
  return stored ? { kind: 'done', status: 'success' } : { kind: 'accountGone' };
}
