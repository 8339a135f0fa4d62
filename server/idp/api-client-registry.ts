import { eq } from 'drizzle-orm';
import type { Adapter, AdapterPayload } from 'oidc-provider';
import { isApiClientId } from '../../src/domain/apiClients';
import type { Db } from '../db/client';
import { apiClients } from '../modules/api-clients/api-clients.table';

/**
 * The embedded provider's API clients (issue 26, part 3), read from `api_clients` whenever the
 * provider looks a client up (its `Client` adapter), so that every replica knows a client the
 * moment its row committed and forgets it the moment the row or its secret hash is gone.
 * `client_secret` is the stored SHA-256 of the secret, never the secret: compareApiClientSecrets
 * (provider-overrides.ts) compares a presented secret with it.
 */
export function createApiClientAdapter(db: Db): Adapter {
  const readOnly = async () => {
    throw new Error('API clients are managed through the portal (server/modules/api-clients), not the provider');
  };
  return {
    async find(clientId): Promise<AdapterPayload | undefined> {
      if (!isApiClientId(clientId)) return undefined;
      const [row] = await db
        .select({ name: apiClients.name, secretHash: apiClients.secretHash })
        .from(apiClients)
        .where(eq(apiClients.clientId, clientId))
        .limit(1);
      if (!row?.secretHash) return undefined;
      return {
        client_id: clientId,
        client_secret: row.secretHash,
        client_name: row.name,
        application_type: 'web',
        // The back office's machine credential: the client-credentials grant, nothing else; the
        // secret in the Authorization header (basic) or the form (post), as OAuth 2.0 allows both.
        token_endpoint_auth_method: 'client_secret_basic',
        grant_types: ['client_credentials'],
        response_types: [],
        redirect_uris: [],
      };
    },
    upsert: readOnly,
    findByUid: async () => undefined,
    findByUserCode: async () => undefined,
    consume: readOnly,
    destroy: readOnly,
    revokeByGrantId: readOnly,
  };
}
