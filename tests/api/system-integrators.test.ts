import { count } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemIntegrators } from '../../server/db/schema';
import { apiClient, buildTestApp, DEMO, errorOf } from './helpers/app';
import { loginAs } from './helpers/login';
import { snapshotTables } from './helpers/snapshot';

describe('system integrators API', () => {
  let app: FastifyInstance;
  let admin: ReturnType<typeof apiClient>;
  let lumioAdmin: ReturnType<typeof apiClient>;
  let integrator: ReturnType<typeof apiClient>;

  beforeAll(async () => {
    app = await buildTestApp();
    admin = apiClient(app, (await loginAs(app, DEMO.systemAdmin)).accessToken);
    lumioAdmin = apiClient(app, (await loginAs(app, DEMO.lumioAdmin)).accessToken);
    integrator = apiClient(app, (await loginAs(app, DEMO.integrator)).accessToken);
  });
  afterAll(() => app.close());

  async function total() {
    const [{ n }] = await app.db.select({ n: count() }).from(systemIntegrators);
    return n;
  }

  it('lists the first page of 20 sorted by name, with the total', async () => {
    const res = await lumioAdmin.get('/api/system-integrator');
    expect(res.statusCode).toBe(200);
    const page = res.json();
    expect(page).toMatchObject({ pageIndex: 0, pageSize: 20, orderBy: null, filter: null, totalItemCount: 25 });
    expect(page.items).toHaveLength(20);
    expect(page.items[0]).toMatchObject({ name: 'Alpenbild GmbH', code: 'ALPENBILD' });
  });

  it('pages, sorts descending by code and searches name and code case-insensitively', async () => {
    const second = (await lumioAdmin.get('/api/system-integrator?pageIndex=1&pageSize=20')).json();
    expect(second.items).toHaveLength(5);
    const byCode = (await lumioAdmin.get('/api/system-integrator?orderBy=code%20desc&pageSize=3')).json();
    expect(byCode.items.map((i: { code: string }) => i.code)).toEqual(['WESERIMG', 'STMEYER', 'SPREEBIO']);
    const search = (await lumioAdmin.get('/api/system-integrator?filter=fotosoft')).json();
    expect(search.totalItemCount).toBe(1);
    expect(search.items[0]).toMatchObject({ name: 'FotoSoft GmbH', code: 'FOTOSOFT' });
    expect(search.filter).toBe('fotosoft');
  });

  it('treats LIKE wildcards in the search as plain text', async () => {
    const res = (await lumioAdmin.get('/api/system-integrator?filter=%25')).json();
    expect(res.totalItemCount).toBe(0);
  });

  it('shows a system integrator admin only its own system integrator', async () => {
    const res = (await integrator.get('/api/system-integrator')).json();
    expect(res.totalItemCount).toBe(1);
    expect(res.items[0].code).toBe('FOTOSOFT');
  });

  it.each([
    ['orderBy=password', 'orderBy'],
    ['orderBy=name;drop table users', 'orderBy'],
    ['pageSize=101', 'pageSize'],
    ['pageSize=0', 'pageSize'],
    ['pageIndex=-1', 'pageIndex'],
    ['pageIndex=abc', 'pageIndex'],
    ['unknown=1', 'unknown'],
  ])('refuses the query %s with a validation error', async (query, field) => {
    const res = await lumioAdmin.get(`/api/system-integrator?${query}`);
    expect(res.statusCode).toBe(400);
    const body = errorOf(res);
    expect(body.errorCode).toBe('VALIDATION_FAILED');
    expect(body.messages[0]).toContain(field);
    expect(res.body).not.toMatch(/select|drizzle|stack|at \w+ \(/i);
  });

  it('creates a system integrator (SystemAdmin) and reads it back', async () => {
    const res = await admin.post('/api/system-integrator', { name: '  Neue Integration GmbH ', code: 'NEUINT' });
    expect(res.statusCode).toBe(201);
    const created = res.json();
    expect(created).toMatchObject({ name: 'Neue Integration GmbH', code: 'NEUINT' });
    const read = await lumioAdmin.get(`/api/system-integrator/${created.id}`);
    expect(read.json()).toEqual(created);
  });

  it('refuses a duplicate code with 409 "Code already in use" and writes nothing', async () => {
    const before = await snapshotTables(app);
    const res = await admin.post('/api/system-integrator', { name: 'Doppelt GmbH', code: 'FOTOSOFT' });
    expect(res.statusCode).toBe(409);
    expect(errorOf(res).messages).toEqual(['Code already in use']);
    expect(await snapshotTables(app)).toEqual(before);
  });

  it.each([
    [{ name: '', code: 'LEER' }, 'name'],
    [{ code: 'OHNENAME' }, 'name'],
    [{ name: 'Ohne Code GmbH' }, 'code'],
    [{ name: 'Falscher Typ', code: 42 }, 'code'],
    [{ name: 'x'.repeat(201), code: 'LANG' }, 'name'],
    [{ name: 'Zu langer Code', code: 'C'.repeat(51) }, 'code'],
    [{ name: 'Fremdes Feld', code: 'FREMD', id: '00000000-0000-0000-0000-000000000000' }, 'id'],
  ])('refuses the body %j with 400 and writes nothing', async (body, field) => {
    const before = await total();
    const res = await admin.post('/api/system-integrator', body);
    expect(res.statusCode).toBe(400);
    const error = errorOf(res);
    expect(error.errorCode).toBe('VALIDATION_FAILED');
    expect(error.messages.join(' ')).toContain(field);
    expect(await total()).toBe(before);
  });

  it('words validation failures in German, one message per field', async () => {
    const res = await admin.post('/api/system-integrator', { name: '', code: 42, extra: true });
    expect(errorOf(res).messages).toEqual([
      'name: Bitte geben Sie einen Namen ein.',
      'code: Bitte geben Sie eine Kennung ein.',
      'extra: Unbekanntes Feld',
    ]);
  });

  it('refuses malformed JSON with 400', async () => {
    const res = await admin.post('/api/system-integrator', '{"name": "kaputt",', {
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res)).toMatchObject({ errorCode: 'MALFORMED_JSON', messages: ['Malformed JSON'] });
  });

  it('refuses an oversized body with 413', async () => {
    const res = await admin.post('/api/system-integrator', { name: 'x'.repeat(300 * 1024), code: 'GROSS' });
    expect(res.statusCode).toBe(413);
    expect(errorOf(res).messages).toEqual(['Payload too large']);
  });

  it('renames with PUT and keeps the code', async () => {
    const [{ id }] = (await lumioAdmin.get('/api/system-integrator?filter=ALPENBILD')).json().items;
    const res = await admin.put(`/api/system-integrator/${id}`, { name: 'Alpenbild Systeme GmbH' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id, name: 'Alpenbild Systeme GmbH', code: 'ALPENBILD' });
  });

  it('refuses a code change on PUT (only the name may change)', async () => {
    const [{ id }] = (await lumioAdmin.get('/api/system-integrator?filter=ISARBILD')).json().items;
    const res = await admin.put(`/api/system-integrator/${id}`, { name: 'Isar', code: 'NEU' });
    expect(res.statusCode).toBe(400);
    expect((await lumioAdmin.get(`/api/system-integrator/${id}`)).json().code).toBe('ISARBILD');
  });

  it('answers an unknown id with 404 and a malformed id with 400', async () => {
    const unknown = await lumioAdmin.get('/api/system-integrator/6f1c8f0e-6b7e-4c1e-9a53-0d6c3f5b9a11');
    expect(unknown.statusCode).toBe(404);
    expect(errorOf(unknown).messages).toEqual(['Unknown system integrator']);
    const malformed = await lumioAdmin.get('/api/system-integrator/not-a-uuid');
    expect(malformed.statusCode).toBe(400);
    expect(errorOf(malformed).messages).toEqual(['Invalid system integrator id']);
    const put = await admin.put('/api/system-integrator/6f1c8f0e-6b7e-4c1e-9a53-0d6c3f5b9a11', { name: 'Niemand' });
    expect(put.statusCode).toBe(404);
  });
});
