import { z } from 'zod';
import { INVITATION_REGISTRATION_RULES, INVITE_EMPLOYEE_RULES } from '../../../src/domain/employeeInvitation';
import { ruledFields, ruledTextField } from '../../lib/field-schema';

/** POST /employee-invitation: the address only (the company is the inviter's own), lower-cased. */
export const inviteBody = z.strictObject({ email: ruledTextField(INVITE_EMPLOYEE_RULES.email, { lowerCase: true }) });
export type InviteBody = z.infer<typeof inviteBody>;

/** The answer to an invitation: where the link went and until when it works. */
export const invitationSent = z.object({ id: z.string(), email: z.string(), validUntil: z.string() });

/**
 * The mailed link's id: any text up to a sane length, so that a malformed one is answered like an
 * unknown one (404 'Invitation not found'). Not lower-cased: the token is case-sensitive base64url.
 */
export const invitationParams = z.strictObject({ id: z.string().max(100) });

/** GET /employee-invitation/{id}: spec section 3, "Employee invitation: email and company". */
export const invitationView = z.object({ email: z.string(), company: z.object({ name: z.string() }) });

/**
 * POST /employee-invitation/{id}: the registration's and the profile's rules (src/domain). Neither
 * e-mail nor company: both come from the invitation, and the strict object refuses them.
 */
export const registrationBody = z.strictObject(ruledFields(INVITATION_REGISTRATION_RULES));
export type RegistrationBody = z.infer<typeof registrationBody>;

export const registered = z.object({ email: z.string() });
