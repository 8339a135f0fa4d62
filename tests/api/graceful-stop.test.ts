import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { request as httpRequest, type ClientRequest, type IncomingMessage } from 'node:http';
import { connect, createServer, type AddressInfo, type Socket } from 'node:net';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startMailCatcher } from '../../server/mail/catcher';
import { apiClient, buildTestApp } from './helpers/app';
import { applicationBody } from './helpers/applications';
import { buildServerBundle, freePort, root, startBundle, type BundleProcess } from './helpers/processes';
import { queryRows } from './helpers/reports';

/**
 * The stop of the built processes (issue 23, part 7; docs/production.md "Stopping"), as systemd or
 * a rolling restart sends SIGTERM: real child processes of dist-server/.
 */

/** A 1×1 PNG, the smallest upload the document endpoint takes. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

const children: BundleProcess[] = [];
afterAll(() => {
  for (const { child } of children) if (child.exitCode === null) child.kill('SIGKILL');
});

beforeAll(() => buildServerBundle(), 120_000);

async function readiness(base: string): Promise<{ status: number; body: unknown }> {
  const res = await fetch(`${base}/health/ready`, { headers: { connection: 'close' } });
  return { status: res.status, body: await res.json() };
}

/** Whether a new TCP connection to the port is refused (the listener is closed). */
function refused(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', (err: NodeJS.ErrnoException) => resolve(err.code === 'ECONNREFUSED'));
  });
}

describe('stopping the API process (SIGTERM)', () => {
  it(
    'turns unready, finishes the request in flight, stops accepting and exits 0, idle connections notwithstanding',
    { timeout: 120_000 },
    async () => {
      const port = await freePort();
      const base = `http://127.0.0.1:${port}`;
      const server = startBundle('server', {
        NODE_ENV: 'test',
        LOG_LEVEL: 'info',
        LOG_FORMAT: 'json',
        PORT: String(port),
        PUBLIC_URL: `http://localhost:${port}`,
        DATA_DIR: 'memory://',
        // Long enough to see readiness 503 while the instance still accepts connections.
        SHUTDOWN_DRAIN_SECONDS: '2',
        SHUTDOWN_TIMEOUT_SECONDS: '20',
      });
      children.push(server);
      await vi.waitFor(async () => expect((await readiness(base)).status).toBe(200), {
        timeout: 60_000,
        interval: 200,
      });

      // An idle kept-alive connection, as a proxy or browser holds one.
      const keepAlive = await fetch(`${base}/config/config.json`);
      const xsrf = /XSRF-TOKEN=([^;]+)/.exec(keepAlive.headers.get('set-cookie') ?? '')![1];
      await keepAlive.arrayBuffer();

      // An upload in flight: the server has its headers (100 Continue), half of its body arrives.
      const upload: ClientRequest = httpRequest(`${base}/api/document`, {
        method: 'POST',
        headers: {
          'content-type': 'application/octet-stream',
          'content-length': String(PNG.length),
          'x-filename': 'Gewerbeanmeldung.png',
          'x-xsrf-token': xsrf,
          cookie: `XSRF-TOKEN=${xsrf}`,
          expect: '100-continue',
        },
      });
      const answered = new Promise<IncomingMessage>((resolve, reject) => {
        upload.once('response', resolve);
        upload.once('error', reject);
      });
      await new Promise<void>((resolve) => upload.once('continue', resolve));
      upload.write(PNG.subarray(0, 20));

      const signalledAt = Date.now();
      server.child.kill('SIGTERM');
      await vi.waitFor(
        async () =>
          expect(await readiness(base)).toEqual({
            status: 503,
            body: { status: 'DOWN', checks: [{ name: 'instance', status: 'DOWN', data: { stopping: true } }] },
          }),
        { timeout: 5_000, interval: 50 },
      );
      // After the drain the listener is closed, while the upload is still open.
      await vi.waitFor(async () => expect(await refused(port)).toBe(true), { timeout: 10_000, interval: 50 });
      expect(server.child.exitCode).toBeNull();

      upload.end(PNG.subarray(20));
      const response = await answered;
      let body = '';
      for await (const chunk of response) body += chunk;
      expect(response.statusCode, body).toBe(201);
      expect(response.headers.connection).toBe('close');

      expect(await server.exited()).toBe(0);
      // Far below the kept-alive connection's 72 s: it did not hold the stop up.
      expect(Date.now() - signalledAt).toBeLessThan(15_000);
      const lines = server
        .output()
        .split('\n')
        .filter((line) => line.startsWith('{'))
        .map((line) => JSON.parse(line) as { msg: string; route?: string; status?: number });
      expect(lines.map((line) => line.msg)).toEqual(expect.arrayContaining(['stopping', 'stopped']));
      expect(lines).toContainEqual(expect.objectContaining({ route: '/api/document', status: 201 }));
    },
  );

  it('starts in production mode without loading pino-pretty, logging JSON', { timeout: 120_000 }, async () => {
    const forbid = join(root, 'tests/api/helpers/forbid-pino-pretty.mjs');
    const start = async (nodeEnv: string) => {
      const port = await freePort();
      const server = startBundle(
        'server',
        {
          NODE_ENV: nodeEnv,
          EMBEDDED: 'true',
          LOG_LEVEL: 'info',
          LOG_FORMAT: '',
          PORT: String(port),
          PUBLIC_URL: `http://localhost:${port}`,
          DATA_DIR: 'memory://',
        },
        ['--import', forbid],
      );
      children.push(server);
      return { server, base: `http://127.0.0.1:${port}` };
    };

    // The guard works: in development the pretty log needs pino-pretty, and the start fails.
    const development = await start('development');
    expect(await development.server.exited()).toBe(1);
    expect(development.server.output()).toContain('pino-pretty must not be loaded');

    const production = await start('production');
    await vi.waitFor(async () => expect((await readiness(production.base)).status).toBe(200), {
      timeout: 60_000,
      interval: 200,
    });
    production.server.child.kill('SIGTERM');
    expect(await production.server.exited()).toBe(0);
    const printed = production.server.output().trim().split('\n');
    expect(printed.length).toBeGreaterThan(2);
    for (const line of printed) expect(JSON.parse(line)).toHaveProperty('level');
  });
});

