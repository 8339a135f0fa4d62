import type { StringMap, TranslationMessages } from 'ra-core';
import { accountActionsMessages } from './de/accountActions';
import { administrationMessages } from './de/administration';
import { companiesMessages } from './de/companies';
import { companyMessages } from './de/company';
import { componentsMessages } from './de/components';
import { eidReviewsMessages } from './de/eidReviews';
import { employeesMessages } from './de/employees';
import { inviteEmployeeMessages } from './de/employeeInvitation';
import { openApplicationsMessages } from './de/openApplications';
import { profileMessages } from './de/profile';
import { datePickerMessages } from './de/registration';
import { resellersMessages } from './de/resellers';
import { shellMessages } from './de/shell';
import { systemIntegratorsMessages } from './de/systemIntegrators';
import { verifyMessages } from './de/verify';
import { mergeMessages } from './mergeMessages';
import { raGermanMessages } from './raGerman';

/** Every module's texts; a new feature adds its module here. */
export const MESSAGE_MODULES: readonly StringMap[] = [
  shellMessages,
  componentsMessages,
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
  // The profile's birth date uses the shared picker inside the admin.
  datePickerMessages,
];

/** The complete German catalogue: react-admin's keys plus the app's `app.*` and `resources.*`. */
export const deMessages: TranslationMessages = mergeMessages(raGermanMessages, ...MESSAGE_MODULES);
