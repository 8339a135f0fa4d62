import type { StringMap } from 'ra-core';
import { accountActionsMessages } from './de/accountActions';
import { administrationMessages } from './de/administration';
import { companiesMessages } from './de/companies';
import { companyMessages } from './de/company';
import { eidReviewsMessages } from './de/eidReviews';
import { employeesMessages } from './de/employees';
import { inviteEmployeeMessages } from './de/employeeInvitation';
import { licensesMessages } from './de/licenses';
import { openApplicationsMessages } from './de/openApplications';
import { profileMessages } from './de/profile';
import { reportsMessages } from './de/reports';
import { resellersMessages } from './de/resellers';
import { statementLinkMessages } from './de/statementLinks';
import { systemIntegratorsMessages } from './de/systemIntegrators';
import { usageMessages } from './de/usage';
import { verifyMessages } from './de/verify';

/**
 * The areas' texts: one chunk, loaded with the first lazy screen (src/components/lazyScreen.ts)
 * and added to the app's catalogue before that screen renders. A new area adds its module here;
 * the header, the menu and the dashboard may only use the shell's texts (src/i18n/shellModules.ts).
 */
export const AREA_MESSAGE_MODULES: readonly StringMap[] = [
  systemIntegratorsMessages,
  resellersMessages,
  openApplicationsMessages,
  companiesMessages,
  companyMessages,
  employeesMessages,
  accountActionsMessages,
  profileMessages,
  inviteEmployeeMessages,
  verifyMessages,
  eidReviewsMessages,
  administrationMessages,
  reportsMessages,
  licensesMessages,
  usageMessages,
  // Issue 27: only the link to the statements; their screens bring their own texts.
  statementLinkMessages,
  // Issue 28: the webhooks', the API clients' and the one-time secret's texts come with their
  // chunks (as the statements' and the audit log's do), to make room for the 'Protokoll' entry.
];