const POSTGRES_ONLY = 'skipped: a worker process beside the test needs PostgreSQL (runs with TEST_DATABASE_URL)';
const postgres = process.env.TEST_DATABASE_URL ? describe : describe.skip;

/** A relay that takes connections and never greets: a mail sent to it stays under way. */
async function silentRelay() {
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('error', () => undefined);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return {
    port: (server.address() as AddressInfo).port,
    connections: () => sockets.size,
    close() {
      for (const socket of sockets) socket.destroy();
      server.close();
    },
  };
}

postgres(`stopping a worker process (SIGTERM) ${process.env.TEST_DATABASE_URL ? '' : `(${POSTGRES_ONLY})`}`, () => {
  it(
    'exits 0 within its bound, releasing the mail it was sending, which another worker delivers',
    { timeout: 180_000 },
    async () => {
      const key = randomBytes(32).toString('base64');
      // The job's retry delay is fixed when it is queued, by the queue's setting then.
      const api = await buildTestApp({
        JOB_WORKERS: 'false',
        DOCUMENT_ENCRYPTION_KEY: key,
        SEED_DEMO_DATA: 'false',
        MAIL_RETRY_DELAY_SECONDS: '1',
      });
      if (api.database.kind !== 'postgres') throw new Error('needs PostgreSQL');
      const stuck = await silentRelay();
      const relay = await startMailCatcher();
      const workerEnv = {
        NODE_ENV: 'test',
        LOG_LEVEL: 'info',
        LOG_FORMAT: 'json',
        EMBEDDED: 'false',
        PUBLIC_URL: 'http://localhost:8080',
        KEYCLOAK_URL: 'http://127.0.0.1:1',
        KEYCLOAK_ADMIN_CLIENT_SECRET: 'service-account-secret',
        DATABASE_URL: api.database.url,
        DOCUMENT_ENCRYPTION_KEY: key,
        MAIL_RETRY_DELAY_SECONDS: '1',
        METRICS_PORT: 'off',
      };
      try {
        const body = applicationBody();
        expect((await apiClient(api).post('/api/company-application', body)).statusCode).toBe(201);

        // The first worker's relay never answers: its delivery job runs longer than the bound (1 s).
        const first = startBundle('worker', {
          ...workerEnv,
          SMTP_URL: `smtp://127.0.0.1:${stuck.port}`,
          SHUTDOWN_TIMEOUT_SECONDS: '1',
        });
        children.push(first);
        await vi.waitFor(() => expect(stuck.connections()).toBeGreaterThan(0), { timeout: 60_000, interval: 50 });
        const [running] = await queryRows<{ state: string }>(
          api,
          sql`SELECT state FROM pgboss.job WHERE name = 'mail-delivery'`,
        );
        expect(running.state).toBe('active');

        const signalledAt = Date.now();
        first.child.kill('SIGTERM');
        expect(await first.exited(), first.output()).toBe(0);
        // The bound plus pg-boss's release and the closing of pools, not the relay's 15 s greeting timeout.
        expect(Date.now() - signalledAt).toBeLessThan(10_000);
        const [released] = await queryRows<{ state: string; output: unknown }>(
          api,
          sql`SELECT state, output FROM pgboss.job WHERE name = 'mail-delivery'`,
        );
        expect(released.state).toBe('retry');
        expect(JSON.stringify(released.output)).toContain('pg-boss shut down while active');

        const second = startBundle('worker', { ...workerEnv, SMTP_URL: `smtp://127.0.0.1:${relay.port}` });
        children.push(second);
        const mail = await relay.waitFor((m) => m.to === body.email, 60_000);
        expect(mail.subject).toBe('Bitte bestätigen Sie Ihre Registrierung bei Lumio');
        await vi.waitFor(
          async () => {
            const [row] = await queryRows<{ status: string }>(api, sql`SELECT status FROM mail_outbox`);
            expect(row.status).toBe('sent');
          },
          { timeout: 10_000 },
        );
        second.child.kill('SIGTERM');
        expect(await second.exited()).toBe(0);
      } finally {
        stuck.close();
        await relay.close();
        await api.close();
      }
    },
  );
});
