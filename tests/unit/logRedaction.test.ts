import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { redactPath, redactText, redactValue } from '../../server/lib/log-redaction';
import { errorSerializer } from '../../server/lib/log-serializers';

/** A mailed link's token as server/lib/secret-token.ts makes them: 32 random bytes, base64url. */
const MAIL_TOKEN = randomBytes(32).toString('base64url');
const JWT = 'eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiIxMjMifQ.c2lnbmF0dXJlLWJ5dGVz';
const LICENCE = 'SNNSC-HN01K-PC01B-FTSFT-DEM01';

describe('redaction of log texts', () => {
  it.each([
    ['a bearer token', `Authorization: Bearer ${JWT}`, JWT],
    ['a licence key in its header', `License ${LICENCE}`, LICENCE],
    ['a licence key in lower case inside a message', `key ${LICENCE.toLowerCase()} refused`, LICENCE.toLowerCase()],
    ['a JWT anywhere', `hint=${JWT}`, JWT],
    ['a query string', `GET /account/set-password?token=${MAIL_TOKEN} failed`, MAIL_TOKEN],
    ['a token in a form body', `grant_type=refresh_token&refresh_token=abc123secret`, 'abc123secret'],
    ['a cookie header', `XSRF-TOKEN=Zm9vYmFyYmF6; _session=s3cr3tv4lue`, 's3cr3tv4lue'],
    ['a mailed link token on its own', `invitation ${MAIL_TOKEN} unknown`, MAIL_TOKEN],
  ])('removes %s', (_what, text, secret) => {
    expect(redactText(text)).not.toContain(secret);
  });

  it('leaves UUIDs, SQLSTATEs and constraint names readable', () => {
    const text = 'user 1f0e2d3c-4b5a-4978-8695-a4b3c2d1e0f9: 23505 identification_processes_idempotency_key_unique';
    expect(redactText(text)).toBe(text);
  });

  it('replaces the values of secret keys at any depth and scrubs every string', () => {
    const logged = redactValue({
      outboxId: '1f0e2d3c-4b5a-4978-8695-a4b3c2d1e0f9',
      request: { headers: { authorization: `Bearer ${JWT}`, cookie: 'a=b', 'x-machine-id': 'PC-1' } },
      response: { headers: { 'set-cookie': ['XSRF-TOKEN=x'] } },
      nested: [{ refreshToken: 'r' }, { url: `https://id.example.de/logout?id_token_hint=${JWT}` }],
    });
    const text = JSON.stringify(logged);
    expect(text).not.toContain(JWT);
    expect(text).not.toContain('a=b');
    expect(text).not.toContain('XSRF-TOKEN=x');
    expect(logged).toMatchObject({
      outboxId: '1f0e2d3c-4b5a-4978-8695-a4b3c2d1e0f9',
      request: { headers: { authorization: '[redacted]', cookie: '[redacted]', 'x-machine-id': 'PC-1' } },
      nested: [{ refreshToken: '[redacted]' }, { url: 'https://id.example.de/logout?[redacted]' }],
    });
  });

  it('keeps the secrets an error carries out of its serialized form', () => {
    const err = Object.assign(new Error(`call to https://id.example.de/token?code=abc123 failed with Bearer ${JWT}`), {
      config: { headers: { Authorization: `License ${LICENCE}`, Cookie: 'session=s3cr3t' } },
      token: MAIL_TOKEN,
    });
    const text = JSON.stringify(errorSerializer(err));
    for (const secret of [JWT, LICENCE, 's3cr3t', MAIL_TOKEN, 'abc123']) expect(text).not.toContain(secret);
    expect(text).toContain('failed with Bearer [redacted]');
  });
});

describe('redaction of a path no route matched', () => {
  it('keeps plain words and replaces opaque segments and the query', () => {
    expect(redactPath(`/api/employee-invitation/${MAIL_TOKEN}/extra?token=x`)).toBe(
      '/api/employee-invitation/:redacted/extra',
    );
    expect(redactPath('/api/employee-invitation/Demo-Einladung-Studio-Sonnenschein-Lumio-26')).toBe(
      '/api/employee-invitation/:redacted',
    );
    expect(redactPath('/realms/lumio/protocol/openid-connect/auth?code_challenge=x')).toBe(
      '/realms/lumio/protocol/openid-connect/auth',
    );
    expect(redactPath('/company/1f0e2d3c-4b5a-4978-8695-a4b3c2d1e0f9')).toBe('/company/:redacted');
    // A token or interaction uid of letters alone reads like a word, but not like one of the portal's.
    expect(redactPath('/realms/lumio/protocol/openid-connect/auth/AbCdEfGhIjKlMnOpQrStU')).toBe(
      '/realms/lumio/protocol/openid-connect/auth/:redacted',
    );
    expect(redactPath('/api/employee-invitation/EinladungOhneZiffern/weiter')).toBe(
      '/api/employee-invitation/:redacted/weiter',
    );
  });
});
