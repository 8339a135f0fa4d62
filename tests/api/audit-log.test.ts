import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, companies, users } from '../../server/db/schema';
import { AUDIT_LOG_CSV_BATCH, AUDIT_LOG_CSV_COLUMNS } from '../../server/modules/audit/audit-log-csv';
import { AUDIT_LOG_TEXTS } from '../../src/domain/auditLog';
import { apiClient, buildTestApp, DEMO, errorOf } from './helpers/app';
import { parseCsv } from './helpers/csv';
import { loginAs } from './helpers/login';
import { snapshotTables } from './helpers/snapshot';
import { buildCompany } from './helpers/usage';

type Client = ReturnType<typeof apiClient>;
interface LogPage {
  totalItemCount: number;
  items: {
    at: string;
    action: string;
    actorId: string | null;
    companyId: string | null;
    companyName: string | null;
    subject: string | null;
    actor: { name: string } | null;
  }[];
}

describe('the audit log (GET /api/audit)', () => {
  let app: FastifyInstance;
  let systemAdmin: Client;
  let lumioAdmin: Client;
  let owner: Client;
  let sonnenschein: string;
  let other: string;
  let ownerId: string;

  /** Audit rows written directly: both ends of 29 March 2026 in Berlin (the day summer time began, 23 hours long), two companies. */
  const rows = () => [
    { at: new Date('2026-03-28T23:30:00Z'), action: 'store.updated', company: sonnenschein }, // 29 March, 00:30 CET
    { at: new Date('2026-03-29T21:59:00Z'), action: 'store.created', company: sonnenschein }, // 29 March, 23:59 CEST
    { at: new Date('2026-03-29T22:01:00Z'), action: 'store.deleted', company: sonnenschein }, // 30 March, 00:01 CEST
    { at: new Date('2026-03-29T12:00:00Z'), action: 'company.updated', company: other },
  ];

  beforeAll(async () => {
    app = await buildTestApp();
    const client = async (email: string) => apiClient(app, (await loginAs(app, email)).accessToken);
    systemAdmin = await client(DEMO.systemAdmin);
    lumioAdmin = await client(DEMO.lumioAdmin);
    owner = await client(DEMO.owner);
    const [row] = await app.db.select().from(companies).where(eq(companies.name, 'Fotostudio Sonnenschein GmbH'));
    sonnenschein = row.id;
    other = (await buildCompany(app, 'Protokoll Fremd GmbH')).company.id;
    const [ownerRow] = await app.db.select().from(users).where(eq(users.email, DEMO.owner));
    ownerId = ownerRow.id;
    await app.db.insert(auditEvents).values(
      rows().map((r) => ({
        at: r.at,
        action: r.action,
        actorId: ownerId,
        actorEmail: DEMO.owner,
        actorRole: 'Owner',
        entityType: r.action.split('.')[0],
        entityId: '00000000-0000-4000-8000-000000000001',
        companyId: r.company,
        after: { name: `Protokoll ${r.action}` },
      })),
    );
  });

  afterAll(async () => {
    await app.close();
  });

  const page = async (client: Client, query: string) => {
    const res = await client.get(`/api/audit?${query}`);
    expect(res.statusCode).toBe(200);
    return res.json() as LogPage;
  };

  it('gives the provider’s administrators every row, newest first, with actor, subject and company', async () => {
    for (const admin of [systemAdmin, lumioAdmin]) {
      const all = await page(admin, 'pageSize=100');
      const total = await app.db.$count(auditEvents);
      expect(all.totalItemCount).toBe(total);
      const times = all.items.map((item) => item.at);
      expect(times).toEqual([...times].sort().reverse());
      const day = await page(admin, 'from=2026-03-29&to=2026-03-29');
      expect(day.items.map((item) => item.action)).toEqual(['store.created', 'company.updated', 'store.updated']);
      expect(day.items[0]).toEqual(
        expect.objectContaining({
          actorId: ownerId,
          companyId: sonnenschein,
          companyName: 'Fotostudio Sonnenschein GmbH',
          subject: 'Protokoll store.created',
          actor: expect.objectContaining({ name: expect.any(String) }),
        }),
      );
    }
  });

  it('takes days as Germany’s calendar days, the end day included', async () => {
    const march30 = await page(lumioAdmin, 'from=2026-03-30&to=2026-03-30');
    expect(march30.items.map((item) => item.action)).toEqual(['store.deleted']);
    const march28 = await page(lumioAdmin, 'from=2026-03-28&to=2026-03-28');
    expect(march28.items).toEqual([]);
  });

  it('filters by actor, company and action, and pages on the server', async () => {
    const byAction = await page(lumioAdmin, 'action=company.updated&companyId=' + other);
    expect(byAction.items.map((item) => item.companyName)).toEqual(['Protokoll Fremd GmbH']);
    const byActor = await page(lumioAdmin, `actorId=${ownerId}&from=2026-03-01&to=2026-03-31&pageSize=2`);
    expect(byActor.totalItemCount).toBe(4);
    expect(byActor.items.map((item) => item.action)).toEqual(['store.deleted', 'store.created']);
    const second = await page(lumioAdmin, `actorId=${ownerId}&from=2026-03-01&to=2026-03-31&pageSize=2&pageIndex=1`);
    expect(second.items.map((item) => item.action)).toEqual(['company.updated', 'store.updated']);
    expect([...byActor.items, ...second.items].map((item) => item.action).sort()).toEqual(
      ['company.updated', 'store.created', 'store.deleted', 'store.updated'].sort(),
    );
  });

  it('shows an Owner only their company’s rows and refuses another company’s', async () => {
    const own = await page(owner, 'from=2026-03-01&to=2026-03-31');
    expect(own.items.map((item) => item.action)).toEqual(['store.deleted', 'store.created', 'store.updated']);
    expect(own.items.every((item) => item.companyId === sonnenschein)).toBe(true);
    const foreign = await owner.get(`/api/audit?companyId=${other}`);
    expect(foreign.statusCode).toBe(403);
    expect(errorOf(foreign).status).toBe(403);
  });

  it.each([
    ['from=2026-02-30', AUDIT_LOG_TEXTS.dateInvalid],
    ['from=2026-03-02&to=2026-03-01', AUDIT_LOG_TEXTS.periodReversed],
    ['action=user.hacked', AUDIT_LOG_TEXTS.actionUnknown],
    ['actorId=abc', AUDIT_LOG_TEXTS.actorInvalid],
    ['companyId=abc', AUDIT_LOG_TEXTS.companyInvalid],
    ['sort=at', ''],
  ])('answers %s with 400 and the error body, and changes nothing', async (query, message) => {
    const before = await snapshotTables(app);
    const res = await lumioAdmin.get(`/api/audit?${query}`);
    expect(res.statusCode).toBe(400);
    const body = errorOf(res);
    expect(body.status).toBe(400);
    if (message) expect(body.messages.join(' ')).toContain(message);
    expect(await snapshotTables(app)).toEqual(before);
  });

  it('exports the filtered log as CSV: German headers and actions, Germany’s time, every row across batches', async () => {
    // More rows than one batch of the export, all at one instant: the batches must neither skip nor repeat.
    const at = new Date('2026-02-10T09:30:15.123Z');
    await app.db.insert(auditEvents).values(
      Array.from({ length: AUDIT_LOG_CSV_BATCH + 5 }, () => ({
        at,
        action: 'license.updated',
        actorId: null,
        entityType: 'license',
        entityId: '00000000-0000-4000-8000-000000000002',
        companyId: sonnenschein,
        after: { name: '=HYPERLINK("x")' },
      })),
    );

    const res = await lumioAdmin.get('/api/audit/csv?from=2026-02-10&to=2026-02-10');

    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toContain('attachment');
    const text = res.rawPayload.toString('utf8');
    expect(text.startsWith('\uFEFF')).toBe(true);
    const [header, ...lines] = parseCsv(text.slice(1)).filter((record) => record.length > 1);
    expect(header).toEqual([...AUDIT_LOG_CSV_COLUMNS]);
    expect(lines).toHaveLength(AUDIT_LOG_CSV_BATCH + 5);
    expect(lines[0]).toEqual([
      '10.02.2026 10:30:15',
      'Lumio (automatisch)',
      '',
      'Lizenz geändert',
      `'=HYPERLINK("x")`,
      'Fotostudio Sonnenschein GmbH',
      'license',
      '00000000-0000-4000-8000-000000000002',
    ]);
  });

  it('exports an Owner only their company’s rows and refuses another company’s, as the list', async () => {
    const own = await owner.get('/api/audit/csv?from=2026-03-01&to=2026-03-31');
    expect(own.statusCode).toBe(200);
    const [, ...lines] = parseCsv(own.rawPayload.toString('utf8').slice(1)).filter((record) => record.length > 1);
    expect(lines.map((line) => line[3])).toEqual(['Studio gelöscht', 'Studio hinzugefügt', 'Studio geändert']);
    const foreign = await owner.get(`/api/audit/csv?companyId=${other}`);
    expect(foreign.statusCode).toBe(403);
    expect(errorOf(foreign).status).toBe(403);
    const bad = await lumioAdmin.get('/api/audit/csv?from=2026-03-02&to=2026-03-01');
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad).messages.join(' ')).toContain(AUDIT_LOG_TEXTS.periodReversed);
  });

  it('has no route that changes or deletes audit rows', async () => {
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE'] as const) {
      const res = await app.inject({ method, url: '/api/audit' });
      expect([401, 403, 404, 405]).toContain(res.statusCode);
    }
  });
});
