import { useQueryClient } from '@tanstack/react-query';
import { useDataProvider, useRedirect } from 'react-admin';
import { useCallback } from 'react';
import {
  httpStatusOf,
  useConfirmedDecision,
  type ConfirmedDecisionState,
  type DecisionTexts,
} from '../../components/dialogs';
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
} as const satisfies Record<ApplicationDecision, DecisionTexts>;

/** Someone else decided first: nothing is left to decide on this screen. */
const isConflict = (error: unknown) => httpStatusOf(error) === 409;

export type ApplicationDecisionState = ConfirmedDecisionState<ApplicationDecision>;

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

  const backToList = useCallback(() => {
    redirect('list', OPEN_APPLICATIONS_RESOURCE);
    // The list lost the application, and an approval added a company to the companies list.
    void queryClient.invalidateQueries({ queryKey: [OPEN_APPLICATIONS_RESOURCE] });
    void queryClient.invalidateQueries({ queryKey: [COMPANIES_RESOURCE] });
  }, [queryClient, redirect]);
  const send = useCallback(
    (decision: ApplicationDecision) => dataProvider.decideApplication(application?.id ?? '', decision),
    [dataProvider, application?.id],
  );

  return useConfirmedDecision({
    texts: DECISION_TEXTS,
    messageArgs: application
      ? {
          companyName: application.companyName,
          name: `${application.firstName} ${application.lastName}`.trim(),
          email: application.email,
        }
      : undefined,
    send,
    isSettled: isConflict,
    backToList,
  });
}
