import { useQueryClient } from '@tanstack/react-query';
import { useDataProvider, useRedirect } from 'react-admin';
import { useCallback, useRef, useState } from 'react';
import { useDialogs } from '../../components/dialogs';
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
} as const satisfies Record<EidReviewDecision, Record<string, string>>;

/** 404: the review is gone; 409: someone else decided it first. Either way nothing is left to decide here. */
function reviewIsGone(error: unknown): boolean {
  const status = typeof error === 'object' && error !== null ? (error as { status?: unknown }).status : undefined;
  return status === 404 || status === 409;
}

export interface EidReviewDecisionState {
  /** Asks for confirmation, then decides; ignored while another decision is under way. */
  decide: (decision: EidReviewDecision) => Promise<void>;
  /** The decision whose request is running (both buttons wait meanwhile). */
  pending: EidReviewDecision | null;
  /** True once the review is decided (or gone): the buttons stay disabled. */
  decided: boolean;
}

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
  const { confirm, showError, showSuccess } = useDialogs();
  const [pending, setPending] = useState<EidReviewDecision | null>(null);
  const [decided, setDecided] = useState(false);
  // Synchronous guard: a second click can arrive before React re-renders the disabled buttons.
  const busy = useRef(false);

  const backToList = useCallback(() => {
    redirect('list', EID_REVIEWS_RESOURCE);
    // The list lost the review. The review itself is not read again: decided, it answers 404,
    // which would open an error dialog after the success dialog.
    void queryClient.invalidateQueries({ queryKey: [EID_REVIEWS_RESOURCE, 'getList'] });
  }, [queryClient, redirect]);

  const decide = useCallback(
    async (decision: EidReviewDecision) => {
      if (!review || busy.current) return;
      busy.current = true;
      const texts = DECISION_TEXTS[decision];
      const messageArgs = { name: fullName(review.user), email: review.user.email };
      const confirmed = await confirm({
        title: texts.confirmTitle,
        content: texts.confirmText,
        messageArgs,
        confirmLabel: texts.confirmLabel,
        confirmColor: texts.confirmColor,
      });
      if (!confirmed) {
        busy.current = false;
        return;
      }

      setPending(decision);
      try {
        await dataProvider.decideEidReview(review.id, decision);
      } catch (error) {
        setPending(null);
        void showError(error);
        if (reviewIsGone(error)) {
          setDecided(true);
          backToList();
        } else {
          busy.current = false;
        }
        return;
      }
      setDecided(true);
      void showSuccess({ title: texts.successTitle, text: texts.successText, messageArgs });
      backToList();
    },
    [review, backToList, confirm, dataProvider, showError, showSuccess],
  );

  return { decide, pending, decided };
}
