import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayInGermany } from '../../src/domain/dates';
import { DEMO } from './helpers/app';
import { addDays } from './helpers/deviceLicenses';
import { demoClient } from './helpers/eid';
import { buildInstances, type Instances } from './helpers/instances';
import { downloadReport, expectedReport, requestReport, waitForState } from './helpers/reports';

const BASE = '/api/identification-process/reports';

/**
 * Issue 23, part 6: a report built by one instance's worker downloads through any other instance
 * on the same database, with no shared disk: the ZIP lies in the database.
 */
describe('reports across two instances on one database', () => {
  let instances: Instances;
  let worker: FastifyInstance;
  let apiOnly: FastifyInstance;

  beforeAll(async () => {
    // The first runs the job workers (as `npm start` or beside `npm run worker`), the second is an API replica.
    instances = await buildInstances({ REPORT_RETRY_DELAY_SECONDS: '1' }, [
      { JOB_WORKERS: 'true' },
      { JOB_WORKERS: 'false' },
    ]);
    [worker, apiOnly] = instances.apps;
  });
  afterAll(async () => {
    await instances?.close();
  });

  it('downloads a report requested through the replica and built by the other instance, byte for byte the same through both', async () => {
    const period = { startDate: addDays(todayInGermany(), -800), endDate: todayInGermany() };
    const throughReplica = await demoClient(apiOnly, DEMO.owner);
    const throughWorker = await demoClient(worker, DEMO.owner);

    const report = await requestReport(throughReplica, period);
    await waitForState(throughReplica, report.id, 'Completed');

    const fromReplica = await downloadReport(throughReplica, report.id);
    const fromWorker = await throughWorker.get(`${BASE}/${report.id}`);
    expect(fromWorker.statusCode).toBe(200);
    expect(fromReplica.res.rawPayload.equals(fromWorker.rawPayload)).toBe(true);
    expect(fromReplica.res.headers['content-length']).toBe(String(fromWorker.rawPayload.length));
    expect(fromReplica.res.headers['content-disposition']).toBe(fromWorker.headers['content-disposition']);

    const expected = await expectedReport(
      apiOnly,
      sql`p.company_id = (SELECT id FROM companies WHERE name = 'Fotostudio Sonnenschein GmbH')`,
    );
    expect(fromReplica.processes).toBe(expected.processes);
    expect(fromReplica.summary).toBe(expected.summary);
  });
});
