import { z } from 'zod';
import { SERVER_MESSAGES } from '../../../src/domain/errorCatalogue';
import { EMAIL_RULES } from '../../../src/domain/profile';
import { ruledTextField } from '../../lib/field-schema';
import { linkIdParam, uuidParam } from '../../lib/ids';

/** PUT …/email: the new address only, checked by the profile form's rule and lower-cased. */
export const emailChangeBody = z
  .strictObject({ email: ruledTextField(EMAIL_RULES, { lowerCase: true }) })
  .meta({ id: 'EmailChange', description: 'Neue E-Mail-Adresse, an die der Bestätigungslink geht' });

export const userEmailParams = z.strictObject({
  companyId: uuidParam(SERVER_MESSAGES.invalidCompanyId),
  userId: uuidParam(SERVER_MESSAGES.invalidUserId),
});
export const administratorParams = z.strictObject({ id: uuidParam(SERVER_MESSAGES.invalidAdministratorId) });

/** The mailed link: a malformed id or token is answered like an unknown one (404). */
export const confirmParams = z.strictObject({ id: linkIdParam() });
export const confirmQuery = z.strictObject({ token: z.string().max(100).default('') });

/** The answer to a request: where the link went and until when it works. */
export const emailChangeRequested = z
  // email-change.service.ts sends toISOString().
  .object({ email: z.string(), validUntil: z.iso.datetime() })
  .meta({
    id: 'EmailChangeRequested',
    description: 'Bestätigungslink verschickt: an welche Adresse und wie lange er gilt',
  });
/** The answer to a confirmation: the new login name. */
export const emailChanged = z
  .object({ email: z.string() })
  .meta({ id: 'EmailChanged', description: 'Bestätigte Änderung: die neue Anmeldeadresse' });
