import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorOf } from './helpers/app';
import { demoLicenseOwners, deviceClient, insertLicense, type LicenseOwners } from './helpers/deviceLicenses';
import { buildInstances, type Instances } from './helpers/instances';
import { queryRows } from './helpers/reports';

const LIMIT = 60;
const MACHINE = 'RATE-PC-1';

/**
 * Issue 23, part 6: two API instances on one database enforce every rate limit once, not once each:
 * the counters live in the database (server/lib/rate-limit-store.ts).
 */
describe('rate limits shared by two instances on one database', () => {
  let instances: Instances;
  let a: FastifyInstance;
  let b: FastifyInstance;
  let owners: LicenseOwners;

  beforeAll(async () => {
    instances = await buildInstances({
      JOB_WORKERS: 'false',
      RATE_LIMIT_PUBLIC_PER_MINUTE: String(LIMIT),
      RATE_LIMIT_DEVICE_PER_MINUTE: String(LIMIT),
    });
    [a, b] = instances.apps;
    owners = await demoLicenseOwners(a);
  });
  afterAll(async () => {
    await instances?.close();
  });

  /** A public route (the confirmation of an application), asked from `address`. */
  const confirmUnknown = (app: FastifyInstance, address: string) =>
    app.inject({ method: 'GET', url: `/api/company-application/${randomUUID()}/confirm`, remoteAddress: address });

  /** Ends every window now, as a minute passing would. */
  const endWindows = () =>
    a.db.execute(sql`UPDATE rate_limit_counters SET window_ends_at = now() - interval '1 millisecond'`);

  it('refuses the 61st request of a minute from one address to a public route, whichever instance answers', async () => {
    const answers = [];
    for (let i = 0; i < LIMIT; i += 1) answers.push(await confirmUnknown(i % 2 ? b : a, '203.0.113.7'));
    expect(answers.map((res) => res.statusCode)).toEqual(Array(LIMIT).fill(404));
    expect(answers.at(-1)!.headers['x-ratelimit-remaining']).toBe('0');

    for (const app of [a, b]) {
      const refused = await confirmUnknown(app, '203.0.113.7');
      expect(refused.statusCode).toBe(429);
      expect(errorOf(refused)).toMatchObject({ errorCode: 'TOO_MANY_REQUESTS', messages: ['Too many requests'] });
      expect(refused.headers).toMatchObject({ 'x-ratelimit-limit': String(LIMIT), 'x-ratelimit-remaining': '0' });
      const retryAfter = Number(refused.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(60);
    }
    // Another address has a count of its own on both.
    expect((await confirmUnknown(a, '203.0.113.8')).statusCode).toBe(404);
    expect((await confirmUnknown(b, '203.0.113.8')).statusCode).toBe(404);
  });

  it('counts simultaneous requests to both instances exactly once each', async () => {
    const answers = await Promise.all(
      Array.from({ length: LIMIT + 30 }, (_, i) => confirmUnknown(i % 2 ? b : a, '203.0.113.50')),
    );
    const statuses = answers.map((res) => res.statusCode);
    expect(statuses.filter((status) => status === 404)).toHaveLength(LIMIT);
    expect(statuses.filter((status) => status === 429)).toHaveLength(30);
  });

  it('lets the address through again once its window has ended', async () => {
    expect((await confirmUnknown(b, '203.0.113.7')).statusCode).toBe(429);
    await endWindows();
    const again = await confirmUnknown(b, '203.0.113.7');
    expect(again.statusCode).toBe(404);
    expect(again.headers['x-ratelimit-remaining']).toBe(String(LIMIT - 1));
    expect((await confirmUnknown(a, '203.0.113.7')).headers['x-ratelimit-remaining']).toBe(String(LIMIT - 2));
  });

  it('counts the device calls of one licence on both instances together; another licence is unaffected', async () => {
    const license = await insertLicense(a, owners, { boundMachineId: MACHINE });
    const other = await insertLicense(a, owners, { boundMachineId: `${MACHINE}-2` });
    const answers = [];
    for (let i = 0; i < LIMIT; i += 1) answers.push(await deviceClient(i % 2 ? a : b, license.key, MACHINE).license());
    expect(answers.map((res) => res.statusCode)).toEqual(Array(LIMIT).fill(200));

    for (const app of [a, b]) {
      const refused = await deviceClient(app, license.key, MACHINE).license();
      expect(refused.statusCode).toBe(429);
      expect(errorOf(refused).errorCode).toBe('TOO_MANY_REQUESTS');
      expect(refused.headers).toMatchObject({ 'x-ratelimit-limit': String(LIMIT), 'x-ratelimit-remaining': '0' });
    }
    expect((await deviceClient(b, other.key, `${MACHINE}-2`).license()).statusCode).toBe(200);

    await endWindows();
    expect((await deviceClient(b, license.key, MACHINE).license()).statusCode).toBe(200);
  });

  it('keeps no licence key and no address in clear, only hashes of them', async () => {
    const license = await insertLicense(a, owners, { boundMachineId: MACHINE });
    await deviceClient(a, license.key, MACHINE).license();
    await confirmUnknown(b, '198.51.100.23');
    const rows = await queryRows<{ key_hash: string }>(a, sql`SELECT key_hash FROM rate_limit_counters`);
    expect(rows.length).toBeGreaterThanOrEqual(2);
    for (const { key_hash } of rows) expect(key_hash).toMatch(/^[0-9a-f]{64}$/);
    const dump = JSON.stringify(await queryRows(a, sql`SELECT * FROM rate_limit_counters`));
    expect(dump).not.toContain(license.key);
    expect(dump).not.toContain('198.51.100.23');
  });

  it('lets requests through unlimited while the store fails, and counts again once it is back', async () => {
    await a.db.execute(sql`ALTER TABLE rate_limit_counters RENAME TO rate_limit_counters_away`);
    try {
      const answers = [];
      for (let i = 0; i <= LIMIT; i += 1) answers.push(await confirmUnknown(i % 2 ? b : a, '203.0.113.99'));
      expect(answers.map((res) => res.statusCode)).toEqual(Array(LIMIT + 1).fill(404));
    } finally {
      await a.db.execute(sql`ALTER TABLE rate_limit_counters_away RENAME TO rate_limit_counters`);
    }
    const counted = await confirmUnknown(a, '203.0.113.99');
    expect(counted.statusCode).toBe(404);
    expect(counted.headers['x-ratelimit-remaining']).toBe(String(LIMIT - 1));
  });
});
