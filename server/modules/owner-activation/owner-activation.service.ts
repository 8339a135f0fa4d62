import { recordAudit, type AuditActor } from '../audit/audit';
import { and, asc, desc, eq } from 'drizzle-orm';
import { SERVER_MESSAGES } from '../../../src/domain/errorCatalogue';
import type { AppConfig } from '../../config';
import type { Db, DbOrTx } from '../../db/client';
import { ApiError, notFound } from '../../errors';
import { PASSWORD_SETUP_TTL_MS, type IdpAdminPort } from '../../idp/admin-port';
import { MAIL_KINDS, type MailOutbox } from '../../mail/outbox';
import { mailOutbox } from '../../mail/outbox.table';
import { ownerActivationMail } from '../../mail/templates/owner-activation';
import { companies } from '../companies/companies.table';
import { users } from '../users/users.table';
import type { OwnerActivation } from './owner-activation.schemas';

export interface OwnerActivationDeps {
  db: Db;
  config: AppConfig;
  outbox: MailOutbox;
  idpAdmin: IdpAdminPort | undefined;
}

const alreadyActivated = () => new ApiError(409, SERVER_MESSAGES.accountAlreadyActivated);

/** The company's owner (the first, should there ever be more) and the company's name. */
async function ownerOf(db: DbOrTx, companyId: string) {
  const [company] = await db
    .select({ name: companies.name })
    .from(companies)
    .where(eq(companies.id, companyId))
    .limit(1);
  if (!company) return undefined;
  const [owner] = await db
    .select()
    .from(users)
    .where(and(eq(users.companyId, companyId), eq(users.role, 'Owner')))
    .orderBy(asc(users.createdAt))
    .limit(1);
  return { companyName: company.name, owner };
}

/**
 * The owner's account activation as a LumioAdmin sees it on the company page, and its re-send:
 * a new set-password link (the earlier ones stop working), a new mail through the outbox, and any
 * earlier activation mail still waiting in the outbox is withdrawn, all in one transaction.
 */
export function ownerActivationService({ db, config, outbox, idpAdmin }: OwnerActivationDeps) {
  function port(): IdpAdminPort {
    if (!idpAdmin) throw new Error('owner activation needs an IdP-admin port');
    return idpAdmin;
  }

  return {
    async status(companyId: string): Promise<OwnerActivation> {
      const found = await ownerOf(db, companyId);
      if (!found) throw notFound();
      const { owner } = found;
      if (!owner) return { pending: false, email: null, lastMail: null };
      const [mail] = await db
        .select()
        .from(mailOutbox)
        .where(and(eq(mailOutbox.kind, MAIL_KINDS.ownerActivation), eq(mailOutbox.reference, owner.id)))
        .orderBy(desc(mailOutbox.createdAt))
        .limit(1);
      return {
        pending: !(await port().hasPassword(db, owner.id)),
        email: owner.email,
        lastMail: mail
          ? {
              status: mail.status,
              createdAt: mail.createdAt.toISOString(),
              sentAt: mail.sentAt?.toISOString() ?? null,
              attempts: mail.attempts,
            }
          : null,
      };
    },

    async resend(companyId: string, actor: AuditActor): Promise<{ email: string }> {
      const idp = port();
      return outbox.transaction(db, async (tx, queueMail) => {
        const found = await ownerOf(tx, companyId);
        if (!found) throw notFound();
        const { owner, companyName } = found;
        if (!owner || (await idp.hasPassword(tx, owner.id))) throw alreadyActivated();
        const setPasswordUrl = await idp.createPasswordSetupLink(tx, owner.id);
        await outbox.supersede(tx, MAIL_KINDS.ownerActivation, owner.id);
        // Who sent a new link matters: it makes every earlier link of the owner void.
        await recordAudit(tx, actor, {
          action: 'owner-activation.resent',
          entityType: 'user',
          entityId: owner.id,
          companyId,
        });
        await queueMail({
          kind: MAIL_KINDS.ownerActivation,
          reference: owner.id,
          message: ownerActivationMail(
            {
              ...owner,
              to: owner.email,
              companyName,
              setPasswordUrl,
              validHours: PASSWORD_SETUP_TTL_MS / (60 * 60 * 1000),
              resent: true,
            },
            config.brandOwner,
          ),
        });
        return { email: owner.email };
      });
    },
  };
}
