import { z } from 'zod';
import { EID_REVIEW_SORT_FIELDS } from '../../../src/domain/eidReview';
import { eidReviewDecisionSchema } from '../../../src/domain/eidReviewReason';
import { SERVER_MESSAGES } from '../../../src/domain/errorCatalogue';
import { ROLES, USER_STATUSES } from '../../../src/domain/roles';
import { uuidParam } from '../../lib/ids';
import { pagedResultSchema, pagingQuerySchema } from '../../lib/paging';

const identityField = z.enum(['firstName', 'lastName', 'birthDate']);

/** One open review in the list (EidReviewListItem of src/domain/eidReview.ts). */
export const reviewListItem = z
  .object({
    id: z.uuid(),
    userId: z.uuid(),
    firstName: z.string(),
    lastName: z.string(),
    email: z.string(),
    companyId: z.uuid(),
    companyName: z.string(),
    // eid-reviews.repository.ts sends toISOString().
    createdAt: z.iso.datetime(),
  })
  .meta({ id: 'EidReviewListItem', description: 'Eine offene eID-Prüfung in der Liste' });
export const reviewListQuery = pagingQuerySchema(EID_REVIEW_SORT_FIELDS);
export const reviewPage = pagedResultSchema(reviewListItem).meta({
  id: 'EidReviewPage',
  description: 'Eine Seite der offenen eID-Prüfungen',
});

/** One open review: the profile beside the card (EidReviewDetail of src/domain/eidReview.ts). */
export const reviewDetail = z
  .object({
    id: z.uuid(),
    // eid-reviews.service.ts: toISOString(); both birth dates are date columns in Drizzle's string mode.
    createdAt: z.iso.datetime(),
    user: z.object({
      id: z.uuid(),
      salutation: z.string().nullable(),
      firstName: z.string(),
      lastName: z.string(),
      birthDate: z.iso.date().nullable(),
      email: z.string(),
      role: z.enum(ROLES),
      status: z.enum(USER_STATUSES),
      companyId: z.uuid(),
      companyName: z.string(),
    }),
    document: z.object({
      givenNames: z.string(),
      familyName: z.string(),
      birthDate: z.iso.date(),
      documentType: z.string(),
    }),
    differences: z.array(identityField),
  })
  .meta({ id: 'EidReview', description: 'Offene eID-Prüfung: Profil der Person neben den Daten des Ausweises' });

export const reviewParams = z.strictObject({ id: uuidParam(SERVER_MESSAGES.invalidEidReviewId) });
/** 'confirm' alone, or 'reject' with the reviewer's reason (src/domain/eidReviewReason.ts). */
export const decisionBody = eidReviewDecisionSchema.meta({
  id: 'EidReviewDecision',
  description: 'Entscheidung der Prüfung: bestätigen, oder ablehnen mit Begründung',
});
export const decided = z
  .object({ status: z.enum(USER_STATUSES) })
  .meta({ id: 'EidReviewDecided', description: 'Der Status der Person nach der Entscheidung' });
