import { z } from 'zod';
import { hasControlCharacters, VALIDATION_TEXTS } from './validation';

/**
 * API clients of a system integrator (issue 26, part 3): machine credentials for the integrator's
 * back office, used with the OAuth 2.0 client-credentials grant. The rules the portal's dialog and
 * the API apply alike; the messages are German because the server sends them back unchanged in a
 * VALIDATION_FAILED body.
 */
export const API_CLIENT_NAME_MAX_LENGTH = 100;

/**
 * Every API client's OAuth client id starts with this: the API tells an API client's token from a
 * person's by it (server/plugins/auth.ts), at the embedded provider and at Keycloak alike.
 */
export const API_CLIENT_ID_PREFIX = 'lumio-api-';

/** Whether an OAuth client id (a token's `azp`/`client_id`) names an API client. */
export const isApiClientId = (clientId: unknown): clientId is string =>
  typeof clientId === 'string' && clientId.startsWith(API_CLIENT_ID_PREFIX);

/** The role in the audit trail for what an API client did: in a file without zod, for the histories. */
export { API_CLIENT_AUDIT_ROLE } from './apiClientAudit';

export const API_CLIENT_VALIDATION_TEXTS = {
  nameRequired: 'Bitte geben Sie einen Namen ein.',
  nameTooLong: `Der Name darf höchstens ${API_CLIENT_NAME_MAX_LENGTH} Zeichen lang sein.`,
} as const;

const texts = API_CLIENT_VALIDATION_TEXTS;

export const apiClientNameSchema = z
  .string({ error: texts.nameRequired })
  .trim()
  .refine((value) => !hasControlCharacters(value), { message: VALIDATION_TEXTS.controlCharacters, abort: true })
  .min(1, texts.nameRequired)
  .max(API_CLIENT_NAME_MAX_LENGTH, texts.nameTooLong);

/** POST /api/system-integrator/{id}/api-client */
export const apiClientCreateSchema = z
  .strictObject({ name: apiClientNameSchema })
  .meta({ id: 'ApiClientCreate', description: 'API-Zugang anlegen: sein Name (z. B. „Warenwirtschaft“)' });

export type ApiClientCreatePayload = z.infer<typeof apiClientCreateSchema>;

/** An API client as the portal lists it: never its secret. */
export interface ApiClient {
  id: string;
  clientId: string;
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
}
