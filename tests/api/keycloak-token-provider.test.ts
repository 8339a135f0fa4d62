import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServiceAccountTokens, ServiceAccountAuthError } from '../../server/idp/keycloak/token-provider';

/**
 * The service-account token of the Keycloak IdP admin port against a stand-in token endpoint:
 * Keycloak's client_credentials answers carry no refresh token, so the provider must ask anew.
 */
describe('service-account tokens for the Keycloak admin API', () => {
  let server: Server;
  let issuer: string;
  const requests: URLSearchParams[] = [];
  let refuse = false;

  beforeAll(async () => {
    server = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        const form = new URLSearchParams(body);
        requests.push(form);
        res.setHeader('content-type', 'application/json');
        if (refuse || form.get('client_secret') !== 'geheim') {
          res.statusCode = 401;
          res.end(JSON.stringify({ error: 'unauthorized_client' }));
          return;
        }
        // Slow enough that concurrent callers overlap.
        setTimeout(() => res.end(JSON.stringify({ access_token: `token-${requests.length}`, expires_in: 300 })), 50);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}/realms/lumio`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  function provider(now: () => number) {
    return createServiceAccountTokens({ issuer, clientId: 'lumio-server', clientSecret: 'geheim', now });
  }

  it('asks once with client_credentials for all concurrent callers, then reuses the token', async () => {
    requests.length = 0;
    const tokens = provider(() => 1_000_000);
    const all = await Promise.all([tokens.getAccessToken(), tokens.getAccessToken(), tokens.getAccessToken()]);
    expect(new Set(all).size).toBe(1);
    expect(await tokens.getAccessToken()).toBe(all[0]);
    expect(requests).toHaveLength(1);
    expect(Object.fromEntries(requests[0])).toEqual({
      grant_type: 'client_credentials',
      client_id: 'lumio-server',
      client_secret: 'geheim',
    });
  });

  it('asks for a new token 30 s before the old one expires, with no refresh grant', async () => {
    requests.length = 0;
    let clock = 1_000_000;
    const tokens = provider(() => clock);
    const first = await tokens.getAccessToken();
    clock += 269_000;
    expect(await tokens.getAccessToken()).toBe(first);
    clock += 2_000;
    const second = await tokens.getAccessToken();
    expect(second).not.toBe(first);
    expect(requests.map((r) => r.get('grant_type'))).toEqual(['client_credentials', 'client_credentials']);
  });

  it('forgets a token Keycloak refused, and only that one', async () => {
    requests.length = 0;
    const tokens = provider(() => 1_000_000);
    const first = await tokens.getAccessToken();
    tokens.invalidate('some-older-token');
    expect(await tokens.getAccessToken()).toBe(first);
    tokens.invalidate(first);
    expect(await tokens.getAccessToken()).not.toBe(first);
    expect(requests).toHaveLength(2);
  });

  it('reports a refused secret clearly, and tries again on the next call', async () => {
    refuse = true;
    const tokens = provider(() => 1_000_000);
    await expect(tokens.getAccessToken()).rejects.toThrow(ServiceAccountAuthError);
    await expect(tokens.getAccessToken()).rejects.toThrow(/unauthorized_client/);
    refuse = false;
    expect(await tokens.getAccessToken()).toMatch(/^token-/);
  });
});
