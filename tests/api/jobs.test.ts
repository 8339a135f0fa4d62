import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { loadConfig } from '../../server/config';
import { openDatabase } from '../../server/db/client';
import { documents, loginThrottles, mailOutbox } from '../../server/db/schema';
import { cleanupJob } from '../../server/jobs/cleanup.job';
import { defineJob, type JobContext } from '../../server/jobs/job';
import { startJobQueue } from '../../server/jobs/queue';
import { startMailCatcher } from '../../server/mail/catcher';
import { apiClient, buildTestApp } from './helpers/app';
import { applicationBody, uploadDocument } from './helpers/applications';

const root = new URL('../..', import.meta.url).pathname;
const HOUR_MS = 60 * 60 * 1000;
const silentLog = {
  info() {},
  warn() {},
  error() {},
  debug() {},
  child: () => silentLog,
} as unknown as JobContext['log'];

describe('background jobs', () => {
  let app: FastifyInstance;

  beforeAll(async () => {
    app = await buildTestApp();
    await app.ready();
  });
  afterAll(() => app.close());

  it('runs the cleanup through the queue: old unattached uploads and long-quiet login throttles go, fresh ones stay', async () => {
    const old = await uploadDocument(app, 'Alt.png');
    const fresh = await uploadDocument(app, 'Neu.png');
    await app.db
      .update(documents)
      .set({ createdAt: new Date(Date.now() - 2 * HOUR_MS - 60_000) })
      .where(eq(documents.id, old));
    const quiet = new Date(Date.now() - 25 * HOUR_MS);
    await app.db.insert(loginThrottles).values([
      { keyHash: 'a'.repeat(64), kind: 'address', failures: 3, lastFailureAt: quiet },
      { keyHash: 'b'.repeat(64), kind: 'address', failures: 3, lastFailureAt: new Date() },
    ]);

    await app.jobs.send(cleanupJob, {});

    await vi.waitFor(
      async () => {
        const left = await app.db.select({ id: documents.id }).from(documents);
        expect(left.map((d) => d.id)).not.toContain(old);
      },
      { timeout: 15_000, interval: 100 },
    );
    const left = await app.db.select({ id: documents.id }).from(documents);
    expect(left.map((d) => d.id)).toContain(fresh);
    const throttles = await app.db.select({ keyHash: loginThrottles.keyHash }).from(loginThrottles);
    expect(throttles.map((t) => t.keyHash)).toEqual(['b'.repeat(64)]);
  });

  it('lets a running job finish before stopping, and runs no new one after', async () => {
    const database = await openDatabase({ dataDir: 'memory://' });
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: 'memory://' });
    let release: () => void = () => {};
    const started: string[] = [];
    const finished: string[] = [];
    const slow = defineJob({
      name: 'test-slow',
      payload: z.object({ n: z.number() }),
      queue: () => ({ retryLimit: 0 }),
      async handler(_ctx, { n }) {
        started.push(String(n));
        await new Promise<void>((resolve) => (release = resolve));
        finished.push(String(n));
      },
    });
    const queue = await startJobQueue(database, config, silentLog, [slow]);
    try {
      await queue.startWorkers({ db: database.db, config, log: silentLog } as JobContext);
      await queue.send(slow, { n: 1 });
      await vi.waitFor(() => expect(started).toEqual(['1']), { timeout: 10_000 });
      await queue.send(slow, { n: 2 });

      const events: string[] = [];
      const stopping = queue.stop().then(() => events.push('stopped'));
      // Stopping waits for the job under way: give it half a second to (wrongly) return first.
      await Promise.race([stopping, new Promise((resolve) => setTimeout(resolve, 500))]);
      events.push('released');
      release();
      await stopping;
      // The job completed before the stop did, and the queued one was never started.
      expect(events).toEqual(['released', 'stopped']);
      expect(finished).toEqual(['1']);
      expect(started).toEqual(['1']);
    } finally {
      await queue.stop();
      await database.close();
    }
  });

  it('refuses `npm run worker` without PostgreSQL, in German', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/worker.ts'], {
      cwd: root,
      env: { ...process.env, NODE_ENV: 'development', DATABASE_URL: '', SMTP_URL: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    const [code] = await once(child, 'exit');
    expect(code).toBe(2);
    expect(output).toContain('DATABASE_URL: npm run worker braucht PostgreSQL');
    expect(output).toContain('SMTP_URL: npm run worker braucht einen echten Mail-Relay');
  });

  // A worker process beside an API process needs one database both reach: PostgreSQL.
  it.runIf(process.env.TEST_DATABASE_URL)(
    'delivers from a separate `npm run worker` what an API process without workers queued',
    { timeout: 120_000 },
    async () => {
      const relay = await startMailCatcher();
      const key = randomBytes(32).toString('base64');
      const api = await buildTestApp({ JOB_WORKERS: 'false', DOCUMENT_ENCRYPTION_KEY: key });
      if (api.database.kind !== 'postgres') throw new Error('needs PostgreSQL');
      const worker = spawn(process.execPath, ['--import', 'tsx', 'server/worker.ts'], {
        cwd: root,
        env: {
          ...process.env,
          NODE_ENV: 'development',
          LOG_LEVEL: 'warn',
          EMBEDDED: 'false',
          PUBLIC_URL: 'http://localhost:8080',
          KEYCLOAK_URL: 'http://127.0.0.1:1',
          KEYCLOAK_ADMIN_CLIENT_SECRET: 'service-account-secret',
          DATABASE_URL: api.database.url,
          SMTP_URL: `smtp://127.0.0.1:${relay.port}`,
          DOCUMENT_ENCRYPTION_KEY: key,
        },
        stdio: ['ignore', 'inherit', 'inherit'],
      });
      try {
        const body = applicationBody();
        const res = await apiClient(api).post('/api/company-application', body);
        expect(res.statusCode).toBe(201);
        const mail = await relay.waitFor((m) => m.to === body.email, 60_000);
        expect(mail.subject).toBe('Bitte bestätigen Sie Ihre Registrierung bei Lumio');
        await vi.waitFor(
          async () => {
            const [row] = await api.db.select().from(mailOutbox).where(eq(mailOutbox.reference, res.json().id));
            expect(row.status).toBe('sent');
          },
          { timeout: 10_000 },
        );
        worker.kill('SIGTERM');
        const [code] = await once(worker, 'exit');
        expect(code).toBe(0);
      } finally {
        worker.kill('SIGKILL');
        await api.close();
        await relay.close();
      }
    },
  );
});
