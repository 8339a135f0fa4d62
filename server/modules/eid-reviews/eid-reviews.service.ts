import { identityDifferences } from '../../../src/domain/eid';
import type { EidReviewDecided, EidReviewDetail } from '../../../src/domain/eidReview';
import type { EidReviewDecisionPayload } from '../../../src/domain/eidReviewReason';
import { SERVER_MESSAGES } from '../../../src/domain/errorCatalogue';
import { nextStatus } from '../../../src/domain/userStatus';
import type { AppConfig } from '../../config';
import type { Db } from '../../db/client';
import { ApiError } from '../../errors';
import { MAIL_KINDS, type MailOutbox } from '../../mail/outbox';
import { eidReviewConfirmedMail } from '../../mail/templates/eid-review-confirmed';
import { eidReviewRejectedMail } from '../../mail/templates/eid-review-rejected';
import type { CurrentUser } from '../../plugins/auth';
import { recordAudit } from '../audit/audit';
import { eidBindingRepository } from '../eid-binding/eid-binding.repository';
import { employeeRepository } from '../users/employees.repository';
import { eidReviewRepository } from './eid-reviews.repository';

const reviewNotFound = () => new ApiError(404, SERVER_MESSAGES.eidReviewNotFound);
const alreadyDecided = () => new ApiError(409, SERVER_MESSAGES.eidReviewAlreadyDecided);

const EVENTS = { confirm: 'eidReviewConfirmed', reject: 'eidReviewRejected' } as const;

export interface EidReviewDeps {
  db: Db;
  config: AppConfig;
  outbox: MailOutbox;
}

/**
 * The LumioAdmin's review of differing eID data (issue 11, route verification-check): the profile
 * beside what the card said, and the decision. Confirming applies the status machine as a match
 * and binds the held card; rejecting releases the card, the status stays and the person may try
 * again. Either way the card's data are wiped, the audit trail records the decision and the person
 * is mailed, all in one transaction.
 */
export function eidReviewService({ db, config, outbox }: EidReviewDeps) {
  return {
    /** An open review; a decided or unknown one is 404 'eID review not found'. */
    async detail(id: string): Promise<EidReviewDetail> {
      const row = await eidReviewRepository(db).findOpen(id);
      if (!row) throw reviewNotFound();
      const { review, user } = row;
      const { givenNames, familyName, birthDate } = review;
      const { companyId } = user;
      // An open review always holds the card's data and is about a company user.
      if (givenNames === null || familyName === null || birthDate === null || companyId === null) {
        throw reviewNotFound();
      }
      const document = { givenNames, familyName, birthDate, documentType: row.documentType ?? '' };
      return {
        id: review.id,
        createdAt: review.createdAt.toISOString(),
        user: {
          id: user.id,
          salutation: user.salutation,
          firstName: user.firstName,
          lastName: user.lastName,
          birthDate: user.birthDate,
          email: user.email,
          role: user.role,
          status: user.status,
          companyId,
          companyName: row.companyName,
        },
        document,
        differences: identityDifferences(user, document),
      };
    },

    /**
     * Decides an open review; an unknown one is 404, a decided one 409 'eID review already decided'.
     * A rejection's reason is kept with the review, in the audit row and in the person's mail.
     */
    async decide(
      admin: CurrentUser,
      id: string,
      payload: EidReviewDecisionPayload,
      now = new Date(),
    ): Promise<EidReviewDecided> {
      const { decision } = payload;
      const reason = payload.decision === 'reject' ? payload.reason : null;
      const seen = await eidReviewRepository(db).find(id);
      if (!seen?.companyId) throw reviewNotFound();
      const { userId } = seen.review;
      const companyId = seen.companyId;
      return outbox.transaction(db, async (tx, queueMail) => {
        // The person first, then the review: the order the company's rejection takes them in.
        const person = await employeeRepository(tx).lock(companyId, userId);
        const review = await eidReviewRepository(tx).lock(id);
        if (!person || !review) throw reviewNotFound();
        if (review.decidedAt) throw alreadyDecided();
        const status = nextStatus(person.status, EVENTS[decision]);
        // An open review exists only in Unverified and Approved, which the machine decides from;
        // the company's rejection of the person closes it (server/modules/users/employees.service.ts).
        if (!status) throw new Error(`eID review ${id} is open for a user in status ${person.status}`);
        const bindings = eidBindingRepository(tx);
        if (decision === 'confirm') {
          await bindings.confirmHeld(userId, now);
          await employeeRepository(tx).setStatus(userId, status, now);
        } else {
          await bindings.releaseHeld(userId);
        }
        await eidReviewRepository(tx).decide(id, decision, reason, admin.id, now);
        const named = { firstName: person.firstName, lastName: person.lastName };
        await recordAudit(tx, admin, {
          action: decision === 'confirm' ? 'eid.review-confirmed' : 'eid.review-rejected',
          entityType: 'user',
          entityId: userId,
          companyId,
          before: { ...named, status: person.status },
          // The reason only in the rejection's row; histories show it to LumioAdmin alone (audit.ts).
          after: reason === null ? { ...named, status } : { ...named, status, reviewReason: reason },
        });
        const addressee = { ...person, to: person.email, loginUrl: `${config.publicUrl}/` };
        await queueMail(
          payload.decision === 'confirm'
            ? {
                kind: MAIL_KINDS.eidReviewConfirmed,
                reference: userId,
                message: eidReviewConfirmedMail({ ...addressee, status }, config.brandOwner),
              }
            : {
                kind: MAIL_KINDS.eidReviewRejected,
                reference: userId,
                message: eidReviewRejectedMail({ ...addressee, reason: payload.reason }, config.brandOwner),
              },
        );
        return { status };
      });
    },
  };
}
