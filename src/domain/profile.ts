import { APPLICATION_FIELD_RULES } from './companyApplication';
import { isCompanyRole, type Role, type UserStatus } from './roles';
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
