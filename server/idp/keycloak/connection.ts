import type KcAdminClient from '@keycloak/keycloak-admin-client';
import { createServiceAccountTokens, type ServiceAccountTokens } from './token-provider';

type AdminClientModule = typeof import('@keycloak/keycloak-admin-client');

/**
 * The admin client's package is loaded on the first call, not with the server: it took about 50 ms
 * of every start, also of `npm start`'s embedded mode, which never calls Keycloak (issue 23, warm
 * start <= 2 s). Kept once loaded, so that statusOf can tell its NetworkError.
 */
let adminClientModule: AdminClientModule | undefined;
async function loadAdminClientModule(): Promise<AdminClientModule> {
  adminClientModule ??= await import('@keycloak/keycloak-admin-client');
  return adminClientModule;
}

export interface KeycloakConnectionOptions {
  /** Keycloak's base URL, e.g. http://localhost:8180 (no /realms). */
  url: string;
  realm: string;
  clientId: string;
  clientSecret: string;
}

/**
 * One Admin REST client of the realm with the re-authenticating service-account token. `call`
 * runs one request and, when Keycloak refuses the token (401: Keycloak restarted, the session of
 * the service account was removed), fetches a new token and tries once more.
 */
export interface KeycloakConnection {
  call<T>(request: (client: KcAdminClient) => Promise<T>): Promise<T>;
  tokens: ServiceAccountTokens;
}

export function connectKeycloak(options: KeycloakConnectionOptions): KeycloakConnection {
  const base = options.url.replace(/\/$/, '');
  const tokens = createServiceAccountTokens({
    issuer: `${base}/realms/${options.realm}`,
    clientId: options.clientId,
    clientSecret: options.clientSecret,
  });
  let clientPromise: Promise<KcAdminClient> | undefined;
  const adminClient = () =>
    (clientPromise ??= loadAdminClientModule().then(({ default: AdminClient }) => {
      const client = new AdminClient({ baseUrl: base, realmName: options.realm, timeout: 15_000 });
      client.registerTokenProvider({ getAccessToken: () => tokens.getAccessToken() });
      return client;
    }));

  return {
    tokens,
    async call(request) {
      const client = await adminClient();
      const token = await tokens.getAccessToken();
      try {
        return await request(client);
      } catch (err) {
        if (statusOf(err) !== 401) throw err;
        tokens.invalidate(token);
        return request(client);
      }
    },
  };
}

/** The HTTP status of a refused Admin REST request; undefined for network failures and others. */
export function statusOf(err: unknown): number | undefined {
  return isNetworkError(err) ? err.response.status : undefined;
}

/** Keycloak's error code of a refusal (`error` or `errorMessage`), e.g. invalidPasswordMinLengthMessage. */
export function keycloakErrorOf(err: unknown): string | undefined {
  if (!isNetworkError(err)) return undefined;
  const data = err.responseData as { error?: unknown; errorMessage?: unknown } | undefined;
  const code = typeof data?.error === 'string' ? data.error : data?.errorMessage;
  return typeof code === 'string' ? code : undefined;
}

/** A refusal by Keycloak; only the admin client throws these, so none exists before it is loaded. */
function isNetworkError(err: unknown): err is InstanceType<AdminClientModule['NetworkError']> {
  return adminClientModule !== undefined && err instanceof adminClientModule.NetworkError;
}
