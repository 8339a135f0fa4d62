import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { build } from '../../server/app';
import { loadConfig } from '../../server/config';
import { openDatabase } from '../../server/db/client';
import { attemptsOf } from '../../server/modules/reports/report-file-store';
import { DEMO, errorOf } from './helpers/app';
import { demoClient } from './helpers/eid';
import { downloadReport, expectedReport, queryRows, requestReport, waitForState } from './helpers/reports';

const root = new URL('../..', import.meta.url).pathname;
/**
 * Enough processes that the worker is still writing when the test sees its first chunk stored
 * (1 MiB of ZIP) and kills it: a ZIP of about 1.9 MB on PGlite (about 2 s of building) and 9.5 MB on
 * PostgreSQL (about 2 s; it builds about six times faster).
 */
const PROCESSES = process.env.TEST_DATABASE_URL ? 300_000 : 60_000;
const BASE = '/api/identification-process/reports';

/**
 * ARCHITECTURE.md "Background jobs": a worker killed (SIGKILL) half-way through a report leaves
 * chunks of its attempt in the database that no download serves, and the report is built again
 * from the beginning once a worker runs again (on PGlite: the server restarted on the same data
 * directory; on PostgreSQL, with TEST_DATABASE_URL: any other process). The attempt that completes
 * removes the dead one's chunks.
 */
describe('a report whose worker is killed half-way', () => {
  let dataDir: string;
  let databaseUrl: string | undefined;

  /** The app on the test's database: the same one every time (a PGlite directory or a PostgreSQL database). */
  async function open(jobWorkers: boolean): Promise<FastifyInstance> {
    const env = {
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      PUBLIC_URL: 'http://localhost:8080',
      SEED_DEMO_DATA: 'true',
      DATA_DIR: dataDir,
      REPORT_RETRY_DELAY_SECONDS: '1',
      JOB_WORKERS: String(jobWorkers),
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    };
    const database = await openDatabase({ databaseUrl, dataDir });
    const app = await build({ config: loadConfig(env), database, logger: false });
    app.addHook('onClose', async () => {
      await database.close();
    });
    await app.ready();
    return app;
  }

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'lumio-restart-data-'));
    if (process.env.TEST_DATABASE_URL) {
      const { default: pg } = await import('pg');
      const name = `lumio_test_restart_${Date.now()}`;
      const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await client.connect();
      await client.query(`CREATE DATABASE ${name}`);
      await client.end();
      const url = new URL(process.env.TEST_DATABASE_URL);
      url.pathname = `/${name}`;
      databaseUrl = url.toString();
    }
  });
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it(
    'never serves the half-written file and builds the whole report after the restart',
    { timeout: 240_000 },
    async () => {
      // A report big enough to take the worker a while, requested while no worker runs.
      let app = await open(false);
      await app.db.execute(sql`
      INSERT INTO identification_processes
        (license_id, store_id, company_id, system_integrator_id, reseller_id, package_id, postpaid, machine_id,
         idempotency_key, status, created_at)
      SELECT l.id, l.store_id, l.company_id, l.system_integrator_id, l.reseller_id, NULL, true, 'RESTART-PC',
             gen_random_uuid(), 'Completed', now() - make_interval(secs => g.i)
      FROM generate_series(1, ${PROCESSES}) AS g(i)
      JOIN licenses l ON l.key = 'SNNSC-HN02K-PC02B-FTSFT-DEM02'`);
      const admin = await demoClient(app, DEMO.lumioAdmin);
      const period = { startDate: '2021-01-01', endDate: '2030-12-31' };
      const report = await requestReport(admin, period);
      const expected = await expectedReport(app, sql`true`);
      await app.close();

      // A worker takes it; once its first chunk is stored, it is killed.
      const worker: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'tests/api/helpers/report-worker.ts'], {
        cwd: root,
        env: {
          ...process.env,
          NODE_ENV: 'test',
          LOG_LEVEL: 'silent',
          DATA_DIR: dataDir,
          ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
        },
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      try {
        let stored = 0;
        createInterface({ input: worker.stdout! }).on('line', (line) => {
          if (line.startsWith('stored ')) stored = Number(line.slice('stored '.length));
        });
        await vi.waitFor(() => expect(stored).toBeGreaterThan(0), { timeout: 120_000, interval: 10 });
      } finally {
        worker.kill('SIGKILL');
        if (worker.exitCode === null) await once(worker, 'exit');
      }

      // Without a worker: the report is in progress, and its half file is never served.
      app = await open(false);
      let deadBytes: number;
      try {
        const client = await demoClient(app, DEMO.lumioAdmin);
        const res = await client.get(`${BASE}/${report.id}`);
        expect(res.statusCode).toBe(409);
        expect(errorOf(res).messages[0]).toBe('Report not ready');
        const [row] = await queryRows<{ state: string; file_attempt: string | null }>(
          app,
          sql`SELECT state, file_attempt FROM identification_reports WHERE id = ${report.id}::uuid`,
        );
        expect(row).toEqual({ state: 'InProgress', file_attempt: null });
        const dead = await attemptsOf(app.db, [report.id]);
        expect(dead).toHaveLength(1);
        deadBytes = dead[0].bytes;
      } finally {
        await app.close();
      }

      // The server again with its workers: the dead attempt's heartbeat is missed, the job retried.
      app = await open(true);
      try {
        const client = await demoClient(app, DEMO.lumioAdmin);
        await waitForState(client, report.id, 'Completed', 180_000);
        const { processes, summary } = await downloadReport(client, report.id);
        expect(expected.count).toBeGreaterThan(PROCESSES);
        expect(processes).toBe(expected.processes);
        expect(summary).toBe(expected.summary);
        // The killed attempt's chunks are gone; only the finished file's are there.
        const [row] = await queryRows<{ file_attempt: string; file_size: string }>(
          app,
          sql`SELECT file_attempt, file_size FROM identification_reports WHERE id = ${report.id}::uuid`,
        );
        expect(await attemptsOf(app.db, [report.id])).toEqual([
          { reportId: report.id, attempt: row.file_attempt, bytes: Number(row.file_size) },
        ]);
        expect(Number(row.file_size)).toBeGreaterThan(deadBytes);
      } finally {
        await app.close();
      }
    },
  );
});
