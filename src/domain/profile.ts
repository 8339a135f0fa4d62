import { APPLICATION_FIELD_RULES } from './companyApplication';
import { isAdministratorRole, isCompanyRole, type Role, type UserStatus } from './roles';
import type { Validator } from './validation';

/**
 * The own profile (spec sections 2 "Profile management" and 4): which fields a user may change
 * about themselves. The profile page enables exactly these; the server refuses everything else.
 */
export const PERSONAL_DATA_FIELDS = ['salutation', 'firstName', 'lastName', 'birthDate'] as const;
export type PersonalDataField = (typeof PERSONAL_DATA_FIELDS)[number];
export type ProfileField = PersonalDataField | 'email';

/**
 * Spec section 4: while their status is Unverified an Employee or AccountAdministrator may edit
 * their own personal data; owners, users whose registration went further, and the admin roles
 * change only their e-mail address.
 */
export function mayEditPersonalData(role: Role, status: UserStatus | string): boolean {
  return (role === 'Employee' || role === 'AccountAdministrator') && status === 'Unverified';
}

export function editableProfileFields(role: Role, status: UserStatus | string): ProfileField[] {
  return mayEditPersonalData(role, status) ? [...PERSONAL_DATA_FIELDS, 'email'] : ['email'];
}

/** The personal data's rules are the registration's (spec section 5, "Profile"). */
export const PERSONAL_DATA_RULES: Record<PersonalDataField, Validator[]> = {
  salutation: APPLICATION_FIELD_RULES.salutation,
  firstName: APPLICATION_FIELD_RULES.firstName,
  lastName: APPLICATION_FIELD_RULES.lastName,
  birthDate: APPLICATION_FIELD_RULES.birthDate,
};

/** Spec section 2: salutation and birth date belong to company users' profiles only. */
export function profileHasPersonalDetails(role: Role): boolean {
  return isCompanyRole(role);
}

/** Spec section 2: a SystemIntegratorAdmin's profile names its system integrator (read-only). */
export function profileShowsSystemIntegrator(role: Role): boolean {
  return role === 'SystemIntegratorAdmin';
}

/** The new address of an e-mail change: required and valid (spec section 5, "Profile"). */
export const EMAIL_RULES: Validator[] = APPLICATION_FIELD_RULES.email;

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
export type EmailChangeKind = 'user' | 'administrator';

export function emailChangeKind(role: Role): EmailChangeKind {
  return isAdministratorRole(role) ? 'administrator' : 'user';
}

/** The public page the confirmation mail links to (spec section 2), per kind. */
export const EMAIL_CHANGE_CONFIRM_ROUTES: Record<EmailChangeKind, string> = {
  user: 'user-email-change-request',
  administrator: 'administrator-email-change-request',
};
