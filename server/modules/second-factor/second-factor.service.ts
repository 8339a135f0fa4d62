import { eq } from 'drizzle-orm';
import { SERVER_MESSAGES } from '../../../src/domain/errorCatalogue';
import { isSecondFactorRequired } from '../../../src/domain/secondFactor';
import type { AppConfig } from '../../config';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { ApiError, notFound } from '../../errors';
import type { IdpAdminPort } from '../../idp/admin-port';
import { MAIL_KINDS, type MailOutbox } from '../../mail/outbox';
import { secondFactorResetMail } from '../../mail/templates/second-factor-reset';
import type { CurrentUser } from '../../plugins/auth';
import { recordAudit } from '../audit/audit';
import { endAllSessions } from '../users/sessions';

const ownSecondFactor = () => new ApiError(403, SERVER_MESSAGES.ownSecondFactorNotResettable);
const noSecondFactor = () => new ApiError(409, SERVER_MESSAGES.noSecondFactor);

export interface SecondFactorServiceDeps {
  db: Db;
  config: AppConfig;
  outbox: MailOutbox;
  idpAdmin: IdpAdminPort | undefined;
}

/**
 * The SystemAdmin's reset of another user's second factor (issue 24): a person who lost their
 * authenticator app sets up a new one at the next login (required roles) or in the profile.
 */
export function secondFactorService({ db, config, outbox, idpAdmin }: SecondFactorServiceDeps) {
  return {
    /**
     * Removes the factor, ends every session of the user (the next login asks again), writes the
     * audit row and mails the user, in one transaction. Nobody resets their own (403): that would
     * let a stolen SystemAdmin password replace the owner's authenticator app.
     */
    async reset(actor: CurrentUser, userId: string, now = new Date()): Promise<void> {
      if (!idpAdmin) throw new Error('resetting a second factor needs an IdP-admin port');
      const idp = idpAdmin;
      if (userId === actor.id) throw ownSecondFactor();
      await outbox.transaction(db, async (tx, queueMail) => {
        const [target] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
        if (!target) throw notFound();
        if (!(await idp.hasSecondFactor(tx, userId))) throw noSecondFactor();
        await idp.resetSecondFactor(tx, userId);
        await endAllSessions(tx, idp, userId, now);
        await recordAudit(tx, actor, {
          action: 'user.second_factor_reset',
          entityType: 'user',
          entityId: userId,
          companyId: target.companyId,
        });
        await queueMail({
          kind: MAIL_KINDS.secondFactorReset,
          reference: userId,
          message: secondFactorResetMail(
            {
              to: target.email,
              salutation: target.salutation,
              firstName: target.firstName,
              lastName: target.lastName,
              required: isSecondFactorRequired(target.role),
            },
            config.brandOwner,
          ),
        });
      });
    },
  };
}
