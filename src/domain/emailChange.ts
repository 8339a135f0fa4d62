/**
 * The e-mail change of spec sections 2, 4 and 7, as far as the web app and the server share it.
 * The confirmation routes live with the route table (routes.ts), which the public pages load anyway.
 */
import { isAdministratorRole, type Role } from './roles';
import type { EmailChangeKind } from './routes';

export { EMAIL_CHANGE_CONFIRM_ROUTES, type EmailChangeKind } from './routes';

/** The body of PUT …/user/{userId}/email and PUT /administrator/{id}/email. */
export interface EmailChangePayload {
  email: string;
}

/** How long the confirmation link of an e-mail change works (issue 9: 24 hours, single use). */
export const EMAIL_CHANGE_VALID_HOURS = 24;

/**
 * Company users change their e-mail as users of their company, the three admin roles as
 * administrators (spec section 7); each kind has its own confirmation route and page.
 */
export function emailChangeKind(role: Role): EmailChangeKind {
  return isAdministratorRole(role) ? 'administrator' : 'user';
}
