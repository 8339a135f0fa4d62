/**
 * The employee invitation of spec sections 2, 5 and 7, as far as the web app and the server share
 * it: the owner's invite payload, what the invitation link shows and what registering through it
 * sends. The field rules are the registration's and the profile's (src/domain/profile.ts).
 */
import { EMAIL_RULES, PERSONAL_DATA_RULES, type PersonalDataField } from './profile';
import type { Validator } from './validation';

export { EMPLOYEE_INVITATION_ROUTE } from './routes';

/** How long an invitation link works (issue 10: 7 days, single use; a re-invitation renews it). */
export const EMPLOYEE_INVITATION_VALID_DAYS = 7;

/** POST /employee-invitation: spec section 5, "Employee invitation: e-mail required and valid". */
export interface InviteEmployeePayload {
  email: string;
}
export const INVITE_EMPLOYEE_RULES: Record<keyof InviteEmployeePayload, Validator[]> = { email: EMAIL_RULES };

/** GET /employee-invitation/{id}: the invited address and the inviting company (spec section 3). */
export interface EmployeeInvitationView {
  email: string;
  company: { name: string };
}

/**
 * POST /employee-invitation/{id}: the user update fields (spec section 7), birthDate as yyyy-MM-dd.
 * Spec section 5: salutation, first name, last name and birth date are required.
 */
export type InvitationRegistrationPayload = Record<PersonalDataField, string>;
export const INVITATION_REGISTRATION_RULES: Record<PersonalDataField, Validator[]> = PERSONAL_DATA_RULES;

/** One open invitation of the company, as the employees page lists it (GET /company/{id}/employee-invitation). */
export interface OpenInvitation {
  id: string;
  email: string;
  /** ISO timestamps. */
  invitedAt: string;
  validUntil: string;
}
