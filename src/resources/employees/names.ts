import type { Identifier } from 'react-admin';

/** react-admin resource name; also the route of spec section 2 (employees, employees/{id}). */
export const EMPLOYEES_RESOURCE = 'employees';

/** Every query of this resource starts with its name: invalidating it refreshes lists, count and histories. */
export const pendingEmployeeCountKey = (companyId: Identifier | undefined) => [
  EMPLOYEES_RESOURCE,
  'pendingCount',
  String(companyId),
];
export const employeeHistoryKey = (userId: Identifier) => [EMPLOYEES_RESOURCE, 'history', String(userId)];
/** The company's open invitations (issue 25); under the resource's name, so inviting refreshes them too. */
export const openInvitationsKey = (companyId: Identifier) => [EMPLOYEES_RESOURCE, 'openInvitations', String(companyId)];
