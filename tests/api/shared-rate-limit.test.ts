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

/**
 * Issue 24: guessing licence keys is limited per address, not only per key. Unknown keys from one
 * address count together across instances; over the limit every call of that address is 429 (so
 * the answer tells nothing about a key), except a licence's calls from the PC it is bound to.
 */
describe('unknown licence keys per address, shared by two instances', () => {
  const UNKNOWN_LIMIT = 5;
  const GUESSER = '203.0.113.66';
  let instances: Instances;
  let a: FastifyInstance;
  let b: FastifyInstance;
  let owners: LicenseOwners;

  beforeAll(async () => {
    instances = await buildInstances({
      JOB_WORKERS: 'false',
      RATE_LIMIT_DEVICE_UNKNOWN_KEYS_PER_HOUR: String(UNKNOWN_LIMIT),
    });
    [a, b] = instances.apps;
    owners = await demoLicenseOwners(a);
  });
  afterAll(async () => {
    await instances?.close();
  });

  /** A random well-formed key (five groups of five Crockford base32 characters). */
  const randomKey = () =>
    Array.from({ length: 5 }, () =>
      Array.from({ length: 5 }, () => '0123456789ABCDEFGHJKMNPQRSTVWXYZ'[Math.floor(Math.random() * 32)]).join(''),
    ).join('-');

  const validate = (app: FastifyInstance, key: string, address: string, machine = MACHINE) =>
    app.inject({
      method: 'GET',
      url: '/api/device/license',
      headers: { authorization: `License ${key}`, 'x-machine-id': machine },
      remoteAddress: address,
    });

  it('answers 429 with Retry-After once one address sent more unknown keys than allowed, on every instance', async () => {
    const bound = await insertLicense(a, owners, { boundMachineId: MACHINE });
    const elsewhere = await insertLicense(a, owners, { boundMachineId: 'ANOTHER-PC' });
    for (let i = 0; i < UNKNOWN_LIMIT; i += 1) {
      expect((await validate(i % 2 ? a : b, randomKey(), GUESSER)).statusCode).toBe(404);
    }
    for (const app of [a, b]) {
      const refused = await validate(app, randomKey(), GUESSER);
      expect(refused.statusCode).toBe(429);
      expect(errorOf(refused)).toMatchObject({
        errorCode: 'TOO_MANY_REQUESTS',
        messages: ['Too many requests'],
        status: 429,
      });
      const retryAfter = Number(refused.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(3600);
      // A known key not bound to the caller's PC gets the same answer: nothing to learn.
      expect((await validate(app, elsewhere.key, GUESSER)).statusCode).toBe(429);
      // The licence's own PC behind the same address is not slowed.
      expect((await validate(app, bound.key, GUESSER)).statusCode).toBe(200);
    }
    // Another address counts on its own.
    expect((await validate(a, randomKey(), '203.0.113.67')).statusCode).toBe(404);
    expect((await validate(b, elsewhere.key, '203.0.113.67')).statusCode).toBe(200);
  });

  it('does not count known keys, and keeps no key or address in clear', async () => {
    const license = await insertLicense(a, owners, { boundMachineId: MACHINE });
    for (let i = 0; i < UNKNOWN_LIMIT * 3; i += 1) {
      expect((await validate(a, license.key, '203.0.113.68', 'SOME-OTHER-PC')).statusCode).toBe(200);
    }
    expect((await validate(b, randomKey(), '203.0.113.68')).statusCode).toBe(404);
    const dump = JSON.stringify(await queryRows(a, sql`SELECT * FROM rate_limit_counters`));
    expect(dump).not.toContain(GUESSER);
    expect(dump).not.toContain(license.key);
  });
});
