import { randomBytes } from 'node:crypto';
import { count, eq, sql } from 'drizzle-orm';
import { integer, pgTable } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { build } from '../../server/app';
import { loadConfig } from '../../server/config';
import type { Database, DbOrTx } from '../../server/db/client';
import { listVersions, systemIntegrators } from '../../server/db/schema';
import { createCountCache } from '../../server/lib/count-cache';
import { apiClient, buildTestApp, DEMO } from './helpers/app';
import { loginAs } from './helpers/login';

/** A table of the test's own, with the same trigger as system_integrators: it may be truncated. */
const probe = pgTable('count_cache_probe', { id: integer('id').notNull() });
const PROBE = 'count_cache_probe';

describe('count cache on a real database', () => {
  let app: FastifyInstance & { database: Database };
  let db: DbOrTx;

  beforeAll(async () => {
    app = await buildTestApp();
    db = app.db;
    await db.execute(sql`CREATE TABLE count_cache_probe (id integer NOT NULL)`);
    await db.execute(
      sql`CREATE TRIGGER count_cache_probe_list_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON count_cache_probe FOR EACH STATEMENT EXECUTE FUNCTION bump_list_version()`,
    );
    await db.insert(probe).values([{ id: 1 }, { id: 2 }]);
  });
  afterAll(() => app.close());

  const countProbe = async (on: DbOrTx = db) => {
    const [{ n }] = await on.select({ n: count() }).from(probe);
    return n;
  };

  it('counts once per version and key, and again after each kind of write', async () => {
    const cache = createCountCache();
    const compute = vi.fn(() => countProbe());
    const total = () => cache.count(db, PROBE, 'all', compute);

    expect(await total()).toBe(2);
    expect(await total()).toBe(2);
    expect(compute).toHaveBeenCalledTimes(1);
    expect(await cache.count(db, PROBE, 'other key', compute)).toBe(2);
    expect(compute).toHaveBeenCalledTimes(2);

    const writes: [string, () => Promise<unknown>, number][] = [
      ['insert', () => db.insert(probe).values({ id: 3 }), 3],
      ['update', () => db.update(probe).set({ id: 4 }).where(eq(probe.id, 3)), 3],
      ['delete', () => db.delete(probe).where(eq(probe.id, 4)), 2],
      ['truncate', () => db.execute(sql`TRUNCATE count_cache_probe`), 0],
    ];
    for (const [, write, expected] of writes) {
      const calls = compute.mock.calls.length;
      await write();
      expect(await total()).toBe(expected);
      expect(await total()).toBe(expected);
      expect(compute).toHaveBeenCalledTimes(calls + 1);
    }
    await db.insert(probe).values([{ id: 1 }, { id: 2 }]);
  });

  it('does not keep a total when a write commits right after the count', async () => {
    const cache = createCountCache();
    // Another server's write lands after this count and before the version is read again: the
    // count belongs to the old version, and the new version must not get it.
    const racing = vi.fn(async () => {
      const n = await countProbe();
      await db.insert(probe).values({ id: 5 });
      return n;
    });
    expect(await cache.count(db, PROBE, 'all', racing)).toBe(2);
    const compute = vi.fn(() => countProbe());
    expect(await cache.count(db, PROBE, 'all', compute)).toBe(3);
    expect(await cache.count(db, PROBE, 'all', compute)).toBe(3);
    expect(compute).toHaveBeenCalledTimes(1);
    await db.delete(probe).where(eq(probe.id, 5));
  });

  it('never serves a total cached inside a rolled-back transaction', async () => {
    const cache = createCountCache();
    await expect(
      app.db.transaction(async (tx) => {
        await tx.insert(probe).values({ id: 6 });
        expect(await cache.count(tx, PROBE, 'all', () => countProbe(tx))).toBe(3);
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    // A committed write that keeps the total: its version must not be the rolled-back one.
    await db.update(probe).set({ id: 1 }).where(eq(probe.id, 1));
    expect(await cache.count(db, PROBE, 'all', () => countProbe())).toBe(2);
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'gives a reader whose snapshot predates a write the total of that snapshot (PostgreSQL)',
    async () => {
      const cache = createCountCache();
      await app.db.transaction(
        async (tx) => {
          expect(await countProbe(tx)).toBe(2);
          // Another connection reads the version, a write commits, then it counts.
          const racing = async () => {
            await db.insert(probe).values({ id: 7 });
            return countProbe();
          };
          expect(await cache.count(db, PROBE, 'all', racing)).toBe(3);
          // Still at the old version: had the 3 been stored under it, this reader would get it.
          expect(await cache.count(tx, PROBE, 'all', () => countProbe(tx))).toBe(2);
        },
        { isolationLevel: 'repeatable read' },
      );
      await db.delete(probe).where(eq(probe.id, 7));
    },
  );

  it('forgets the least recently used total beyond maxEntries', async () => {
    const cache = createCountCache({ maxEntries: 2 });
    const compute = vi.fn(() => countProbe());
    const total = (key: string) => cache.count(db, PROBE, key, compute);
    await total('a');
    await total('b');
    await total('a'); // hit: 'a' is now the most recent
    await total('c'); // evicts 'b'
    expect(compute).toHaveBeenCalledTimes(3);
    await total('a');
    await total('c');
    expect(compute).toHaveBeenCalledTimes(3);
    await total('b');
    expect(compute).toHaveBeenCalledTimes(4);
  });

  it('counts every time for a list without a version row', async () => {
    const cache = createCountCache();
    const compute = vi.fn(async () => 42);
    expect(await cache.count(db, 'no_such_list', 'all', compute)).toBe(42);
    expect(await cache.count(db, 'no_such_list', 'all', compute)).toBe(42);
    expect(compute).toHaveBeenCalledTimes(2);
  });
});

describe('system integrator list totals with the count cache', () => {
  let app: FastifyInstance & { database: Database };
  /** A second server on the same database, as a second replica behind a load balancer. */
  let replica: FastifyInstance;
  let admin: ReturnType<typeof apiClient>;
  let lumioAdmin: ReturnType<typeof apiClient>;
  let integrator: ReturnType<typeof apiClient>;
  let replicaAdmin: ReturnType<typeof apiClient>;

  beforeAll(async () => {
    // Instances of one portal share the document key: the second factors are sealed with it.
    const documentKey = randomBytes(32).toString('base64');
    app = await buildTestApp({ DOCUMENT_ENCRYPTION_KEY: documentKey });
    const config = loadConfig({
      DOCUMENT_ENCRYPTION_KEY: documentKey,
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      PUBLIC_URL: 'http://localhost:8080',
      SEED_DEMO_DATA: 'true',
      DATA_DIR: 'memory://',
    });
    replica = await build({ config, database: app.database, logger: false });
    admin = apiClient(app, (await loginAs(app, DEMO.systemAdmin)).accessToken);
    lumioAdmin = apiClient(app, (await loginAs(app, DEMO.lumioAdmin)).accessToken);
    integrator = apiClient(app, (await loginAs(app, DEMO.integrator)).accessToken);
    replicaAdmin = apiClient(replica, (await loginAs(replica, DEMO.systemAdmin)).accessToken);
  });
  afterAll(async () => {
    await replica.close();
    await app.close();
  });

  async function totalOf(client: ReturnType<typeof apiClient>, query = '') {
    const res = await client.get(`/api/system-integrator${query}`);
    expect(res.statusCode).toBe(200);
    return res.json().totalItemCount as number;
  }

  async function version() {
    const [row] = await app.db
      .select({ version: listVersions.version })
      .from(listVersions)
      .where(eq(listVersions.name, 'system_integrators'));
    return row.version;
  }

  it('gives every app its own cache', () => {
    expect(replica.countCache).not.toBe(app.countCache);
  });

  it('shows the new total after a create', async () => {
    expect(await totalOf(lumioAdmin)).toBe(25);
    expect(await totalOf(lumioAdmin, '?filter=zaehlwerk')).toBe(0);
    const res = await admin.post('/api/system-integrator', { name: 'Zaehlwerk GmbH', code: 'ZAEHLWERK' });
    expect(res.statusCode).toBe(201);
    expect(await totalOf(lumioAdmin)).toBe(26);
    expect(await totalOf(lumioAdmin, '?filter=zaehlwerk')).toBe(1);
  });

  it('bumps the version on a rename, which keeps the total but changes filtered totals', async () => {
    const [created] = (await lumioAdmin.get('/api/system-integrator?filter=ZAEHLWERK')).json().items;
    expect(await totalOf(lumioAdmin, '?filter=umbenannt')).toBe(0);
    const before = await version();
    const res = await admin.put(`/api/system-integrator/${created.id}`, { name: 'Umbenannt GmbH' });
    expect(res.statusCode).toBe(200);
    expect(await version()).not.toBe(before);
    expect(await totalOf(lumioAdmin)).toBe(26);
    expect(await totalOf(lumioAdmin, '?filter=umbenannt')).toBe(1);
  });

  it("shows another replica's writes on the next list", async () => {
    expect(await totalOf(lumioAdmin)).toBe(26);
    expect(await totalOf(lumioAdmin, '?filter=replik')).toBe(0);
    const res = await replicaAdmin.post('/api/system-integrator', { name: 'Replik AG', code: 'REPLIK' });
    expect(res.statusCode).toBe(201);
    expect(await totalOf(lumioAdmin)).toBe(27);
    expect(await totalOf(lumioAdmin, '?filter=replik')).toBe(1);

    // Written with SQL, past every server's API.
    await app.db.insert(systemIntegrators).values({ name: 'Direkt per SQL KG', code: 'DIREKTSQL' });
    expect(await totalOf(lumioAdmin)).toBe(28);
    expect(await totalOf(replicaAdmin)).toBe(28);
    await app.db.delete(systemIntegrators).where(eq(systemIntegrators.code, 'DIREKTSQL'));
    expect(await totalOf(lumioAdmin)).toBe(27);
    expect(await totalOf(replicaAdmin)).toBe(27);
  });

  it('keeps the scope in the key: a system integrator admin still counts only its own one', async () => {
    expect(await totalOf(lumioAdmin)).toBe(27);
    expect(await totalOf(integrator)).toBe(1);
    expect(await totalOf(integrator, '?filter=replik')).toBe(0);
    expect(await totalOf(lumioAdmin, '?filter=replik')).toBe(1);
  });
});
