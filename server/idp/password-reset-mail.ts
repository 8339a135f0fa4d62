import { and, eq, gt } from 'drizzle-orm';
import type { AppConfig } from '../config';
import type { Db } from '../db/client';
import { mailOutbox, users } from '../db/schema';
import { MAIL_KINDS, type MailOutbox } from '../mail/outbox';
import { passwordResetMail } from '../mail/templates/password-reset';
import { findUserByEmail } from './accounts';
import { setPasswordUrl } from './admin-port';
import { issueSetupToken } from './setup-links';

/** A reset link lives one hour: long enough for a slow mail, short for a mailbox read later by others. */
export const PASSWORD_RESET_TTL_MS = 60 * 60 * 1000;
/**
 * At most one reset mail per account in this time, whoever asks: repeated requests (or someone
 * else typing the address) do not fill the mailbox. Counted in the database, so every replica agrees.
 */
export const PASSWORD_RESET_MAIL_INTERVAL_MS = 60 * 1000;

export interface PasswordResetMailContext {
  db: Db;
  config: AppConfig;
  outbox: MailOutbox;
}

/**
 * What a 'Passwort vergessen?' request leads to, run by the password-reset-mail job: for an active
 * account, a one-time link (password_setup_tokens, the activation links' mechanism) in a mail
 * through the outbox, at most one a minute per account; for any other address nothing. Returns
 * whether a mail was queued (for the job's log, never shown to the visitor).
 */
export async function queuePasswordResetMail(
  { db, config, outbox }: PasswordResetMailContext,
  email: string,
  requestedAt: Date,
): Promise<boolean> {
  const user = await findUserByEmail(db, email);
  if (!user || user.disabledAt) return false;
  return outbox.transaction(db, async (tx, queueMail) => {
    // One request per account at a time (the row lock), then: was a reset mail queued lately?
    await tx.select({ id: users.id }).from(users).where(eq(users.id, user.id)).for('update');
    const [recent] = await tx
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(
        and(
          eq(mailOutbox.kind, MAIL_KINDS.passwordReset),
          eq(mailOutbox.reference, user.id),
          gt(mailOutbox.createdAt, new Date(requestedAt.getTime() - PASSWORD_RESET_MAIL_INTERVAL_MS)),
        ),
      )
      .limit(1);
    if (recent) return false;
    const token = await issueSetupToken(tx, user.id, requestedAt, { ttlMs: PASSWORD_RESET_TTL_MS });
    await queueMail({
      kind: MAIL_KINDS.passwordReset,
      reference: user.id,
      message: passwordResetMail(
        {
          to: user.email,
          salutation: user.salutation,
          firstName: user.firstName,
          lastName: user.lastName,
          setPasswordUrl: `${setPasswordUrl(config.keycloak.issuer)}?token=${token}`,
          validMinutes: PASSWORD_RESET_TTL_MS / 60_000,
        },
        config.brandOwner,
      ),
    });
    return true;
  });
}
