import { useQueryClient } from '@tanstack/react-query';
import { useDataProvider, useRedirect } from 'react-admin';
import { useCallback, useRef, useState } from 'react';
import { useDialogs } from '../../components/dialogs';
import type { ApplicationDecision, LumioDataProvider } from '../../dataProvider';
import { COMPANIES_RESOURCE } from '../companies/names';
import { OPEN_APPLICATIONS_RESOURCE } from './names';
import type { CompanyApplication } from './types';

/** Dialog texts per decision (spec "Dialogs": acceptApplication, rejectApplication). */
const DECISION_TEXTS = {
  Approved: {
    confirmTitle: 'app.openApplications.accept.confirmTitle',
    confirmText: 'app.openApplications.accept.confirmText',
    confirmLabel: 'app.openApplications.accept.confirmLabel',
    confirmColor: 'primary',
    successTitle: 'app.openApplications.accept.successTitle',
    successText: 'app.openApplications.accept.successText',
  },
  Rejected: {
    confirmTitle: 'app.openApplications.reject.confirmTitle',
    confirmText: 'app.openApplications.reject.confirmText',
    confirmLabel: 'app.openApplications.reject.confirmLabel',
    confirmColor: 'error',
    successTitle: 'app.openApplications.reject.successTitle',
    successText: 'app.openApplications.reject.successText',
  },
} as const satisfies Record<ApplicationDecision, Record<string, string>>;

const HTTP_CONFLICT = 409;

function isConflict(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { status?: unknown }).status === HTTP_CONFLICT;
}

export interface ApplicationDecisionState {
  /** Asks for confirmation, then decides; ignored while another decision is under way. */
  decide: (decision: ApplicationDecision) => Promise<void>;
  /** The decision whose request is running (buttons are disabled meanwhile). */
  pending: ApplicationDecision | null;
  /** True once this screen decided the application (it is no longer 'Open' from then on). */
  decided: boolean;
}

/**
 * Accept or reject (spec "Open application detail"): confirmation dialog, PUT .../status, success
 * dialog and back to /open-applications. A decision runs at most once per screen, so a double
 * click cannot send two requests (the server decides once anyway). A 409 means someone else
 * decided first: the error dialog says so and the list is shown again.
 */
export function useApplicationDecision(application: CompanyApplication | undefined): ApplicationDecisionState {
  const dataProvider = useDataProvider<LumioDataProvider>();
  const queryClient = useQueryClient();
  const redirect = useRedirect();
  const { confirm, showError, showSuccess } = useDialogs();
  const [pending, setPending] = useState<ApplicationDecision | null>(null);
  const [decided, setDecided] = useState(false);
  // Synchronous guard: a second click can arrive before React re-renders the disabled buttons.
  const busy = useRef(false);

  const backToList = useCallback(() => {
    redirect('list', OPEN_APPLICATIONS_RESOURCE);
    // The list lost the application, and an approval added a company to the companies list.
    void queryClient.invalidateQueries({ queryKey: [OPEN_APPLICATIONS_RESOURCE] });
    void queryClient.invalidateQueries({ queryKey: [COMPANIES_RESOURCE] });
  }, [queryClient, redirect]);

  const decide = useCallback(
    async (decision: ApplicationDecision) => {
      if (!application || busy.current) return;
      busy.current = true;
      const texts = DECISION_TEXTS[decision];
      const messageArgs = {
        companyName: application.companyName,
        name: `${application.firstName} ${application.lastName}`.trim(),
        email: application.email,
      };
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
        await dataProvider.decideApplication(application.id, decision);
      } catch (error) {
        setPending(null);
        void showError(error);
        if (isConflict(error)) {
          // Already decided elsewhere: nothing is left to do on this screen.
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
    [application, backToList, confirm, dataProvider, showError, showSuccess],
  );

  return { decide, pending, decided };
}
