import { useQueryClient } from '@tanstack/react-query';
import { useAuthProvider, useDataProvider, useRedirect } from 'ra-core';
import { useCallback, useRef, useState } from 'react';
import type { LumioAuthProvider } from '../../authProvider/authProvider';
import { useDialogs } from '../../components/dialogs';
import type { LumioDataProvider } from '../../dataProvider';
import type { EidBindingDone, EidBindingStarted } from '../../domain/eid';
import { DASHBOARD_PATH } from '../../domain/routes';
import { useEidBindingStatus } from './useEidBindingStatus';

/** Where the verify page stands. */
export type VerifyPhase =
  /** Step 1: the instructions and the start button; `failed` after an unfinished attempt. */
  | { step: 'instructions'; failed: boolean }
  /** Step 2: the QR code while the status is checked. */
  | { step: 'qrCode'; binding: EidBindingStarted }
  /** The ID matched; the success dialog is open, then the dashboard follows. */
  | { step: 'matched'; status: EidBindingDone['status'] }
  /** The data differ: a LumioAdmin reviews them. */
  | { step: 'reviewPending' };

/**
 * The text after a match: a company user whose registration is now finished (spec section 4:
 * VerifiedAndApproved) may use Lumio, the others (Verified) wait for their company's approval.
 */
export function successTextKey(status: EidBindingDone['status']): string {
  return status === 'VerifiedAndApproved' ? 'app.verify.success.finished' : 'app.verify.success.text';
}

export interface EidVerification {
  phase: VerifyPhase;
  /** The start call is running (the button waits). */
  starting: boolean;
  /** Step 1 → 2: POST /user/eid/bind. */
  start: () => Promise<void>;
  /** The dialog verifyPendingApproval is open. */
  pendingDialogOpen: boolean;
  closePendingDialog: () => void;
}

/**
 * The eID verification of spec sections 2 and 4: start the binding, show the QR code, check the
 * status until it is done, then
 * - matched: dialog 'EID erfolgreich verifiziert', GET /self again, on to the dashboard, whose
 *   tiles and menu then follow the new status;
 * - reviewPending: dialog verifyPendingApproval, and the page says the review is pending;
 * - an error (expired, cancelled on the phone, already bound, …): the error dialog with the code's
 *   German text, then step 1 again with 'Erneut starten'.
 */
export function useEidVerification(): EidVerification {
  const dataProvider = useDataProvider<LumioDataProvider>();
  // Lumio's auth provider caches GET /self; another one (a test's) has nothing to reload.
  const authProvider = useAuthProvider() as Partial<LumioAuthProvider> | undefined;
  const queryClient = useQueryClient();
  const redirect = useRedirect();
  const { showError, showSuccess } = useDialogs();
  const [phase, setPhase] = useState<VerifyPhase>({ step: 'instructions', failed: false });
  const [starting, setStarting] = useState(false);
  const [pendingDialogOpen, setPendingDialogOpen] = useState(false);
  // Synchronous guard: a double click arrives before React re-renders the disabled button.
  const busy = useRef(false);

  const start = useCallback(async () => {
    if (busy.current) return;
    busy.current = true;
    setStarting(true);
    try {
      setPhase({ step: 'qrCode', binding: await dataProvider.startEidBinding() });
    } catch (error) {
      // Spec section 8 only logs a failed start; the product decision of issue 11 is to say why
      // (a review pending, already bound, no eID service) and stay on step 1.
      void showError(error);
    } finally {
      busy.current = false;
      setStarting(false);
    }
  }, [dataProvider, showError]);

  const matched = useCallback(
    async (result: EidBindingDone) => {
      setPhase({ step: 'matched', status: result.status });
      // GET /self runs while the dialog is open; a failure is left to the dashboard, which loads
      // the user again anyway.
      const refreshed = authProvider?.refreshSelf?.().catch(() => undefined);
      await showSuccess({
        title: 'app.verify.success.title',
        text: successTextKey(result.status),
      });
      await refreshed;
      redirect(DASHBOARD_PATH);
      // The header menu and the dashboard re-read the permissions, only once this page is left:
      // its own access check would show 'Zugriff verweigert' for a moment to a finished user.
      void queryClient.invalidateQueries({ queryKey: ['auth'] });
    },
    [authProvider, redirect, queryClient, showSuccess],
  );

  useEidBindingStatus(phase.step === 'qrCode' ? phase.binding.sessionId : null, {
    check: (sessionId) => dataProvider.checkEidBinding(sessionId),
    onDone: (result) => {
      if (result.outcome === 'matched') {
        void matched(result);
      } else {
        setPhase({ step: 'reviewPending' });
        setPendingDialogOpen(true);
      }
    },
    onError: (error) => {
      void showError(error).then(() => setPhase({ step: 'instructions', failed: true }));
    },
  });

  return {
    phase,
    starting,
    start,
    pendingDialogOpen,
    closePendingDialog: useCallback(() => setPendingDialogOpen(false), []),
  };
}
