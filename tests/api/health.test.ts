import { readFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { build } from '../../server/app';
import { loadConfig } from '../../server/config';
import { openDatabase } from '../../server/db/client';
import { buildTestApp, captureLog, freshPostgresDatabase } from './helpers/app';
import { startTcpProxy } from './helpers/tcp-proxy';

/** The tag of the newest migration in the journal (the row the test removes). */
function newestMigration(): string {
  const journal = JSON.parse(
    readFileSync(new URL('../../server/db/migrations/meta/_journal.json', import.meta.url), 'utf8'),
  ) as { entries: { tag: string }[] };
  return journal.entries.at(-1)!.tag;
}

/**
 * Health endpoints (issue 23, part 3; docs/production.md "Health"): liveness, and readiness with
 * one check per dependency, each failing one turning readiness 503 with only its own check DOWN.
 */

interface HealthAnswer {
  status: 'UP' | 'DOWN';
  checks: { name: string; status: 'UP' | 'DOWN'; data?: Record<string, unknown> }[];
}

const CHECKS = ['database', 'migrations', 'job-queue', 'identity-provider'];

async function ready(app: FastifyInstance) {
  const res = await app.inject({ method: 'GET', url: '/health/ready' });
  return { statusCode: res.statusCode, body: res.json() as HealthAnswer };
}

/** The answer's check statuses by name. */
function statuses(answer: HealthAnswer): Record<string, string> {
  return Object.fromEntries(answer.checks.map((check) => [check.name, check.status]));
}

/** Readiness 503 with exactly `failing` DOWN and every other check UP; returns the failing check. */
function expectOnlyDown(result: Awaited<ReturnType<typeof ready>>, failing: string) {
  expect(result.statusCode).toBe(503);
  expect(result.body.status).toBe('DOWN');
  expect(statuses(result.body)).toEqual(
    Object.fromEntries(CHECKS.map((name) => [name, name === failing ? 'DOWN' : 'UP'])),
  );
  return result.body.checks.find((check) => check.name === failing)!;
}

describe('health endpoints', () => {
  let app: FastifyInstance;
  const log = captureLog();
  beforeAll(async () => {
    app = await buildTestApp({}, { logStream: log.stream });
  });
  afterAll(() => app.close());

  it('answers liveness 200 UP', async () => {
    const res = await app.inject({ method: 'GET', url: '/health/live' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'UP', checks: [] });
  });

  it('answers readiness 200 with every check UP', async () => {
    const result = await ready(app);
    expect(result.statusCode).toBe(200);
    expect(result.body.status).toBe('UP');
    expect(statuses(result.body)).toEqual(Object.fromEntries(CHECKS.map((name) => [name, 'UP'])));
  });

  it('needs no token, sets no cookie, has no rate limit and is not logged at info', async () => {
    log.clear();
    // More than every public limit (RATE_LIMIT_PUBLIC_PER_MINUTE is 60).
    for (let i = 0; i < 70; i++) {
      for (const url of ['/health/live', '/health/ready']) {
        const res = await app.inject({ method: 'GET', url });
        expect(res.statusCode, url).toBe(200);
        expect(res.headers['set-cookie'], url).toBeUndefined();
        expect(
          Object.keys(res.headers).filter((name) => name.startsWith('x-ratelimit')),
          url,
        ).toEqual([]);
        expect(res.headers['cache-control']).toBe('no-store');
      }
    }
    expect(log.text()).not.toContain('/health/');
  });

  it('turns readiness 503 with only the migrations DOWN when a migration is not recorded', async () => {
    const removed = await app.db.execute<{ id: number; hash: string; created_at: string }>(
      sql`delete from drizzle.__drizzle_migrations
          where created_at = (select max(created_at) from drizzle.__drizzle_migrations) returning *`,
    );
    try {
      const check = expectOnlyDown(await ready(app), 'migrations');
      expect(check.data).toMatchObject({ missing: [newestMigration()] });
    } finally {
      const [row] = removed.rows;
      await app.db.execute(
        sql`insert into drizzle.__drizzle_migrations (id, hash, created_at) values (${row.id}, ${row.hash}, ${row.created_at})`,
      );
    }
    expect((await ready(app)).statusCode).toBe(200);
  });

  // On PostgreSQL the database goes away for real below (a cut connection).
  it.skipIf(process.env.TEST_DATABASE_URL)(
    'turns readiness 503 with only the database DOWN while the database does not answer in time, and 200 after',
    async () => {
      // PGlite is one session: while a transaction is open, every other statement waits for it.
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      let inTransaction!: () => void;
      const entered = new Promise<void>((resolve) => (inTransaction = resolve));
      const busy = app.db.transaction(async (tx) => {
        await tx.execute(sql`select 1`);
        inTransaction();
        await held;
      });
      await entered;
      try {
        const started = Date.now();
        const check = expectOnlyDown(await ready(app), 'database');
        expect(check.data).toEqual({ reason: 'TIMEOUT' });
        expect(Date.now() - started).toBeLessThan(5_000);
      } finally {
        release();
        await busy;
      }
      expect((await ready(app)).statusCode).toBe(200);
    },
  );
});

describe('readiness while the instance stops', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp({ SEED_DEMO_DATA: 'false' });
  });
  afterAll(() => app.close());

  it('turns 503 as soon as a stop begins, while liveness stays 200', async () => {
    expect((await ready(app)).statusCode).toBe(200);
    app.lifecycle.beginStop(Date.now() + 10_000);
    const result = await ready(app);
    expect(result.statusCode).toBe(503);
    expect(result.body).toEqual({
      status: 'DOWN',
      checks: [{ name: 'instance', status: 'DOWN', data: { stopping: true } }],
    });
    expect((await app.inject({ method: 'GET', url: '/health/live' })).statusCode).toBe(200);
  });

  it('refuses every request with 503 in the error body once the instance stops accepting', async () => {
    app.lifecycle.stopAccepting();
    const res = await app.inject({ method: 'GET', url: '/config/config.json' });
    expect(res.statusCode).toBe(503);
    expect(res.headers.connection).toBe('close');
    expect(res.json()).toMatchObject({
      errorCode: 'SERVICE_UNAVAILABLE',
      messages: ['Service unavailable'],
      status: 503,
    });
  });
});

