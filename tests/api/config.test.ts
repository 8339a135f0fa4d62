import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../server/config';

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
    });
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
      SMTP_URL: 'smtp://mail.example.de',
      PUBLIC_URL: 'https://portal.example.de',
      DOCUMENT_ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64'),
    });
    expect(config).toMatchObject({ embedded: false, seedDemoData: false, production: true });
    expect(config.keycloak.issuer).toBe('https://id.example.de/realms/lumio');
  });
});
