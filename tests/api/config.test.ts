import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../server/config';
import { metricsPortOf } from '../../server/metrics/endpoint';

/** The settings production requires besides NODE_ENV. */
const PRODUCTION_SERVICES = {
  DATABASE_URL: 'postgres://db/lumio',
  KEYCLOAK_URL: 'https://id.example.de',
  KEYCLOAK_ADMIN_CLIENT_SECRET: 'service-account-secret',
  SMTP_URL: 'smtp://mail.example.de',
  PUBLIC_URL: 'https://portal.example.de',
  DOCUMENT_ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64'),
};

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (err) {
    if (err instanceof ConfigError) return err.problems;
    throw err;
  }
  return [];
}

describe('configuration from the environment', () => {
  it('runs embedded with demo data on port 8080 by default', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 8080,
      embedded: true,
      seedDemoData: true,
      publicUrl: 'http://localhost:8080',
      dataDir: './data',
    });
    expect(config.keycloak).toEqual({
      url: 'http://localhost:8080',
      realm: 'lumio',
      clientId: 'lumio-web',
      audience: 'lumio-api',
      issuer: 'http://localhost:8080/realms/lumio',
      admin: { clientId: 'lumio-server', clientSecret: undefined },
    });
  });

  it("requires the API's Keycloak service-account secret without embedded services", () => {
    const { KEYCLOAK_ADMIN_CLIENT_SECRET: _secret, ...withoutSecret } = PRODUCTION_SERVICES;
    expect(problemsOf({ NODE_ENV: 'production', ...withoutSecret })).toEqual([
      expect.stringContaining('KEYCLOAK_ADMIN_CLIENT_SECRET'),
    ]);
    const config = loadConfig({
      NODE_ENV: 'production',
      ...PRODUCTION_SERVICES,
      KEYCLOAK_ADMIN_CLIENT_ID: 'portal-api',
    });
    expect(config.keycloak.admin).toEqual({ clientId: 'portal-api', clientSecret: 'service-account-secret' });
  });

  it('names each wrong value with a clear German message', () => {
    const problems = problemsOf({
      PORT: 'achtzig',
      DATABASE_URL: 'mysql://x',
      PUBLIC_URL: 'localhost',
      LOG_LEVEL: 'loud',
    });
    expect(problems).toHaveLength(4);
    expect(problems.find((p) => p.startsWith('PORT'))).toContain('muss eine Zahl sein');
    expect(problems.find((p) => p.startsWith('DATABASE_URL'))).toContain('postgres://');
    expect(problems.find((p) => p.startsWith('PUBLIC_URL'))).toContain('vollständige URL');
    expect(problems.some((p) => p.startsWith('LOG_LEVEL'))).toBe(true);
  });

  it('caps unattached uploads at 5,000 documents and 2 GiB, 30 and 30 MiB per address, unless configured otherwise', () => {
    const perAddress = { maxCount: 30, maxBytes: 30 * 1024 * 1024 };
    expect(loadConfig({}).unattachedUploads).toEqual({ maxCount: 5000, maxBytes: 2048 * 1024 * 1024, perAddress });
    expect(loadConfig({ UPLOAD_UNATTACHED_MAX_COUNT: '20', UPLOAD_UNATTACHED_MAX_MB: '40' }).unattachedUploads).toEqual(
      { maxCount: 20, maxBytes: 40 * 1024 * 1024, perAddress },
    );
    expect(
      loadConfig({ UPLOAD_UNATTACHED_PER_ADDRESS_MAX_COUNT: '5', UPLOAD_UNATTACHED_PER_ADDRESS_MAX_MB: '4' })
        .unattachedUploads.perAddress,
    ).toEqual({ maxCount: 5, maxBytes: 4 * 1024 * 1024 });
  });

  it.each([
    ['UPLOAD_UNATTACHED_MAX_COUNT', 'viele', 'muss eine Zahl sein'],
    ['UPLOAD_UNATTACHED_MAX_COUNT', '0', 'muss mindestens 1 sein'],
    ['UPLOAD_UNATTACHED_MAX_COUNT', '2.5', 'muss eine ganze Zahl sein'],
    ['UPLOAD_UNATTACHED_MAX_MB', '1', 'muss mindestens 2 sein (eine Datei darf 2 MB groß sein)'],
    ['UPLOAD_UNATTACHED_MAX_MB', '-3', 'muss mindestens 2 sein'],
    ['UPLOAD_UNATTACHED_MAX_MB', 'dreihundert', 'muss eine Zahl sein'],
    ['UPLOAD_UNATTACHED_PER_ADDRESS_MAX_COUNT', '0', 'muss mindestens 1 sein'],
    ['UPLOAD_UNATTACHED_PER_ADDRESS_MAX_MB', '1', 'muss mindestens 2 sein'],
  ])('refuses %s=%s with "%s"', (name, value, message) => {
    const problems = problemsOf({ [name]: value });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toBe(`${name}: ${problems[0].slice(name.length + 2)}`);
    expect(problems[0]).toContain(message);
  });

  it('refuses production mode with embedded services unless explicitly asked', () => {
    expect(problemsOf({ NODE_ENV: 'production' })).toEqual(
      expect.arrayContaining([expect.stringContaining('DATABASE_URL'), expect.stringContaining('KEYCLOAK_URL')]),
    );
  });

  it('never seeds demo users without embedded services', () => {
    expect(
      problemsOf({
        NODE_ENV: 'production',
        DATABASE_URL: 'postgres://db/lumio',
        KEYCLOAK_URL: 'https://id.example.de',
        KEYCLOAK_ADMIN_CLIENT_SECRET: 'service-account-secret',
        SMTP_URL: 'smtp://mail.example.de',
        PUBLIC_URL: 'https://portal.example.de',
        DOCUMENT_ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64'),
        SEED_DEMO_DATA: 'true',
      }),
    ).toEqual([expect.stringContaining('SEED_DEMO_DATA')]);
  });

  it('uses the real services in production', () => {
    const config = loadConfig({
      NODE_ENV: 'production',
      DATABASE_URL: 'postgres://db/lumio',
      KEYCLOAK_URL: 'https://id.example.de/',
      KEYCLOAK_ADMIN_CLIENT_SECRET: 'service-account-secret',
      SMTP_URL: 'smtp://mail.example.de',
      PUBLIC_URL: 'https://portal.example.de',
      DOCUMENT_ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64'),
    });
    expect(config).toMatchObject({ embedded: false, seedDemoData: false, production: true });
    expect(config.keycloak.issuer).toBe('https://id.example.de/realms/lumio');
  });

  it('trusts no proxy by default, in every mode', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', ...PRODUCTION_SERVICES }).trustProxy).toBe(false);
  });

  it('takes TRUST_PROXY as a hop count or as proxy addresses and networks', () => {
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1,fd00::/8,loopback' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
      'fd00::/8',
      'loopback',
    ]);
  });

  it.each(['true', '*'])('refuses TRUST_PROXY=%s, which would trust every sender', (value) => {
    const [problem, ...more] = problemsOf({ TRUST_PROXY: value });
    expect(more).toEqual([]);
    expect(problem).toMatch(/^TRUST_PROXY: vertraut jedem Absender/);
    expect(problem).toContain('Anzahl Proxy-Hops (z. B. 1)');
    expect(problem).toContain('Proxy-Adressen');
  });

  it.each(['10.0.0.0/33', 'proxy.example.de', '1.2.3', '10.0.0.1,'])('refuses TRUST_PROXY=%s', (value) => {
    expect(problemsOf({ TRUST_PROXY: value })).toEqual([expect.stringMatching(/^TRUST_PROXY: eine Anzahl Proxy-Hops/)]);
  });

  it('has the /dev pages only in embedded mode outside production', () => {
    expect(loadConfig({}).devRoutes).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production', EMBEDDED: 'true' }).devRoutes).toBe(false);
    expect(loadConfig({ EMBEDDED: 'false', ...PRODUCTION_SERVICES }).devRoutes).toBe(false);
  });

  it('limits config.json and the token endpoint more generously than the public endpoints', () => {
    expect(loadConfig({})).toMatchObject({
      rateLimitPublicPerMinute: 60,
      rateLimitConfigPerMinute: 600,
      rateLimitTokenPerMinute: 300,
    });
    expect(problemsOf({ RATE_LIMIT_CONFIG_PER_MINUTE: 'viele', RATE_LIMIT_TOKEN_PER_MINUTE: '0' })).toHaveLength(2);
  });

  it('serves metrics only when asked in embedded mode, and on 9464 (API) and 9465 (worker) in production', () => {
    const embedded = loadConfig({});
    expect(metricsPortOf(embedded, 'api')).toBeUndefined();
    expect(metricsPortOf(loadConfig({ METRICS_PORT: '9470' }), 'api')).toBe(9470);
    const production = loadConfig({ NODE_ENV: 'production', ...PRODUCTION_SERVICES });
    expect(metricsPortOf(production, 'api')).toBe(9464);
    expect(metricsPortOf(production, 'worker')).toBe(9465);
    for (const off of ['off', 'OFF', '0']) {
      expect(
        metricsPortOf(loadConfig({ NODE_ENV: 'production', ...PRODUCTION_SERVICES, METRICS_PORT: off }), 'api'),
      ).toBe(undefined);
    }
    expect(production.metrics.host).toBe('127.0.0.1');
  });

  it('logs JSON except in development, and stops within 25 s without a drain by default', () => {
    expect(loadConfig({}).logFormat).toBe('pretty');
    expect(loadConfig({ NODE_ENV: 'test' }).logFormat).toBe('json');
    expect(loadConfig({ NODE_ENV: 'production', ...PRODUCTION_SERVICES }).logFormat).toBe('json');
    expect(loadConfig({ LOG_FORMAT: 'json' }).logFormat).toBe('json');
    expect(loadConfig({}).shutdown).toEqual({ drainMs: 0, timeoutMs: 25_000 });
    expect(loadConfig({ SHUTDOWN_DRAIN_SECONDS: '10', SHUTDOWN_TIMEOUT_SECONDS: '60' }).shutdown).toEqual({
      drainMs: 10_000,
      timeoutMs: 60_000,
    });
  });

  it('names a wrong metrics, log or stop setting in German', () => {
    expect(
      problemsOf({
        METRICS_PORT: 'neunzig',
        LOG_FORMAT: 'xml',
        SHUTDOWN_TIMEOUT_SECONDS: '0',
        SHUTDOWN_DRAIN_SECONDS: '-1',
      }),
    ).toEqual([
      'LOG_FORMAT: muss json oder pretty sein',
      'METRICS_PORT: muss eine Portnummer (1–65535) oder off sein',
      'SHUTDOWN_TIMEOUT_SECONDS: muss mindestens 1 sein',
      'SHUTDOWN_DRAIN_SECONDS: darf nicht negativ sein',
    ]);
    expect(problemsOf({ METRICS_PORT: '70000' })).toEqual([
      'METRICS_PORT: muss eine Portnummer (1–65535) oder off sein',
    ]);
  });
});
