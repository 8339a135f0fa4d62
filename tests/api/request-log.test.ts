import { randomBytes, randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_INVITATION_TOKEN } from '../../server/db/seed';
import { todayInGermany } from '../../src/domain/dates';
import { apiClient, buildTestApp, captureLog, DEMO, errorOf } from './helpers/app';
import { applicationBody, mailedConfirmPath } from './helpers/applications';
import { addDays, demoLicenseOwners, insertLicense, insertPackage } from './helpers/deviceLicenses';
import { loginAs } from './helpers/login';

interface LogLine {
  level: number;
  traceId?: string;
  method?: string;
  route?: string;
  status?: number;
  durationMs?: number;
  errorCode?: string;
  msg: string;
}

/**
 * The log (issue 23, part 5; docs/production.md "Logs"): one line per request with traceId,
 * method, route template and status, and not one secret that a request carried, in its path, its
 * query, its headers or its cookies, nor inside a logged error.
 */
describe('request log', () => {
  let app: FastifyInstance;
  const log = captureLog();
  const lines = () =>
    log
      .text()
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as LogLine);
  const requestLines = () => lines().filter((line) => line.msg === 'request completed');

  beforeAll(async () => {
    app = await buildTestApp({ RATE_LIMIT_PUBLIC_PER_MINUTE: '10000' }, { logStream: log.stream });
  });
  afterAll(() => app.close());
  beforeEach(() => log.clear());

  it('writes one line per API request with traceId, method, route template, status and duration', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/company/00000000-0000-4000-8000-000000000000' });
    expect(res.statusCode).toBe(401);
    const [line, ...more] = requestLines();
    expect(more).toEqual([]);
    expect(line).toMatchObject({
      level: 30,
      traceId: errorOf(res).traceId,
      method: 'GET',
      route: '/api/company/:id',
      status: 401,
      errorCode: 'UNAUTHORIZED',
    });
    expect(typeof line.durationMs).toBe('number');
  });

  it('logs the web app, config, /dev pages and health probes at debug only', async () => {
    for (const url of ['/config/config.json', '/health/ready', '/health/live', '/dev/mail.json', '/index.html']) {
      await app.inject({ method: 'GET', url });
    }
    expect(requestLines()).toEqual([]);
  });

  it('keeps every secret a request carries out of the log', async () => {
    const secrets: string[] = [];
    const keep = (secret: string) => (secrets.push(secret), secret);

    // A login through the embedded IdP: password in the form, code in the redirect, tokens in the answer.
    const { accessToken } = await loginAs(app, DEMO.owner);
    keep(accessToken);
    keep('lumio-demo');
    // A bearer token, valid and forged.
    await apiClient(app, accessToken).get('/api/self');
    await app.inject({
      method: 'GET',
      url: '/api/self',
      headers: { authorization: `Bearer ${keep('eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.Zm9yZ2Vk')}` },
    });
    // An invitation token in the path, as the route knows it and mangled so that no route matches.
    await app.inject({ method: 'GET', url: `/api/employee-invitation/${keep(DEMO_INVITATION_TOKEN)}` });
    const mangled = keep(randomBytes(32).toString('base64url'));
    await app.inject({ method: 'GET', url: `/api/employee-invitation/${mangled}/weiter` });
    // A confirmation link's token in the query, and the set-password page's.
    const body = applicationBody();
    expect((await apiClient(app).post('/api/company-application', body)).statusCode).toBe(201);
    const confirm = await mailedConfirmPath(app, body.email);
    keep(new URL(confirm, 'http://x').searchParams.get('token')!);
    expect((await app.inject({ method: 'GET', url: confirm })).statusCode).toBe(200);
    const setPassword = keep(randomBytes(32).toString('base64url'));
    await app.inject({ method: 'GET', url: `/realms/lumio/login-actions/set-password?token=${setPassword}` });
    // Licence keys: a known one with a package, an unknown one.
    const licence = await insertLicense(app, await demoLicenseOwners(app), { boundMachineId: 'PROTOKOLL-PC' });
    await insertPackage(app, licence.id, {
      startDate: todayInGermany(),
      endDate: addDays(todayInGermany(), 3),
      amount: 2,
    });
    for (const key of [keep(licence.key), keep('ZZZZZ-ZZZZZ-ZZZZZ-ZZZZZ-ZZZZ1')]) {
      await app.inject({
        method: 'POST',
        url: '/api/device/identification-process',
        headers: { authorization: `License ${key}`, 'x-machine-id': 'PROTOKOLL-PC' },
        payload: { idempotencyKey: randomUUID() },
      });
    }
    // Cookies sent, and the anti-forgery cookie the server sets.
    const handedOut = await app.inject({ method: 'GET', url: '/config/config.json' });
    keep(handedOut.cookies.find((cookie) => cookie.name === 'XSRF-TOKEN')!.value);
    await app.inject({
      method: 'POST',
      url: '/api/company-application',
      headers: { cookie: `XSRF-TOKEN=${keep('kuchen-geheim-1')}; _session=${keep('sitzung-geheim-2')}` },
      payload: {},
    });

    const logged = log.text();
    for (const secret of secrets) expect(logged, secret).not.toContain(secret);
    // The lines are still there, naming routes instead.
    const routes = requestLines().map((line) => `${line.method} ${line.route} ${line.status}`);
    expect(routes).toEqual(
      expect.arrayContaining([
        'GET /api/self 200',
        'GET /api/self 401',
        'GET /api/employee-invitation/:id 200',
        'GET /api/employee-invitation/:redacted/weiter 401',
        'GET /realms/lumio/protocol/openid-connect/auth 303',
        'POST /realms/lumio/protocol/openid-connect/token 200',
        'GET /api/company-application/:id/confirm 200',
        'POST /api/device/identification-process 201',
        'POST /api/device/identification-process 404',
        'POST /api/company-application 403',
      ]),
    );
    expect(requestLines().every((line) => typeof line.traceId === 'string')).toBe(true);
  });

  describe('every path and query that carries a secret (issue 24)', () => {
    /** Random tokens of the shapes the portal hands out, and one of letters only, which reads like a word. */
    const secretShapes = () => [
      randomBytes(32).toString('base64url'),
      randomUUID(),
      'AbCdEfGhIjKlMnOpQrStU',
      'EinladungOhneZiffernAberGeheim',
    ];
    const methods = ['GET', 'POST', 'HEAD', 'TRACE', 'PROPFIND'] as const;
    const requestsFor = (secret: string): string[] => [
      `/api/employee-invitation/${secret}`,
      `/api/employee-invitation/${secret}/`,
      `/api/employee-invitation/${secret}/weiter`,
      `/api/employee-invitation/${encodeURIComponent(`${secret}/x`)}`,
      `/api/company-application/${randomUUID()}/confirm?token=${secret}`,
      `/api/company-application/${secret}/confirm`,
      `/api/user-email-change-request/${secret}/confirm?token=${secret}`,
      `/api/administrator-email-change-request/${secret}/confirm?token=${secret}`,
      `/api/identification-process/reports/${secret}`,
      `/api/identification-process/reports/${secret}?download=${secret}`,
      `/realms/lumio/login-actions/set-password?token=${secret}`,
      `/realms/lumio/login-actions/set-password/${secret}`,
      `/account/set-password?token=${secret}`,
      `/realms/lumio/login-actions/authenticate/${secret}`,
      `/realms/lumio/protocol/openid-connect/auth/${secret}`,
      `/realms/lumio/protocol/openid-connect/logout?id_token_hint=${secret}`,
      `/dev/eid/${secret}`,
      `/api/document/${secret}`,
      `/api/x?${secret}`,
      `/${secret}`,
    ];

    it.each(methods)('never writes one to the log, whatever %s request carries it', async (method) => {
      const secrets = secretShapes();
      for (const secret of secrets) {
        for (const url of requestsFor(secret)) {
          await app.inject({ method, url, ...(method === 'POST' ? { payload: { token: secret } } : {}) });
        }
      }
      expect(requestLines().length).toBeGreaterThan(0);
      const logged = log.text();
      for (const secret of secrets) expect(logged, secret).not.toContain(secret);
    });
  });

  it('scrubs whatever the code logs, objects and messages alike', () => {
    const secret = randomBytes(32).toString('base64url');
    app.log
      .child({ module: 'test' })
      .warn(
        { call: { url: `https://id.example.de/x?code=${secret}`, headers: { Authorization: `Basic ${secret}` } } },
        `answer to /account/set-password?token=${secret}`,
      );
    const [line] = lines();
    expect(line.msg).toBe('answer to /account/set-password?[redacted]');
    expect(log.text()).not.toContain(secret);
  });

  it('keeps the secrets a logged error carries out of its line', async () => {
    const token = randomBytes(32).toString('base64url');
    const bearer = `eyJhbGciOiJSUzI1NiJ9.${randomBytes(12).toString('base64url')}.c2ln`;
    const fresh = await buildTestApp({ SEED_DEMO_DATA: 'false' }, { logStream: log.stream });
    try {
      // What a failing outgoing call may throw: its URL with the query, its request's headers.
      fresh.get('/test/failing-call', async () => {
        throw Object.assign(new Error(`GET https://id.example.de/realms/lumio/token?code=${token} failed`), {
          request: { headers: { authorization: `Bearer ${bearer}`, cookie: `KEYCLOAK_SESSION=${token}` } },
          responseBody: `refresh_token=${token}`,
        });
      });
      const res = await fresh.inject({ method: 'GET', url: '/test/failing-call' });
      expect(res.statusCode).toBe(500);
      const failure = lines().find((line) => line.msg === 'unexpected error') as LogLine & { err: { message: string } };
      expect(failure.traceId).toBe(errorOf(res).traceId);
      expect(failure.err.message).toBe('GET https://id.example.de/realms/lumio/token?[redacted] failed');
      expect(log.text()).not.toContain(token);
      expect(log.text()).not.toContain(bearer);
    } finally {
      await fresh.close();
    }
  });
});