describe('readiness when the job queue stopped', () => {
  it('turns 503 with only the job queue DOWN', async () => {
    const app = await buildTestApp({ SEED_DEMO_DATA: 'false' });
    try {
      expect((await ready(app)).statusCode).toBe(200);
      await app.jobs.stop();
      expect(expectOnlyDown(await ready(app), 'job-queue').data).toEqual({ workers: 'not running' });
    } finally {
      await app.close();
    }
  });
});

describe('readiness with Keycloak as the identity provider', () => {
  let discovery: Server;
  let port: number;
  let answer: 'ok' | 'unavailable' | 'other issuer' = 'ok';
  let app: FastifyInstance;

  beforeAll(async () => {
    discovery = createServer((request, response) => {
      const issuer = `http://127.0.0.1:${port}/realms/lumio`;
      if (request.url !== '/realms/lumio/.well-known/openid-configuration') return void response.writeHead(404).end();
      if (answer === 'unavailable') return void response.writeHead(503).end();
      const body = { issuer: answer === 'ok' ? issuer : 'http://127.0.0.1:1/realms/lumio' };
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    });
    discovery.listen(0, '127.0.0.1');
    await once(discovery, 'listening');
    port = (discovery.address() as { port: number }).port;
    app = await buildTestApp({
      EMBEDDED: 'false',
      SEED_DEMO_DATA: 'false',
      JOB_WORKERS: 'false',
      KEYCLOAK_URL: `http://127.0.0.1:${port}`,
      KEYCLOAK_ADMIN_CLIENT_SECRET: 'service-account-secret',
      // build() gets its database from the test helper; the URL only satisfies the configuration check.
      DATABASE_URL: 'postgres://lumio@127.0.0.1:1/lumio',
      SMTP_URL: 'smtp://127.0.0.1:1',
      DOCUMENT_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
    });
  });
  afterAll(async () => {
    await app.close();
    if (discovery.listening) discovery.close();
  });

  it('is UP while the discovery document names the configured issuer', async () => {
    const result = await ready(app);
    expect(result.statusCode).toBe(200);
    expect(result.body.checks.find((check) => check.name === 'job-queue')?.data).toEqual({
      workers: 'none (JOB_WORKERS=false)',
    });
  });

  it('turns 503 with only the identity provider DOWN when Keycloak answers 503', async () => {
    answer = 'unavailable';
    expect(expectOnlyDown(await ready(app), 'identity-provider').data).toEqual({
      provider: 'keycloak',
      reason: 'HTTP 503',
    });
  });

  it('turns 503 when the discovery document names another issuer', async () => {
    answer = 'other issuer';
    expect(expectOnlyDown(await ready(app), 'identity-provider').data).toMatchObject({ reason: 'ISSUER_MISMATCH' });
  });

  it('turns 503 when Keycloak cannot be reached, and 200 once it answers again', async () => {
    answer = 'ok';
    await new Promise<void>((resolve) => discovery.close(() => resolve()));
    // Refused, or the kept-alive connection found closed (undici's UND_ERR_SOCKET).
    expect(expectOnlyDown(await ready(app), 'identity-provider').data?.reason).toMatch(
      /^(ECONNREFUSED|UND_ERR_SOCKET)$/,
    );
    discovery.listen(port, '127.0.0.1');
    await once(discovery, 'listening');
    expect((await ready(app)).statusCode).toBe(200);
  });
});

const POSTGRES_ONLY =
  'skipped: PGlite runs inside the process, there is no connection to cut (runs with TEST_DATABASE_URL)';
const postgres = process.env.TEST_DATABASE_URL ? describe : describe.skip;

postgres(
  `a database that goes away and comes back ${process.env.TEST_DATABASE_URL ? '' : `(${POSTGRES_ONLY})`}`,
  () => {
    it('turns readiness 503 within 5 s with only the database DOWN, and 200 again without a restart', async () => {
      const url = new URL(await freshPostgresDatabase(process.env.TEST_DATABASE_URL!));
      const proxy = await startTcpProxy({ host: url.hostname, port: Number(url.port || 5432) });
      url.hostname = '127.0.0.1';
      url.port = String(proxy.port);
      const database = await openDatabase({ databaseUrl: url.toString() });
      const config = loadConfig({
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        PUBLIC_URL: 'http://localhost:8080',
        DATA_DIR: 'memory://',
        SEED_DEMO_DATA: 'false',
      });
      const app = await build({ config, database, logger: false });
      try {
        expect((await ready(app)).statusCode).toBe(200);

        await proxy.cut();
        const cutAt = Date.now();
        await vi.waitFor(async () => expect((await ready(app)).statusCode).toBe(503), {
          timeout: 5_000,
          interval: 100,
        });
        expect(Date.now() - cutAt).toBeLessThan(5_000);
        expectOnlyDown(await ready(app), 'database');

        await proxy.restore();
        await vi.waitFor(async () => expect((await ready(app)).statusCode).toBe(200), {
          timeout: 10_000,
          interval: 200,
        });
      } finally {
        await app.close();
        await database.close();
        await proxy.close();
      }
    });
  },
);
