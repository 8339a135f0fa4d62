import { useQueryClient } from '@tanstack/react-query';
import { useDataProvider, useRedirect } from 'react-admin';
import { useCallback } from 'react';
import {
  httpStatusOf,
  useConfirmedDecision,
  type ConfirmedDecisionState,
  type DecisionTexts,
} from '../../components/dialogs';
import type { EidReviewDecision, LumioDataProvider } from '../../dataProvider';
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

export type EidReviewDecisionState = ConfirmedDecisionState<EidReviewDecision>;

/**
 * 'Bestätigen' or 'Ablehnen' of an eID review: confirmation dialog naming the person, PUT
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
    (decision: EidReviewDecision) => dataProvider.decideEidReview(review?.id ?? '', decision),
    [dataProvider, review?.id],
  );

  return useConfirmedDecision({
    texts: DECISION_TEXTS,
    messageArgs: review ? { name: fullName(review.user), email: review.user.email } : undefined,
    send,
    isSettled: reviewIsGone,
    backToList,
  });
}
