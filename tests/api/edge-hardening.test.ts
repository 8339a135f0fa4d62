import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../server/db/schema';
import { apiClient, buildTestApp, DEMO, errorOf, type ApiResponse } from './helpers/app';
import { loginAs, refreshTokens } from './helpers/login';

/*
 * The transport edge of issue 7: client addresses behind proxies, router and HTTP-parser
 * refusals, security headers, case of ids, rate limits beyond /api, and the /dev pages.
 */

/** Production without embedded services; build() gets its database from the test helper. */
const PRODUCTION = {
  NODE_ENV: 'production',
  SEED_DEMO_DATA: 'false',
  PUBLIC_URL: 'https://portal.example.de',
  DATABASE_URL: 'postgres://lumio@127.0.0.1:1/lumio',
  // Only contacted to verify a token or send a mail; these tests do neither.
  KEYCLOAK_URL: 'https://id.example.de',
  KEYCLOAK_ADMIN_CLIENT_SECRET: 'service-account-secret',
  SMTP_URL: 'smtp://127.0.0.1:1',
  DOCUMENT_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
};

const WEB_APP_INDEX =
  '<!doctype html><html lang="de"><head><title>Lumio</title></head><body><div id="root"></div><script type="module" src="/assets/index.js"></script></body></html>';

/** A built web app of the bare minimum: index.html and the check-sso page of public/. */
function fakeDist(): string {
  const dir = mkdtempSync(join(tmpdir(), 'lumio-dist-'));
  writeFileSync(join(dir, 'index.html'), WEB_APP_INDEX);
  for (const file of ['silent-check-sso.html', 'silent-check-sso.js']) {
    writeFileSync(join(dir, file), readFileSync(join('public', file)));
  }
  return dir;
}

/** Internals the router, Node's parser or a stack trace would echo. */
function expectNothingInternal(text: string) {
  expect(text).not.toMatch(/FST_|HPE_|Error:|\bat .+\(|node:internal|node_modules/);
}

/** A Content-Security-Policy as directive name → sources. */
function directives(csp: unknown): Record<string, string[]> {
  return Object.fromEntries(
    String(csp)
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .map(([name, ...sources]) => [name, sources]),
  );
}

function expectNotFoundBody(res: ApiResponse) {
  expect(res.statusCode).toBe(404);
  expect(errorOf(res)).toMatchObject({ errorCode: 'NOT_FOUND', messages: ['Not found'], status: 404 });
  expectNothingInternal(res.body);
}

/** One raw HTTP exchange, for what Node's parser refuses before Fastify sees a request. */
function rawExchange(port: number, request: string): Promise<{ status: number; headers: string; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let text = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (text += chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const [head, ...rest] = text.split('\r\n\r\n');
      resolve({
        status: Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1]),
        headers: head.toLowerCase(),
        body: rest.join('\r\n\r\n'),
      });
    });
    socket.write(request);
  });
}

describe('client addresses behind proxies', () => {
  const confirmUnknown = (app: FastifyInstance, forwardedFor: string) =>
    app.inject({
      method: 'GET',
      url: `/api/company-application/${randomUUID()}/confirm`,
      headers: { 'x-forwarded-for': forwardedFor },
    });

  it('counts a production client against its own address, however X-Forwarded-For rotates (429)', async () => {
    const app = await buildTestApp({ ...PRODUCTION, RATE_LIMIT_PUBLIC_PER_MINUTE: '3' });
    try {
      const answers = [];
      for (let i = 1; i <= 4; i += 1) answers.push(await confirmUnknown(app, `203.0.113.${i}`));
      expect(answers.map((r) => r.statusCode)).toEqual([404, 404, 404, 429]);
      expect(errorOf(answers[3])).toMatchObject({ errorCode: 'TOO_MANY_REQUESTS', messages: ['Too many requests'] });
    } finally {
      await app.close();
    }
  });

  it.each([
    ['its address', '127.0.0.1'],
    ['a hop count', '1'],
  ])('takes the client address a proxy forwards when TRUST_PROXY names %s', async (_name, trustProxy) => {
    const app = await buildTestApp({ ...PRODUCTION, RATE_LIMIT_PUBLIC_PER_MINUTE: '2', TRUST_PROXY: trustProxy });
    try {
      // Three clients behind the proxy: each has its own count ...
      const spread = [];
      for (let i = 1; i <= 3; i += 1) spread.push(await confirmUnknown(app, `203.0.113.${i}`));
      expect(spread.map((r) => r.statusCode)).toEqual([404, 404, 404]);
      // ... and one of them is refused once it has used its own.
      expect((await confirmUnknown(app, '203.0.113.1')).statusCode).toBe(404);
      expect((await confirmUnknown(app, '203.0.113.1')).statusCode).toBe(429);
    } finally {
      await app.close();
    }
  });
});

