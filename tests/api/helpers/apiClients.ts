import type { FastifyInstance, InjectOptions } from 'fastify';
import { expect } from 'vitest';

/** The embedded provider's token endpoint, below the realm as at Keycloak. */
export const TOKEN_PATH = '/realms/lumio/protocol/openid-connect/token';

export interface CreatedApiClient {
  id: string;
  clientId: string;
  clientSecret: string;
  name: string;
  createdAt: string;
}

/**
 * The client-credentials grant at the embedded token endpoint: the secret in the Authorization
 * header (client_secret_basic) or in the form (client_secret_post). The answer as it came.
 */
export function requestClientToken(
  app: FastifyInstance,
  clientId: string,
  clientSecret: string,
  method: 'basic' | 'post' = 'basic',
) {
  const form = new URLSearchParams({ grant_type: 'client_credentials' });
  const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded' };
  if (method === 'basic') {
    const pair = `${encodeURIComponent(clientId)}:${encodeURIComponent(clientSecret)}`;
    headers.authorization = `Basic ${Buffer.from(pair).toString('base64')}`;
  } else {
    form.set('client_id', clientId);
    form.set('client_secret', clientSecret);
  }
  return app.inject({ method: 'POST', url: TOKEN_PATH, headers, payload: form.toString() });
}

/** An access token of the client-credentials grant; fails the test when the provider refuses. */
export async function clientToken(app: FastifyInstance, clientId: string, clientSecret: string): Promise<string> {
  const res = await requestClientToken(app, clientId, clientSecret);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { access_token: string }).access_token;
}

/**
 * Calls the API as a back office does: a bearer token and nothing else, no cookie and no
 * anti-forgery header.
 */
export function backOffice(app: FastifyInstance, token: string) {
  const call = (method: InjectOptions['method'], url: string, body?: unknown) =>
    app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${token}` },
      ...(body === undefined ? {} : { payload: body as object }),
    });
  return {
    get: (url: string) => call('GET', url),
    post: (url: string, body?: unknown) => call('POST', url, body),
    put: (url: string, body?: unknown) => call('PUT', url, body),
    delete: (url: string) => call('DELETE', url),
  };
}
