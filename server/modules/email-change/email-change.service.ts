import { eq } from 'drizzle-orm';
import { SERVER_MESSAGES } from '../../../src/domain/errorCatalogue';
import {
  EMAIL_CHANGE_CONFIRM_ROUTES,
  EMAIL_CHANGE_VALID_HOURS,
  type EmailChangeKind,
} from '../../../src/domain/emailChange';
import type { AppConfig } from '../../config';
import type { Db, Tx } from '../../db/client';
import { ApiError, notFound } from '../../errors';
import { IdpUserExistsError, type IdpAdminPort } from '../../idp/admin-port';
import { hashSecretToken, matchesSecretToken, newSecretToken } from '../../lib/secret-token';
import { MAIL_KINDS, type MailOutbox } from '../../mail/outbox';
import { emailChangeConfirmationMail } from '../../mail/templates/email-change-confirmation';
import { emailChangedNoticeMail } from '../../mail/templates/email-changed-notice';
import { recordAudit } from '../audit/audit';
import { endAllSessions } from '../users/sessions';
import { users } from '../users/users.table';
import { emailChangeRepository } from './email-change.repository';

const HOUR_MS = 60 * 60 * 1000;

const emailAlreadyInUse = () => new ApiError(409, SERVER_MESSAGES.emailAlreadyInUse);
const requestNotFound = () => new ApiError(404, SERVER_MESSAGES.emailChangeRequestNotFound);
const requestExpired = () => new ApiError(404, SERVER_MESSAGES.emailChangeRequestExpired);
const alreadyConfirmed = () => new ApiError(409, SERVER_MESSAGES.emailChangeAlreadyConfirmed);

export interface EmailChangeDeps {
  db: Db;
  config: AppConfig;
  outbox: MailOutbox;
  /** Absent when no identity provider administration is configured (see server/idp/admin-port.ts). */
  idpAdmin: IdpAdminPort | undefined;
}

async function lockedUser(tx: Tx, userId: string) {
  const [user] = await tx.select().from(users).where(eq(users.id, userId)).for('update').limit(1);
  return user;
}

/**
 * The e-mail change of spec section 4: the user asks for a new address on the profile page, the
 * link mailed to that address confirms it; only then does the login name change, every session of
 * the user ends and the old address hears of it. Each step is one transaction with its mail (the
 * outbox sends it after the commit); a refused step changes nothing.
 */
export function emailChangeService({ db, config, outbox, idpAdmin }: EmailChangeDeps) {
  const confirmUrl = (kind: EmailChangeKind, id: string, token: string) =>
    `${config.publicUrl}/${EMAIL_CHANGE_CONFIRM_ROUTES[kind]}/${id}/confirm?token=${token}`;

  return {
    /**
     * Stores `email` as the user's pending address (replacing an earlier pending one) and mails the
     * link to it. Refused with 'E-mail already in use' when a user has the address or another
     * user waits for it.
     */
    async request(userId: string, kind: EmailChangeKind, email: string, now = new Date()) {
      return outbox.transaction(db, async (tx, queueMail) => {
        const repo = emailChangeRepository(tx);
        await repo.lockEmail(email);
        const user = await lockedUser(tx, userId);
        if (!user) throw notFound();
        if ((await repo.userHasEmail(email)) || (await repo.pendingForAnotherUser(email, userId, now))) {
          throw emailAlreadyInUse();
        }
        await repo.replaceOpen(userId, now);
        // A mail of a replaced request that has not gone out yet never will.
        await outbox.supersede(tx, MAIL_KINDS.emailChangeConfirmation, userId);
        const token = newSecretToken();
        const row = await repo.insert({
          userId,
          kind,
          newEmail: email,
          tokenHash: hashSecretToken(token),
          createdAt: now,
          expiresAt: new Date(now.getTime() + EMAIL_CHANGE_VALID_HOURS * HOUR_MS),
        });
        await queueMail({
          kind: MAIL_KINDS.emailChangeConfirmation,
          reference: userId,
          message: emailChangeConfirmationMail(
            { ...user, to: email, confirmUrl: confirmUrl(kind, row.id, token), validHours: EMAIL_CHANGE_VALID_HOURS },
            config.brandOwner,
          ),
        });
        return { email, validUntil: row.expiresAt.toISOString() };
      });
    },

    /**
     * The mailed link (id and token) of a `kind` request. Unknown id, wrong token or the other
     * kind's link: 404 'not found'; used: 409; expired or replaced: 404 'expired'. The address
     * taken by someone else in the meantime: 409 'E-mail already in use', and the request stays
     * as it was.
     */
    async confirm(kind: EmailChangeKind, id: string, token: string, now = new Date()) {
      if (!idpAdmin)
        throw new Error('an e-mail change needs an IdP-admin port; only the embedded identity provider has one so far');
      const port = idpAdmin;
      return outbox.transaction(db, async (tx, queueMail) => {
        const repo = emailChangeRepository(tx);
        const found = await repo.find(id);
        if (!found || found.kind !== kind || !matchesSecretToken(token, found.tokenHash)) throw requestNotFound();
        // Address, user, request: the order every e-mail change takes its locks in.
        await repo.lockEmail(found.newEmail);
        const user = await lockedUser(tx, found.userId);
        const request = await repo.find(id, { lock: true });
        if (!user || !request) throw requestNotFound();
        if (request.confirmedAt) throw alreadyConfirmed();
        if (request.replacedAt || request.expiresAt <= now) throw requestExpired();
        if (await repo.userHasEmail(request.newEmail)) throw emailAlreadyInUse();
        try {
          await port.changeEmail(tx, user.id, request.newEmail);
        } catch (err) {
          if (err instanceof IdpUserExistsError) throw emailAlreadyInUse();
          throw err;
        }
        await repo.markConfirmed(id, now);
        await endAllSessions(tx, port, user.id, now);
        // The link holder is the user: the row names them as they were until now.
        await recordAudit(
          tx,
          { id: user.id, email: user.email, role: user.role },
          {
            action: 'user.email-changed',
            entityType: 'user',
            entityId: user.id,
            companyId: user.companyId,
            before: { email: user.email },
            after: { email: request.newEmail },
          },
        );
        await queueMail({
          kind: MAIL_KINDS.emailChangedNotice,
          reference: user.id,
          message: emailChangedNoticeMail({ ...user, to: user.email, newEmail: request.newEmail }, config.brandOwner),
        });
        return { email: request.newEmail };
      });
    },
  };
}
