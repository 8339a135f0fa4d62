import { useEffect, useRef } from 'react';
import { eidCheckDelay, type EidBindingDone } from '../../domain/eid';

export interface EidBindingStatusHandlers {
  /** One status check (GET /user/eid/bind): null while the binding runs, its outcome once done. */
  check: (sessionId: string) => Promise<EidBindingDone | null>;
  /** The binding is done; no further check follows. */
  onDone: (result: EidBindingDone) => void;
  /** A check failed (an EID_* error, an expired or unknown session, …); no further check follows. */
  onError: (error: unknown) => void;
}

/**
 * Polls the status of the binding session `sessionId` (spec sections 4 and 9): the first check
 * 10 s after the QR code appears, then 5 s after each answer. The checks form a chain of
 * timeouts, so a slow answer never overlaps the next check. A result or an error ends the chain;
 * so do leaving the page (unmount) and a change of session (null: no session). Answers that
 * arrive after that are ignored.
 */
export function useEidBindingStatus(sessionId: string | null, handlers: EidBindingStatusHandlers): void {
  // The latest handlers, so that a re-render with new callbacks does not restart the schedule.
  const latest = useRef(handlers);
  useEffect(() => {
    latest.current = handlers;
  });

  useEffect(() => {
    if (!sessionId) return undefined;
    let active = true;
    let timer: ReturnType<typeof setTimeout> | undefined;

    const checkAfter = (answeredChecks: number) => {
      timer = setTimeout(() => void check(answeredChecks), eidCheckDelay(answeredChecks));
    };
    const check = async (answeredChecks: number) => {
      let result: EidBindingDone | null;
      try {
        result = await latest.current.check(sessionId);
      } catch (error) {
        if (active) latest.current.onError(error);
        return;
      }
      if (!active) return;
      if (result) latest.current.onDone(result);
      else checkAfter(answeredChecks + 1);
    };

    checkAfter(0);
    return () => {
      active = false;
      clearTimeout(timer);
    };
  }, [sessionId]);
}
