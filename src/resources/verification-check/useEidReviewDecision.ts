import { useQueryClient } from '@tanstack/react-query';
import { useDataProvider, useRedirect } from 'react-admin';
import { useCallback, useMemo } from 'react';
import {
  httpStatusOf,
  useConfirmedDecision,
  type ConfirmedDecisionState,
  type DecisionTexts,
} from '../../components/dialogs';
import type { EidReviewDecision, LumioDataProvider } from '../../dataProvider';
import type { EidReviewRejection } from '../../domain/eidReviewReason';
import { EID_REVIEWS_RESOURCE } from './names';
import { fullName, type EidReview } from './types';

const T = 'app.eidReviews';

/** Dialog texts per decision; each confirmation names the person. */
const DECISION_TEXTS = {
  confirm: {
    confirmTitle: `${T}.confirm.confirmTitle`,
    confirmText: `${T}.confirm.confirmText`,
    confirmLabel: `${T}.confirm.button`,
    confirmColor: 'primary',
    successTitle: `${T}.confirm.successTitle`,
    successText: `${T}.confirm.successText`,
  },
  reject: {
    confirmTitle: `${T}.reject.confirmTitle`,
    confirmText: `${T}.reject.confirmText`,
    confirmLabel: `${T}.reject.button`,
    confirmColor: 'error',
    successTitle: `${T}.reject.successTitle`,
    successText: `${T}.reject.successText`,
  },
} as const satisfies Record<EidReviewDecision, DecisionTexts>;

/** 404: the review is gone; 409: someone else decided it first. Either way nothing is left to decide here. */
const reviewIsGone = (error: unknown) => [404, 409].includes(httpStatusOf(error) ?? 0);

export type EidReviewDecisionState = ConfirmedDecisionState<EidReviewDecision, EidReviewRejection> & {
  /** The person's name and e-mail for the dialogs' texts; undefined while nothing is loaded. */
  messageArgs: Record<string, string> | undefined;
};

/** The reject dialog (RejectEidReviewDialog) confirms a rejection: it asks for the reason. */
const CONFIRMED_BY_REASON_DIALOG = ['reject'] as const satisfies readonly EidReviewDecision[];

/**
 * 'Bestätigen' or 'Ablehnen' of an eID review: confirmation dialog naming the person (for a
 * rejection the dialog asking for the reason, RejectEidReviewDialog), PUT
 * /eid-review/{id}/decision, success dialog and back to the refreshed list. A decision is sent at
 * most once per screen. A review decided elsewhere (409) or gone (404) shows the error dialog and
 * the list again; any other error keeps the review open for another try.
 */
export function useEidReviewDecision(review: EidReview | undefined): EidReviewDecisionState {
  const dataProvider = useDataProvider<LumioDataProvider>();
  const queryClient = useQueryClient();
  const redirect = useRedirect();

  const backToList = useCallback(() => {
    redirect('list', EID_REVIEWS_RESOURCE);
    // The list lost the review. The review itself is not read again: decided, it answers 404,
    // which would open an error dialog after the success dialog.
    void queryClient.invalidateQueries({ queryKey: [EID_REVIEWS_RESOURCE, 'getList'] });
  }, [queryClient, redirect]);
  const send = useCallback(
    (decision: EidReviewDecision, rejection?: EidReviewRejection) =>
      dataProvider.decideEidReview(
        review?.id ?? '',
        // Without a reason the server refuses a rejection (400); the reject dialog always has one.
        decision === 'confirm' ? { decision } : { decision, reason: rejection?.reason ?? '' },
      ),
    [dataProvider, review?.id],
  );
  const messageArgs = useMemo(
    () => (review ? { name: fullName(review.user), email: review.user.email } : undefined),
    [review],
  );

  const state = useConfirmedDecision<EidReviewDecision, EidReviewRejection>({
    texts: DECISION_TEXTS,
    confirmedByCaller: CONFIRMED_BY_REASON_DIALOG,
    messageArgs,
    send,
    isSettled: reviewIsGone,
    backToList,
  });
  return { ...state, messageArgs };
}
