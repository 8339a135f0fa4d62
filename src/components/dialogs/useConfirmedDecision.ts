import { useCallback, useRef, useState } from 'react';
import { useDialogs } from './dialogsContext';

/** The dialogs' texts (translation keys) of one decision. */
export interface DecisionTexts {
  confirmTitle: string;
  confirmText: string;
  confirmLabel: string;
  confirmColor: 'primary' | 'error';
  successTitle: string;
  successText: string;
}

export interface ConfirmedDecisionOptions<D extends string, P = undefined> {
  /** Texts per decision. */
  texts: Record<D, DecisionTexts>;
  /**
   * Decisions whose confirmation is a dialog of the caller's that asks for more (the reason of an
   * eID review's rejection): `decide` then sends at once, with what that dialog asked for.
   */
  confirmedByCaller?: readonly D[];
  /** The record's placeholders for the texts (names, e-mail); undefined while nothing is loaded. */
  messageArgs: Record<string, string> | undefined;
  /** Sends the decision (with what the caller's dialog asked for) to the server. */
  send: (decision: D, details?: P) => Promise<unknown>;
  /** An error after which nothing is left to decide here (decided elsewhere, gone): back to the list. */
  isSettled: (error: unknown) => boolean;
  /** After success, or after a settling error: back to the refreshed list. */
  backToList: () => void;
}

export interface ConfirmedDecisionState<D extends string, P = undefined> {
  /**
   * Asks for confirmation (unless the caller's dialog did), then decides; ignored while another
   * decision is under way.
   */
  decide: (decision: D, details?: P) => Promise<void>;
  /** The decision whose request is running (the buttons wait meanwhile). */
  pending: D | null;
  /** True once the record is decided (or settled elsewhere): the buttons stay disabled. */
  decided: boolean;
}

/** The HTTP status of a data-provider error, if it has one. */
export function httpStatusOf(error: unknown): number | undefined {
  const status = typeof error === 'object' && error !== null ? (error as { status?: unknown }).status : undefined;
  return typeof status === 'number' ? status : undefined;
}

/**
 * A decision on a record under review (an application, an eID review): confirmation dialog, the
 * request, success dialog and back to the list. A decision is sent at most once per screen. An
 * error shows the error dialog; a settling one (someone else decided first) also goes back to the
 * list, any other keeps the record open for another try.
 */
export function useConfirmedDecision<D extends string, P = undefined>({
  texts,
  confirmedByCaller = [],
  messageArgs,
  send,
  isSettled,
  backToList,
}: ConfirmedDecisionOptions<D, P>): ConfirmedDecisionState<D, P> {
  const { confirm, showError, showSuccess } = useDialogs();
  const [pending, setPending] = useState<D | null>(null);
  const [decided, setDecided] = useState(false);
  // Synchronous guard: a second click can arrive before React re-renders the disabled buttons.
  const busy = useRef(false);

  const decide = useCallback(
    async (decision: D, details?: P) => {
      if (!messageArgs || busy.current) return;
      busy.current = true;
      const { successTitle, successText, ...confirmTexts } = texts[decision];
      const confirmed =
        confirmedByCaller.includes(decision) ||
        (await confirm({
          title: confirmTexts.confirmTitle,
          content: confirmTexts.confirmText,
          messageArgs,
          confirmLabel: confirmTexts.confirmLabel,
          confirmColor: confirmTexts.confirmColor,
        }));
      if (!confirmed) {
        busy.current = false;
        return;
      }

      setPending(decision);
      try {
        await send(decision, details);
      } catch (error) {
        setPending(null);
        void showError(error);
        if (isSettled(error)) {
          setDecided(true);
          backToList();
        } else {
          busy.current = false;
        }
        return;
      }
      setDecided(true);
      void showSuccess({ title: successTitle, text: successText, messageArgs });
      backToList();
    },
    [messageArgs, texts, confirmedByCaller, send, isSettled, backToList, confirm, showError, showSuccess],
  );

  return { decide, pending, decided };
}
