import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, DbOrTx } from '../../server/db/client';
import { systemIntegrators } from '../../server/db/schema';
import { asc, eq } from 'drizzle-orm';
import { pageOfMatches, planList, SEARCH_SEPARATOR, searchCondition, type PagingInput } from '../../server/lib/paging';
import { apiClient, buildTestApp, DEMO } from './helpers/app';
import { loginAs } from './helpers/login';

/**
 * A filtered list with a small total reads its page through `pageOfMatches` (a MATERIALIZED CTE
 * over the matches), any other list with the plain `order by … limit … offset …`. Both must give
 * the same items in the same order, the id tie-breaker included.
 */
const selection = { id: systemIntegrators.id, name: systemIntegrators.name, code: systemIntegrators.code };
const columns = { name: systemIntegrators.name, code: systemIntegrators.code };

function plan(q: PagingInput) {
  return planList(q, columns, [systemIntegrators.name, systemIntegrators.code], systemIntegrators.id, 'name');
}

/** The plain query, as the list runs it for large totals. */
function plainPage(db: DbOrTx, q: PagingInput) {
  const p = plan(q);
  return db
    .select(selection)
    .from(systemIntegrators)
    .where(p.where)
    .orderBy(...p.orderBy)
    .limit(p.limit)
    .offset(p.offset);
}

/** 300 rows; many share a name, so only the id decides their order. Two names hold odd characters. */
function generatedRows() {
  const trades = ['Fototechnik', 'FOTO-Service', 'Kassensysteme', 'Bildwerk', 'Müller Digital', '50% Rabatt'];
  const families = ['Schmidt', 'schmidt', 'Weber', 'Öztürk', 'Meyer_Sohn'];
  const forms = ['GmbH', 'OHG', 'UG (haftungsbeschränkt)'];
  return Array.from({ length: 300 }, (_, i) => ({
    name:
      i === 299
        ? `Trenn${SEARCH_SEPARATOR}Zeichen GmbH`
        : i === 298
          ? 'Back\\slash Foto OHG'
          : `${trades[i % trades.length]} ${families[(i >> 1) % families.length]} ${forms[i % forms.length]}`,
    code: `PLAN-${String((i * 7919) % 1000).padStart(3, '0')}-${i % 2 ? 'a' : 'B'}`,
  }));
}

/** Terms for the search-text column: case, umlauts, LIKE wildcards, and the separator itself. */
const searchTerms = [
  ...['schmidt', 'FOTO', 'plan-1', 'ü', 'ÖZTÜRK', '50%', 'meyer_', 'gmbh', 'nichts', '\\', ' ', '-a'],
  // Across the end of a name and the start of its code: no row holds that in one column.
  `gmbh${SEARCH_SEPARATOR}plan`,
  `${SEARCH_SEPARATOR}`,
  `trenn${SEARCH_SEPARATOR}zeichen`,
];

const filters = ['schmidt', 'FOTO', 'plan-1', 'ü', '50%', 'meyer_', 'gmbh', 'nichts'];
const orders = [undefined, 'name', 'name asc', 'name desc', 'code', 'code asc', 'code desc'];
const pages = [
  { pageIndex: 0, pageSize: 20 },
  { pageIndex: 2, pageSize: 20 },
  { pageIndex: 5, pageSize: 7 },
  { pageIndex: 0, pageSize: 100 },
  { pageIndex: 40, pageSize: 20 },
];

describe('system integrator list: page through the matches or in sort order', () => {
  let app: FastifyInstance & { database: Database };
  let db: DbOrTx;
  let lumioAdmin: ReturnType<typeof apiClient>;
  let systemAdmin: ReturnType<typeof apiClient>;

  beforeAll(async () => {
    app = await buildTestApp();
    db = app.db;
    await db.insert(systemIntegrators).values(generatedRows());
    lumioAdmin = apiClient(app, (await loginAs(app, DEMO.lumioAdmin)).accessToken);
    systemAdmin = apiClient(app, (await loginAs(app, DEMO.systemAdmin)).accessToken);
  });
  afterAll(() => app.close());

  it.each(filters)('gives the same pages for the filter %s with every order', async (filter) => {
    let nonEmpty = 0;
    for (const orderBy of orders) {
      for (const page of pages) {
        const q = { ...page, orderBy, filter };
        const expected = await plainPage(db, q);
        expect(await pageOfMatches(db, systemIntegrators, selection, plan(q)), JSON.stringify(q)).toEqual(expected);
        if (expected.length) nonEmpty++;
      }
    }
    // Every filter but "nichts" finds rows, so the comparison is not between empty pages.
    expect(nonEmpty > 0).toBe(filter !== 'nichts');
  });

  it.each(searchTerms)(
    'finds through the search-text column exactly what ILIKE on name or code finds: %j',
    async (term) => {
      const ids = (where: ReturnType<typeof searchCondition>) =>
        db.select({ id: systemIntegrators.id }).from(systemIntegrators).where(where).orderBy(asc(systemIntegrators.id));
      const byColumns = await ids(searchCondition(term, [systemIntegrators.name, systemIntegrators.code]));
      const bySearchText = await ids(
        searchCondition(term, {
          column: systemIntegrators.searchText,
          columns: [systemIntegrators.name, systemIntegrators.code],
        }),
      );
      expect(bySearchText).toEqual(byColumns);
      const expectedHits: Record<string, boolean> = { nichts: false, [`gmbh${SEARCH_SEPARATOR}plan`]: false };
      expect(byColumns.length > 0).toBe(expectedHits[term] ?? true);
    },
  );

  it('joins name and code in the search text with the separator the search relies on', async () => {
    const rows = await db
      .select({ name: systemIntegrators.name, code: systemIntegrators.code, searchText: systemIntegrators.searchText })
      .from(systemIntegrators)
      .where(eq(systemIntegrators.code, 'PLAN-000-B'));
    expect(rows).toHaveLength(1);
    const [row] = rows;
    expect(row.searchText).toBe(`${row.name.toLowerCase()}${SEARCH_SEPARATOR}${row.code.toLowerCase()}`);
  });

  it('searches a renamed system integrator by its new name only', async () => {
    const [row] = await db
      .insert(systemIntegrators)
      .values({ name: 'Altname Foto KG', code: 'RENAME-1' })
      .returning({ id: systemIntegrators.id });
    const res = await systemAdmin.put(`/api/system-integrator/${row.id}`, { name: 'Neuname Bild KG' });
    expect(res.statusCode).toBe(200);
    const found = async (filter: string) =>
      (await lumioAdmin.get(`/api/system-integrator?filter=${encodeURIComponent(filter)}`)).json().items;
    expect(await found('NEUNAME')).toEqual([{ id: row.id, name: 'Neuname Bild KG', code: 'RENAME-1' }]);
    expect(await found('altname')).toEqual([]);
    await db.delete(systemIntegrators).where(eq(systemIntegrators.id, row.id));
  });

  it('answers filtered API lists with the plain query’s items and order', async () => {
    for (const filter of ['schmidt', 'FOTO', 'ü', 'plan-0']) {
      for (const orderBy of ['name', 'name desc', 'code desc']) {
        const q = { pageIndex: 1, pageSize: 15, orderBy, filter };
        const res = await lumioAdmin.get(
          `/api/system-integrator?${new URLSearchParams({ ...q, pageIndex: '1', pageSize: '15' })}`,
        );
        expect(res.statusCode).toBe(200);
        const body = res.json();
        expect(body.items, JSON.stringify(q)).toEqual(await plainPage(db, q));
        expect(body.items.length).toBeGreaterThan(0);
      }
    }
  });
});
