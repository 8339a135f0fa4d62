import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { build } from '../../server/app';
import { loadConfig } from '../../server/config';
import { openDatabase } from '../../server/db/client';
import { DEMO } from './helpers/app';
import { loginAs, refreshTokens } from './helpers/login';

describe('embedded identity provider across a restart', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'lumio-idp-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    PUBLIC_URL: 'http://localhost:8080',
    SEED_DEMO_DATA: 'true',
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  async function start() {
    const database = await openDatabase({ dataDir });
    const app = await build({ config, database, logger: false });
    app.addHook('onClose', () => database.close());
    return app;
  }

  // Two full starts on disk (migrations, job queue, demo data) take a while on a loaded machine.
  it('keeps sessions, refresh tokens and the signing key', { timeout: 90_000 }, async () => {
    const first = await start();
    const { refreshToken, accessToken } = await loginAs(first, DEMO.systemAdmin);
    await first.close();

    const second = await start();
    try {
      const res = await refreshTokens(second, refreshToken);
      expect(res.statusCode).toBe(200);
      expect(res.json().refresh_token).toMatch(/^lumio-rt\./);
      const self = await second.inject({ url: '/api/self', headers: { authorization: `Bearer ${accessToken}` } });
      expect(self.statusCode).toBe(200);
    } finally {
      await second.close();
    }
  });
});
