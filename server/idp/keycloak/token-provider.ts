/**
 * Access tokens of the API's service-account client (client_credentials grant at the realm's
 * token endpoint) for the Keycloak Admin REST API.
 *
 * Why not `KcAdminClient.auth()`: a client_credentials grant returns no refresh token, and the
 * admin client's own renewal only knows the refresh grant, so five minutes after the first call
 * every call would fail with "Cannot refresh token" (../shared/research/keycloak.md §4). This
 * provider asks for a new token instead, shortly before the old one expires or when Keycloak
 * refused it (a restarted Keycloak, a rotated key). Concurrent callers share one request.
 */
export interface ServiceAccountTokens {
  getAccessToken(): Promise<string>;
  /** Forgets the current token: Keycloak refused it, the next call fetches a new one. */
  invalidate(token: string): void;
}

export interface ServiceAccountOptions {
  /** e.g. http://localhost:8180/realms/lumio */
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Renew this long before the token expires, so a token never runs out in flight. */
  marginSeconds?: number;
  now?: () => number;
}

export class ServiceAccountAuthError extends Error {}

export function createServiceAccountTokens(options: ServiceAccountOptions): ServiceAccountTokens {
  const { issuer, clientId, clientSecret, marginSeconds = 30, now = Date.now } = options;
  const tokenUrl = `${issuer}/protocol/openid-connect/token`;
  let current: { token: string; renewAt: number } | undefined;
  let pending: Promise<string> | undefined;

  async function fetchToken(): Promise<string> {
    const response = await fetch(tokenUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'client_credentials', client_id: clientId, client_secret: clientSecret }),
      signal: AbortSignal.timeout(10_000),
    });
    if (!response.ok) {
      // The body names the OAuth error (invalid_client, unauthorized_client), never a secret.
      const detail = (await response.text()).slice(0, 200);
      throw new ServiceAccountAuthError(`service-account token refused (${response.status}): ${detail}`);
    }
    const body = (await response.json()) as { access_token?: string; expires_in?: number };
    if (!body.access_token) throw new ServiceAccountAuthError('service-account token answer without access_token');
    const lifetimeSeconds = Math.max((body.expires_in ?? 60) - marginSeconds, 1);
    current = { token: body.access_token, renewAt: now() + lifetimeSeconds * 1000 };
    return body.access_token;
  }

  return {
    async getAccessToken() {
      if (current && now() < current.renewAt) return current.token;
      pending ??= fetchToken().finally(() => {
        pending = undefined;
      });
      return pending;
    },
    invalidate(token) {
      if (current?.token === token) current = undefined;
    },
  };
}
