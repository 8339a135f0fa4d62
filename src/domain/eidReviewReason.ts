import { z } from 'zod';
import { EID_REVIEW_DECISIONS } from './eidReview';
import { singleLineTextSchema } from './singleLineText';

/**
 * The reviewer's reason for rejecting an eID review (issue 25): asked for by the reject dialog,
 * checked again by PUT /api/eid-review/{id}/decision, mailed to the person and shown on their
 * verify screen. Apart from eidReview.ts, which the dashboard's tile rules read, so that zod does
 * not travel into the dashboard's chunk. The messages are German because the server sends them
 * back unchanged in a VALIDATION_FAILED body.
 */
export const EID_REVIEW_REASON_MAX_LENGTH = 500;

export const EID_REVIEW_REASON_TEXTS = {
  reasonRequired: 'Bitte geben Sie den Grund der Ablehnung an.',
  reasonTooLong: `Der Grund darf höchstens ${EID_REVIEW_REASON_MAX_LENGTH} Zeichen lang sein.`,
} as const;

const texts = EID_REVIEW_REASON_TEXTS;

/** One line of text, trimmed, 1 to 500 characters. */
export const eidReviewReasonSchema = singleLineTextSchema(EID_REVIEW_REASON_MAX_LENGTH, {
  required: texts.reasonRequired,
  tooLong: texts.reasonTooLong,
});

/** What the reject dialog sends besides the decision. */
export const eidReviewRejectionSchema = z.strictObject({ reason: eidReviewReasonSchema });
export type EidReviewRejection = z.infer<typeof eidReviewRejectionSchema>;

const [confirm, reject] = EID_REVIEW_DECISIONS;

/**
 * The decision's body: a confirmation alone (a reason is an unknown field: nothing was rejected),
 * a rejection with its reason.
 */
export const eidReviewDecisionSchema = z.discriminatedUnion('decision', [
  z.strictObject({ decision: z.literal(confirm) }),
  eidReviewRejectionSchema.extend({ decision: z.literal(reject) }),
]);
export type EidReviewDecisionPayload = z.infer<typeof eidReviewDecisionSchema>;
