import { z } from 'zod';
import { SERVER_MESSAGES } from '../../../src/domain/errorCatalogue';
import { EMAIL_RULES } from '../../../src/domain/profile';
import { ruledTextField } from '../../lib/field-schema';
import { linkIdParam, uuidParam } from '../../lib/ids';

/** PUT …/email: the new address only, checked by the profile form's rule and lower-cased. */
export const emailChangeBody = z.strictObject({ email: ruledTextField(EMAIL_RULES, { lowerCase: true }) });

export const userEmailParams = z.strictObject({
  companyId: uuidParam(SERVER_MESSAGES.invalidCompanyId),
  userId: uuidParam(SERVER_MESSAGES.invalidUserId),
});
export const administratorParams = z.strictObject({ id: uuidParam(SERVER_MESSAGES.invalidAdministratorId) });

/** The mailed link: a malformed id or token is answered like an unknown one (404). */
export const confirmParams = z.strictObject({ id: linkIdParam() });
export const confirmQuery = z.strictObject({ token: z.string().max(100).default('') });

/** The answer to a request: where the link went and until when it works. */
export const emailChangeRequested = z.object({ email: z.string(), validUntil: z.string() });
/** The answer to a confirmation: the new login name. */
export const emailChanged = z.object({ email: z.string() });