describe('the embedded development server', () => {
  let app: FastifyInstance;
  let dist: string;
  let port: number;

  beforeAll(async () => {
    dist = fakeDist();
    app = await buildTestApp({ NODE_ENV: 'development' }, { distDir: dist });
    await app.listen({ port: 0, host: '127.0.0.1' });
    port = (app.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await app.close();
    rmSync(dist, { recursive: true, force: true });
  });

  describe('refusals of the router and of the HTTP parser', () => {
    it.each([
      ['an over-long application id', `/api/company-application/${'a'.repeat(600)}/confirm`],
      ['an over-long company id', `/api/company/${'0'.repeat(600)}`],
      ['a broken percent-encoding in an API path', '/api/company-application/%E0%A4%A/confirm'],
      ['a broken percent-encoding in a web-app path', '/company-application/%E0%A4%A/confirm'],
    ])('answers %s like an unknown id (404 error body)', async (_name, url) => {
      const res = await app.inject({ method: 'GET', url });
      expectNotFoundBody(res);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['permissions-policy']).toContain('camera=()');
    });

    it('answers headers over 16 KB with 431 in the error body', async () => {
      const res = await rawExchange(
        port,
        `GET /api/self HTTP/1.1\r\nHost: localhost\r\nX-Padding: ${'x'.repeat(20_000)}\r\n\r\n`,
      );
      expect(res.status).toBe(431);
      expect(JSON.parse(res.body)).toEqual({
        errorCode: 'HEADERS_TOO_LARGE',
        messages: ['Request headers too large'],
        traceId: expect.stringMatching(/^[0-9a-f-]{36}$/),
        status: 431,
      });
      expect(res.headers).toContain('content-type: application/json');
      expect(res.headers).toContain('permissions-policy: ');
      expectNothingInternal(res.headers + res.body);
    });

    it.each([
      ['a malformed request line', 'GARBAGE\r\n\r\n'],
      ['a malformed header', 'GET / HTTP/1.1\r\nHost: localhost\r\nNo colon here\r\n\r\n'],
    ])('answers %s with 400 in the error body', async (_name, request) => {
      const res = await rawExchange(port, request);
      expect(res.status).toBe(400);
      expect(JSON.parse(res.body)).toEqual({
        errorCode: 'BAD_REQUEST',
        messages: ['Bad request'],
        traceId: expect.stringMatching(/^[0-9a-f-]{36}$/),
        status: 400,
      });
      expectNothingInternal(res.headers + res.body);
    });
  });

  describe('methods a path does not have', () => {
    const expectNotAllowed = (
      res: { statusCode: number; headers: Record<string, unknown>; body: string },
      allow: string,
    ) => {
      expect(res.statusCode, res.body).toBe(405);
      expect(res.headers.allow).toBe(allow);
      expect(JSON.parse(res.body)).toEqual({
        errorCode: 'METHOD_NOT_ALLOWED',
        messages: ['Method not allowed'],
        traceId: expect.stringMatching(/^[0-9a-f-]{36}$/),
        status: 405,
      });
      expect(res.headers['content-type']).toMatch(/^application\/json/);
    };

    it.each([
      ['TRACE', '/api/self', 'GET, HEAD'],
      ['PROPFIND', '/api/self', 'GET, HEAD'],
      ['QUERY', '/api/company/00000000-0000-4000-8000-000000000000', 'DELETE, GET, HEAD, PUT'],
      ['DELETE', '/api/self', 'GET, HEAD'],
      ['PATCH', '/api/company/00000000-0000-4000-8000-000000000000/store', 'GET, HEAD, POST'],
      ['PUT', '/api/company-application', 'GET, HEAD, POST'],
      ['OPTIONS', '/api/employee-invitation', 'POST'],
      ['TRACE', '/api/device/activation', 'POST'],
      ['MKCOL', '/config/config.json', 'GET, HEAD'],
    ])(
      'answers %s %s with 405, Allow and the error body, before any login or anti-forgery check',
      async (method, url, allow) => {
        expectNotAllowed(await app.inject({ method: method as 'GET', url }), allow);
      },
    );

    it('answers an unknown method through a real connection with 405 too', async () => {
      const res = await rawExchange(
        port,
        'PROPFIND /api/self HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n',
      );
      expect(res.status).toBe(405);
      expect(res.headers.toLowerCase()).toContain('allow: get, head');
    });

    it.each([
      ['TRACE', '/api/no-such-thing'],
      ['DELETE', '/api/no-such-thing/123'],
      ['PROPFIND', '/api/company/00000000-0000-4000-8000-000000000000/nothing'],
    ])('keeps answering %s on an unknown path %s as before (no 405, no Allow)', async (method, url) => {
      // Anonymous: the anti-forgery and login checks answer first, as for every unknown /api path.
      const anonymous = await app.inject({ method: method as 'GET', url });
      expect([401, 403]).toContain(anonymous.statusCode);
      expect(anonymous.headers.allow).toBeUndefined();
      const owner = apiClient(app, (await loginAs(app, DEMO.owner)).accessToken);
      const res = await owner.request(method, url);
      expect(res.statusCode).toBe(404);
      expect(res.headers.allow).toBeUndefined();
      expect(errorOf(res).errorCode).toBe('NOT_FOUND');
    });

    it('still serves the web app for unknown GET pages and lets the IdP answer its own paths', async () => {
      expect((await app.inject({ method: 'GET', url: '/employees' })).statusCode).toBe(200);
      const discovery = await app.inject({ method: 'GET', url: '/realms/lumio/.well-known/openid-configuration' });
      expect(discovery.statusCode).toBe(200);
    });
  });

  describe('security headers', () => {
    it.each(['/', '/company/0b7c6a36-5a1f-4bd4-9c1e-0f8f2e2a0c11/show', '/silent-check-sso.html'])(
      'gives the web app page %s its Content-Security-Policy',
      async (url) => {
        const res = await app.inject({ method: 'GET', url });
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-type']).toMatch(/^text\/html/);
        const csp = directives(res.headers['content-security-policy']);
        expect(csp['script-src']).toEqual(["'self'"]);
        expect(csp['style-src']).toEqual(["'self'", "'unsafe-inline'"]);
        // keycloak-js: the IdP's iframes, its token and userinfo calls (embedded: this origin).
        expect(csp['frame-src']).toEqual(["'self'", 'http://localhost:8080']);
        expect(csp['connect-src']).toEqual(["'self'", 'http://localhost:8080']);
        expect(csp['form-action']).toEqual(["'self'", 'http://localhost:8080']);
        expect(csp['frame-ancestors']).toEqual(["'self'"]);
        expect(csp['object-src']).toEqual(["'none'"]);
        expect(csp['base-uri']).toEqual(["'self'"]);
        expect(res.headers['permissions-policy']).toMatch(
          /camera=\(\).*geolocation=\(\).*microphone=\(\).*payment=\(\).*usb=\(\)/,
        );
        expect(res.headers['strict-transport-security']).toBeUndefined();
      },
    );

    it('gives Swagger UI at /api/docs a policy without inline script', async () => {
      const res = await app.inject({ method: 'GET', url: '/api/docs' });
      expect(res.statusCode).toBe(200);
      const csp = directives(res.headers['content-security-policy']);
      expect(csp['script-src']).toEqual(["'self'"]);
      expect(csp['object-src']).toEqual(["'none'"]);
      expect(csp['frame-ancestors']).toEqual(["'self'"]);
      expect(csp['base-uri']).toEqual(["'self'"]);
      expect(res.headers['permissions-policy']).toContain('microphone=()');
    });

    it('sends the Permissions-Policy with API answers and the IdP’s own answers', async () => {
      for (const url of ['/api/self', '/config/config.json', '/realms/lumio/.well-known/openid-configuration']) {
        const res = await app.inject({ method: 'GET', url });
        expect(res.headers['permissions-policy'], url).toContain('camera=()');
        expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      }
    });

    it('keeps the stricter policies of pages that set their own', async () => {
      const mail = await app.inject({ method: 'GET', url: '/dev/mail' });
      expect(mail.headers['content-security-policy']).toMatch(/^default-src 'none'/);
      const iframe = await app.inject({
        method: 'GET',
        url: '/realms/lumio/protocol/openid-connect/3p-cookies/step1.html',
      });
      expect(iframe.headers['content-security-policy']).toMatch(/^default-src 'none'; script-src 'sha256-/);
    });

    it('has no inline script in index.html or public/, which script-src would refuse', () => {
      const pages = [
        'index.html',
        ...readdirSync('public')
          .filter((f) => f.endsWith('.html'))
          .map((f) => `public/${f}`),
      ];
      for (const page of pages) {
        const scripts = readFileSync(page, 'utf8').match(/<script\b[^>]*>/gi) ?? [];
        for (const tag of scripts) expect(tag, page).toMatch(/\bsrc=/);
      }
    });
  });

  describe('ids without case', () => {
    const userRow = async (email: string) => (await app.db.select().from(users).where(eq(users.email, email)))[0];

    it('lets an owner read the own company by its id in upper case, and still not a foreign one', async () => {
      const ownCompany = (await userRow(DEMO.owner)).companyId!;
      const foreignCompany = (await userRow(DEMO.unverifiedOwner)).companyId!;
      const owner = apiClient(app, (await loginAs(app, DEMO.owner)).accessToken);
      const own = await owner.get(`/api/company/${ownCompany.toUpperCase()}`);
      expect(own.statusCode).toBe(200);
      expect(own.json().id).toBe(ownCompany);
      expect((await owner.get(`/api/company/${ownCompany.toUpperCase()}/store`)).statusCode).toBe(200);
      const foreign = await owner.get(`/api/company/${foreignCompany.toUpperCase()}`);
      expect(foreign.statusCode).toBe(403);
      expect(errorOf(foreign).messages).toEqual(['Forbidden']);
    });

    it('lets a system integrator admin read the own system integrator by its id in upper case', async () => {
      const ownIntegrator = (await userRow(DEMO.integrator)).systemIntegratorId!;
      const integrator = apiClient(app, (await loginAs(app, DEMO.integrator)).accessToken);
      const own = await integrator.get(`/api/system-integrator/${ownIntegrator.toUpperCase()}`);
      expect(own.statusCode).toBe(200);
      expect(own.json().id).toBe(ownIntegrator);
    });
  });

  it('has the /dev pages in development', async () => {
    expect((await app.inject({ method: 'GET', url: '/dev/mail' })).statusCode).toBe(200);
  });
});

describe('production mode', () => {
  it('has no /dev pages, even with EMBEDDED=true (404 error body)', async () => {
    const app = await buildTestApp({ NODE_ENV: 'production', EMBEDDED: 'true', SEED_DEMO_DATA: 'false' });
    try {
      for (const url of ['/dev/mail', '/dev/mail.json', '/dev/eid/irgendwas'])
        expectNotFoundBody(await app.inject({ method: 'GET', url }));
    } finally {
      await app.close();
    }
  });

  it('sends HSTS with every answer over https and allows the real Keycloak’s origin', async () => {
    const dist = fakeDist();
    const app = await buildTestApp(PRODUCTION, { distDir: dist });
    try {
      for (const url of ['/', '/api/self', '/api/docs', '/config/config.json', '/api/company/%E0%A4%A']) {
        const res = await app.inject({ method: 'GET', url });
        expect(res.headers['strict-transport-security'], url).toBe('max-age=31536000; includeSubDomains');
      }
      const csp = directives((await app.inject({ method: 'GET', url: '/' })).headers['content-security-policy']);
      expect(csp['frame-src']).toEqual(["'self'", 'https://id.example.de']);
      expect(csp['connect-src']).toEqual(["'self'", 'https://id.example.de']);
    } finally {
      await app.close();
      rmSync(dist, { recursive: true, force: true });
    }
  });
});

describe('rate limits beyond /api', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp({
      SEED_DEMO_DATA: 'false',
      RATE_LIMIT_CONFIG_PER_MINUTE: '3',
      RATE_LIMIT_PUBLIC_PER_MINUTE: '3',
      RATE_LIMIT_TOKEN_PER_MINUTE: '3',
    });
  });
  afterAll(() => app.close());

  function expectTooMany(res: ApiResponse) {
    expect(res.statusCode).toBe(429);
    expect(errorOf(res)).toMatchObject({ errorCode: 'TOO_MANY_REQUESTS', messages: ['Too many requests'] });
    expect(res.headers['retry-after']).toBeDefined();
  }

  it('limits /config/config.json per address by RATE_LIMIT_CONFIG_PER_MINUTE', async () => {
    const answers = [];
    for (let i = 0; i < 4; i += 1) answers.push(await app.inject({ method: 'GET', url: '/config/config.json' }));
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200, 429]);
    expectTooMany(answers[3]);
  });

  it('limits /api/docs, its document and its static files together by the public limit', async () => {
    const urls = ['/api/docs', '/api/docs/json', '/api/docs/static/swagger-ui.css', '/api/docs/json'];
    const answers = [];
    for (const url of urls) answers.push(await app.inject({ method: 'GET', url }));
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200, 429]);
    expectTooMany(answers[3]);
  });

  it('limits the embedded IdP’s token endpoint by RATE_LIMIT_TOKEN_PER_MINUTE', async () => {
    const refresh = () => refreshTokens(app, 'x.y.z');
    const answers = [];
    for (let i = 0; i < 4; i += 1) answers.push(await refresh());
    // The first three reach oidc-provider, which refuses the made-up token in OAuth's shape.
    expect(answers.slice(0, 3).map((r) => [r.statusCode, r.json().error])).toEqual(
      Array(3).fill([400, 'invalid_grant']),
    );
    expectTooMany(answers[3]);
  });
});
