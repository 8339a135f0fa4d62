import { z } from 'zod';
import { INVITATION_REGISTRATION_RULES, INVITE_EMPLOYEE_RULES } from '../../../src/domain/employeeInvitation';
import { SERVER_MESSAGES } from '../../../src/domain/errorCatalogue';
import { ruledFields, ruledTextField } from '../../lib/field-schema';
import { uuidParam } from '../../lib/ids';

/** POST /employee-invitation: the address only (the company is the inviter's own), lower-cased. */
export const inviteBody = z
  .strictObject({ email: ruledTextField(INVITE_EMPLOYEE_RULES.email, { lowerCase: true }) })
  .meta({ id: 'EmployeeInvitationCreate', description: 'Mitarbeitende einladen: ihre E-Mail-Adresse' });
export type InviteBody = z.infer<typeof inviteBody>;

/** The answer to an invitation: where the link went and until when it works. */
export const invitationSent = z
  // employee-invitations.service.ts sends toISOString().
  .object({ id: z.string(), email: z.string(), validUntil: z.iso.datetime() })
  .meta({
    id: 'EmployeeInvitationSent',
    description: 'Einladung verschickt: an welche Adresse und wie lange sie gilt',
  });

/**
 * The mailed link's id: any text up to a sane length, so that a malformed one is answered like an
 * unknown one (404 'Invitation not found'). Not lower-cased: the token is case-sensitive base64url.
 */
export const invitationParams = z.strictObject({ id: z.string().max(100) });

/** GET /employee-invitation/{id}: spec section 3, "Employee invitation: email and company". */
export const invitationView = z
  .object({ email: z.string(), company: z.object({ name: z.string() }) })
  .meta({ id: 'EmployeeInvitation', description: 'Einladung: eingeladene Adresse und einladende Firma' });

/**
 * POST /employee-invitation/{id}: the registration's and the profile's rules (src/domain). Neither
 * e-mail nor company: both come from the invitation, and the strict object refuses them.
 */
export const registrationBody = z.strictObject(ruledFields(INVITATION_REGISTRATION_RULES)).meta({
  id: 'EmployeeInvitationAcceptance',
  description: 'Einladung annehmen: Anrede, Vor- und Nachname, Geburtsdatum',
});
export type RegistrationBody = z.infer<typeof registrationBody>;

export const registered = z
  .object({ email: z.string() })
  .meta({ id: 'EmployeeInvitationAccepted', description: 'Angenommene Einladung: die Anmeldeadresse' });

/** …/company/{companyId}/employee-invitation: the company whose invitations are meant. */
export const companyInvitationsParams = z.strictObject({ companyId: uuidParam(SERVER_MESSAGES.invalidCompanyId) });

/** …/employee-invitation/{id}: the invitation's id (not its link's token); an invalid one is 404. */
export const companyInvitationParams = z.strictObject({
  companyId: uuidParam(SERVER_MESSAGES.invalidCompanyId),
  id: z.string().max(100).toLowerCase(),
});

/** One open invitation as the employees page lists it. */
export const openInvitation = z
  .object({
    id: z.string(),
    email: z.string(),
    // employee-invitations.service.ts sends toISOString().
    invitedAt: z.iso.datetime(),
    validUntil: z.iso.datetime(),
  })
  .meta({ id: 'OpenEmployeeInvitation', description: 'Eine offene Einladung der Firma' });
export const openInvitationList = z.array(openInvitation);
