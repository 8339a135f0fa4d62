import { z } from 'zod';
import { API_CLIENT_ID_PREFIX } from '../../../src/domain/apiClients';
import { pagedResultSchema, pagingQuerySchema } from '../../lib/paging';
import { systemIntegratorParams } from '../system-integrators/system-integrators.schemas';

const clientIdField = z.string().meta({
  description: `OAuth-Client-ID für den Token-Abruf (\`${API_CLIENT_ID_PREFIX}…\`)`,
  example: 'lumio-api-3f9c2a7d41b08e5c6a12',
});

/** An API client as the API lists it: never its secret. */
export const apiClientSchema = z
  .object({
    id: z.uuid(),
    clientId: clientIdField,
    name: z.string(),
    createdAt: z.iso.datetime(),
    lastUsedAt: z.iso.datetime().nullable().meta({ description: 'Letzter Aufruf der API (auf eine Minute genau)' }),
  })
  .meta({ id: 'ApiClient', description: 'Ein API-Zugang eines System-Integrators (ohne Geheimnis)' });

/** The answer that creates a client: the only time its secret leaves the server. */
export const createdApiClientSchema = z
  .object({
    id: z.uuid(),
    clientId: clientIdField,
    clientSecret: z.string().meta({
      description: 'Client-Secret für den Token-Abruf (Client-Credentials); wird nur hier einmal gezeigt',
    }),
    name: z.string(),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: 'CreatedApiClient', description: 'Der angelegte API-Zugang mit seinem Geheimnis' });

export const apiClientPage = pagedResultSchema(apiClientSchema).meta({
  id: 'ApiClientPage',
  description: 'Eine Seite der API-Zugänge',
});

export const apiClientListQuery = pagingQuerySchema(['createdAt', 'name']);

export const apiClientParams = systemIntegratorParams.extend({
  clientId: z.string().min(1).max(100).meta({ description: 'Die Client-ID des API-Zugangs' }),
});
