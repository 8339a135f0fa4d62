import { HttpError } from 'ra-core';
import { describe, expect, it, vi } from 'vitest';
import { createDataProvider, readCookie, toListQuery, toOrderBy } from '../../src/dataProvider';
import { shouldRetry } from '../../src/dataProvider/queryClient';
import type { Self } from '../../src/domain/self';

interface Call {
  url: string;
  method: string;
  headers: Headers;
  body: unknown;
}

function jsonResponse(status: number, body?: unknown): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
  });
}

const page = (items: unknown[], totalItemCount = items.length) => ({
  pageIndex: 0,
  pageSize: 20,
  orderBy: null,
  filter: null,
  totalItemCount,
  items,
});

function setup({
  answer = jsonResponse(200, page([])),
  token = 'access-token' as string | null,
  cookies = 'other=1; XSRF-TOKEN=xsrf-value; last=2',
} = {}) {
  const calls: Call[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    calls.push({
      url: String(input),
      method: init?.method ?? 'GET',
      headers: new Headers(init?.headers),
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : init?.body,
    });
    return answer.clone();
  });
  const getToken = vi.fn(async () => token ?? undefined);
  const dataProvider = createDataProvider({ apiUrl: '/api', getToken, fetch, readCookies: () => cookies });
  return { dataProvider, calls, fetch, getToken };
}

const listParams = {
  pagination: { page: 1, perPage: 20 },
  sort: { field: 'id', order: 'ASC' as const },
  filter: {},
};

describe('paging query', () => {
  it('omits pageIndex on the first page and sends page − 1 after it', () => {
    expect(toListQuery({ pagination: { page: 1, perPage: 20 } }).toString()).toBe('pageSize=20');
    expect(toListQuery({ pagination: { page: 3, perPage: 50 } }).toString()).toBe('pageIndex=2&pageSize=50');
  });

  it('turns the sort into orderBy "field" or "field desc"', () => {
    expect(toOrderBy({ field: 'name', order: 'ASC' })).toBe('name');
    expect(toOrderBy({ field: 'code', order: 'DESC' })).toBe('code desc');
  });

  it('sends no orderBy for react-admin’s default sort by id', () => {
    expect(toOrderBy({ field: 'id', order: 'ASC' })).toBeUndefined();
    expect(toListQuery({ ...listParams }).has('orderBy')).toBe(false);
  });

  it('sends the search text q as filter, trimmed, and leaves out an empty one', () => {
    expect(toListQuery({ filter: { q: '  Foto  ' } }).get('filter')).toBe('Foto');
    expect(toListQuery({ filter: { q: '   ' } }).has('filter')).toBe(false);
    expect(toListQuery({ filter: { q: '' } }).has('filter')).toBe(false);
  });

  it('passes other truthy filter values under their own names, drops falsy ones', () => {
    const query = toListQuery({ filter: { toApprove: true, archived: false, empty: '', zero: 0 } });
    expect(query.get('toApprove')).toBe('true');
    expect([...query.keys()]).toEqual(['pageSize', 'toApprove']);
  });

  it('does not repeat filter values that filled the path', () => {
    const query = toListQuery({ filter: { companyId: 'c1', q: 'x' }, consumedKeys: ['companyId'] });
    expect(query.has('companyId')).toBe(false);
  });
});

describe('getList', () => {
  it('calls the mapped path with the paging query and maps the paged answer', async () => {
    const { dataProvider, calls } = setup({
      answer: jsonResponse(200, page([{ id: 'a', name: 'FotoSoft GmbH', code: 'FOTOSOFT' }], 42)),
    });
    const result = await dataProvider.getList('system-integrators', {
      pagination: { page: 2, perPage: 20 },
      sort: { field: 'name', order: 'DESC' },
      filter: { q: 'foto' },
    });
    expect(calls[0].url).toBe('/api/system-integrator?pageIndex=1&pageSize=20&orderBy=name+desc&filter=foto');
    expect(calls[0].method).toBe('GET');
    expect(result).toEqual({ data: [{ id: 'a', name: 'FotoSoft GmbH', code: 'FOTOSOFT' }], total: 42 });
  });

  it('fills parent ids of the path template from meta, then from the filter', async () => {
    const { dataProvider, calls } = setup();
    await dataProvider.getList('stores', { ...listParams, meta: { companyId: 'c-1' } });
    await dataProvider.getList('stores', { ...listParams, filter: { companyId: 'c-2', q: 'Mitte' } });
    expect(calls.map((c) => c.url)).toEqual([
      '/api/company/c-1/store?pageSize=20',
      '/api/company/c-2/store?pageSize=20&filter=Mitte',
    ]);
  });

  it('refuses to call a path with a missing parent id', async () => {
    const { dataProvider, fetch } = setup();
    await expect(dataProvider.getList('stores', listParams)).rejects.toThrow(/companyId/);
    expect(fetch).not.toHaveBeenCalled();
  });

  it('refuses a resource that is not in the path map', async () => {
    const { dataProvider } = setup();
    await expect(dataProvider.getList('unknown-things', listParams)).rejects.toThrow(/unknown-things/);
  });
});

describe('getManyReference', () => {
  it('uses the target as the path’s parent id', async () => {
    const { dataProvider, calls } = setup({ answer: jsonResponse(200, page([{ id: 's1' }], 1)) });
    const result = await dataProvider.getManyReference('stores', {
      target: 'companyId',
      id: 'c-9',
      ...listParams,
    });
    expect(calls[0].url).toBe('/api/company/c-9/store?pageSize=20');
    expect(result).toEqual({ data: [{ id: 's1' }], total: 1 });
  });
});

describe('getOne and getMany', () => {
  it('reads one record by id', async () => {
    const record = { id: 'si 1', name: 'FotoSoft GmbH', code: 'FOTOSOFT' };
    const { dataProvider, calls } = setup({ answer: jsonResponse(200, record) });
    const result = await dataProvider.getOne('system-integrators', { id: 'si 1' });
    expect(calls[0].url).toBe('/api/system-integrator/si%201');
    expect(result.data).toEqual(record);
  });

  it('reads many records with one GET per id', async () => {
    const { dataProvider, calls } = setup({ answer: jsonResponse(200, { id: 'x' }) });
    const result = await dataProvider.getMany('system-integrators', { ids: ['a', 'b'] });
    expect(calls.map((c) => c.url)).toEqual(['/api/system-integrator/a', '/api/system-integrator/b']);
    expect(result.data).toHaveLength(2);
  });
});

describe('create, update, delete', () => {
  it('POSTs only the fields the API accepts and returns the created record', async () => {
    const created = { id: 'new', name: 'Neu GmbH', code: 'NEU' };
    const { dataProvider, calls } = setup({ answer: jsonResponse(201, created) });
    const result = await dataProvider.create('system-integrators', {
      data: { name: 'Neu GmbH', code: 'NEU', extra: 'drop me' },
    });
    expect(calls[0].method).toBe('POST');
    expect(calls[0].url).toBe('/api/system-integrator');
    expect(calls[0].body).toEqual({ name: 'Neu GmbH', code: 'NEU' });
    expect(calls[0].headers.get('Content-Type')).toBe('application/json');
    expect(result.data).toEqual(created);
  });

  it('PUTs the updatable fields to the record’s path', async () => {
    const { dataProvider, calls } = setup({ answer: jsonResponse(200, { id: 'a', name: 'Neuer Name', code: 'A' }) });
    const result = await dataProvider.update('system-integrators', {
      id: 'a',
      data: { id: 'a', name: 'Neuer Name', code: 'A' },
      previousData: { id: 'a', name: 'Alt', code: 'A' },
    });
    expect(calls[0].method).toBe('PUT');
    expect(calls[0].url).toBe('/api/system-integrator/a');
    expect(calls[0].body).toEqual({ name: 'Neuer Name' });
    expect(result.data).toEqual({ id: 'a', name: 'Neuer Name', code: 'A' });
  });

  it('without a field list sends the record minus id and parent ids; a 204 keeps the sent data', async () => {
    const { dataProvider, calls } = setup({ answer: jsonResponse(204) });
    const result = await dataProvider.update('company-users', {
      id: 'u1',
      data: { id: 'u1', companyId: 'c1', firstName: 'Maria', lastName: 'Mitarbeit' },
      previousData: { id: 'u1', companyId: 'c1', firstName: 'Marie', lastName: 'Mitarbeit' },
    });
    expect(calls[0].url).toBe('/api/company/c1/user/u1');
    expect(calls[0].body).toEqual({ firstName: 'Maria', lastName: 'Mitarbeit' });
    expect(result.data).toMatchObject({ id: 'u1', firstName: 'Maria' });
  });

  it('sends a studio’s fields and its system integrator, never the answer’s integrator object', async () => {
    const { dataProvider, calls } = setup({ answer: jsonResponse(201, { id: 's2' }) });
    await dataProvider.create('stores', {
      data: { name: 'Mitte', address: 'Hauptstr. 1', country: 'Deutschland', systemIntegratorId: 'si-1' },
      meta: { companyId: 'c1' },
    });
    const previousData = {
      id: 's2',
      name: 'Mitte',
      address: 'Hauptstr. 1',
      country: 'Deutschland',
      systemIntegratorId: 'si-1',
      systemIntegrator: { id: 'si-1', name: 'FotoSoft GmbH', code: 'FOTOSOFT' },
    };
    await dataProvider.update('stores', {
      id: 's2',
      data: { ...previousData, systemIntegratorId: null },
      previousData,
      meta: { companyId: 'c1' },
    });
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual([
      'POST /api/company/c1/store',
      'PUT /api/company/c1/store/s2',
    ]);
    const fields = { name: 'Mitte', address: 'Hauptstr. 1', country: 'Deutschland' };
    expect(calls[0].body).toEqual({ ...fields, systemIntegratorId: 'si-1' });
    expect(calls[1].body).toEqual({ ...fields, systemIntegratorId: null });
  });

  it('reads a page of the company history', async () => {
    const page = { pageIndex: 0, pageSize: 10, totalItemCount: 0, items: [] };
    const { dataProvider, calls } = setup({ answer: jsonResponse(200, page) });
    expect(await dataProvider.getCompanyHistory('c1', { pageIndex: 0, pageSize: 10 })).toEqual(page);
    expect(calls[0].url).toBe('/api/company/c1/history?pageIndex=0&pageSize=10');
  });

  it("resets another user's second factor with DELETE /api/user/{id}/second-factor", async () => {
    const { dataProvider, calls } = setup({ answer: jsonResponse(204) });
    await expect(dataProvider.resetSecondFactor('u 1')).resolves.toBeUndefined();
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual(['DELETE /api/user/u%201/second-factor']);
  });

  it("calls the company's decisions about its people by their paths", async () => {
    const { dataProvider, calls } = setup({ answer: jsonResponse(200, page([], 3)) });
    expect(await dataProvider.getPendingEmployeeCount('c1')).toBe(3);
    await dataProvider.decideEmployee('c1', 'u1', 'Rejected');
    await dataProvider.changeEmployeeRole('c1', 'u1', 'AccountAdministrator');
    await dataProvider.getEmployeeHistory('c1', 'u1', { pageIndex: 0, pageSize: 10 });
    await dataProvider.delete('employees', { id: 'u1', previousData: { id: 'u1' }, meta: { companyId: 'c1' } });
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual([
      'GET /api/company/c1/user?toApprove=true&pageSize=1',
      'PUT /api/company/c1/user/u1/status',
      'PUT /api/company/c1/user/u1/role',
      'GET /api/company/c1/user/u1/history?pageIndex=0&pageSize=10',
      'DELETE /api/company/c1/user/u1',
    ]);
    expect(calls[1].body).toEqual({ status: 'Rejected' });
    expect(calls[2].body).toEqual({ role: 'AccountAdministrator' });
  });

  it('reads the licence levels and writes licences and packages by their paths (issue 13)', async () => {
    const { dataProvider, calls } = setup({ answer: jsonResponse(200, page([], 0)) });
    await dataProvider.getList('license-studios', { ...listParams, meta: { companyId: 'c1' } });
    await dataProvider.getList('studio-licenses', {
      ...listParams,
      sort: { field: 'key', order: 'ASC' },
      filter: { q: 'pc-01' },
      meta: { companyId: 'c1', storeId: 's1' },
    });
    await dataProvider.getList('prepaid-packages', {
      ...listParams,
      sort: { field: 'startDate', order: 'DESC' },
      meta: { licenseId: 'l1' },
    });
    await dataProvider.create('licenses', {
      data: { storeId: 's1', systemIntegratorId: 'si', resellerId: null, postpaidAllowed: true, extra: 1 },
    });
    const license = { id: 'l1', key: 'K', postpaidAllowed: true, boundMachineId: null, suspended: false };
    await dataProvider.update('licenses', {
      id: 'l1',
      data: { ...license, boundMachineId: 'pc-01', suspended: true },
      previousData: license,
    });
    await dataProvider.create('prepaid-packages', {
      data: { startDate: '2026-12-01', endDate: '2027-05-31', amount: 500 },
      meta: { licenseId: 'l1' },
    });
    const pkg = { id: 'p1', startDate: '2026-12-01', endDate: '2027-05-31', amount: 500, usedAmount: 0 };
    await dataProvider.update('prepaid-packages', {
      id: 'p1',
      data: { ...pkg, suspended: true, remainingAmount: 500 },
      previousData: pkg,
      meta: { licenseId: 'l1' },
    });
    await dataProvider.increasePackageAmount('l1', 'p1', { amount: 50 });
    await dataProvider.getLicenseHistory('l1', { pageIndex: 0, pageSize: 10 });
    await dataProvider.getPackageHistory('l1', 'p1', { pageIndex: 0, pageSize: 10 });
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual([
      'GET /api/company/c1/store?pageSize=20',
      'GET /api/company/c1/store/s1/license?pageSize=20&orderBy=key&filter=pc-01',
      'GET /api/license/l1/prepaid-package?pageSize=20&orderBy=startDate+desc',
      'POST /api/license',
      'PUT /api/license/l1',
      'POST /api/license/l1/prepaid-package',
      'PUT /api/license/l1/prepaid-package/p1',
      'PUT /api/license/l1/prepaid-package/p1/amount/increase',
      'GET /api/license/l1/history?pageIndex=0&pageSize=10',
      'GET /api/license/l1/prepaid-package/p1/history?pageIndex=0&pageSize=10',
    ]);
    expect(calls[3].body).toEqual({ storeId: 's1', systemIntegratorId: 'si', resellerId: null, postpaidAllowed: true });
    expect(calls[4].body).toEqual({ postpaidAllowed: true, boundMachineId: 'pc-01', suspended: true });
    expect(calls[5].body).toEqual({ startDate: '2026-12-01', endDate: '2027-05-31', amount: 500 });
    expect(calls[6].body).toEqual({
      startDate: '2026-12-01',
      endDate: '2027-05-31',
      suspended: true,
      amount: 500,
      remainingAmount: 500,
    });
    expect(calls[7].body).toEqual({ amount: 50 });
  });

  it('DELETEs by id and returns the previous record', async () => {
    const { dataProvider, calls } = setup({ answer: jsonResponse(204) });
    const previousData = { id: 's1', companyId: 'c1', name: 'Mitte' };
    const result = await dataProvider.delete('stores', { id: 's1', previousData });
    expect(calls[0].method).toBe('DELETE');
    expect(calls[0].url).toBe('/api/company/c1/store/s1');
    expect(result.data).toEqual(previousData);
  });

  it('deletes many with one DELETE per id', async () => {
    const { dataProvider, calls } = setup({ answer: jsonResponse(204) });
    const result = await dataProvider.deleteMany('resellers', {
      ids: ['r1', 'r2'],
      meta: { systemIntegratorId: 'si' },
    });
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual([
      'DELETE /api/system-integrator/si/reseller/r1',
      'DELETE /api/system-integrator/si/reseller/r2',
    ]);
    expect(result.data).toEqual(['r1', 'r2']);
  });
});

describe('headers', () => {
  it('sends the bearer token, fetched fresh for every call', async () => {
    const { dataProvider, calls, getToken } = setup();
    await dataProvider.getList('system-integrators', listParams);
    await dataProvider.getList('system-integrators', listParams);
    expect(getToken).toHaveBeenCalledTimes(2);
    expect(calls[0].headers.get('Authorization')).toBe('Bearer access-token');
  });

  it('sends no Authorization header without a token', async () => {
    const { dataProvider, calls } = setup({ token: null });
    await dataProvider.getList('system-integrators', listParams);
    expect(calls[0].headers.has('Authorization')).toBe(false);
  });

  it('copies the XSRF-TOKEN cookie into X-XSRF-TOKEN for POST, PUT and DELETE but not for GET', async () => {
    const { dataProvider, calls } = setup({ answer: jsonResponse(200, { id: 'a' }) });
    await dataProvider.getOne('system-integrators', { id: 'a' });
    await dataProvider.create('system-integrators', { data: { name: 'N', code: 'C' } });
    await dataProvider.update('system-integrators', { id: 'a', data: { name: 'N' }, previousData: { id: 'a' } });
    await dataProvider.delete('system-integrators', { id: 'a', previousData: { id: 'a' } });
    expect(calls.map((c) => [c.method, c.headers.get('X-XSRF-TOKEN')])).toEqual([
      ['GET', null],
      ['POST', 'xsrf-value'],
      ['PUT', 'xsrf-value'],
      ['DELETE', 'xsrf-value'],
    ]);
  });

  it('reads a URL-encoded cookie value', () => {
    expect(readCookie('a=1; XSRF-TOKEN=ab%3Dcd', 'XSRF-TOKEN')).toBe('ab=cd');
    expect(readCookie('a=1', 'XSRF-TOKEN')).toBeUndefined();
  });
});

describe('errors', () => {
  it('turns the error body into an HttpError with messages[0] and the body', async () => {
    const body = { errorCode: 'CONFLICT', messages: ['Code already in use'], traceId: 't-1', status: 409 };
    const { dataProvider } = setup({ answer: jsonResponse(409, body) });
    const error = await dataProvider
      .create('system-integrators', { data: { name: 'N', code: 'FOTOSOFT' } })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({ message: 'Code already in use', status: 409, body });
  });

  it('falls back to the status text when the answer has no error body', async () => {
    const { dataProvider } = setup({ answer: new Response('<html>', { status: 502, statusText: 'Bad Gateway' }) });
    await expect(dataProvider.getOne('system-integrators', { id: 'a' })).rejects.toMatchObject({
      message: 'Bad Gateway',
      status: 502,
    });
  });

  it('reports a network failure with a translatable German message key', async () => {
    const fetch = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    const dataProvider = createDataProvider({ apiUrl: '/api', getToken: async () => 't', fetch });
    await expect(dataProvider.getSelf()).rejects.toMatchObject({ message: 'ra.notification.http_error', status: 0 });
  });
});

describe('named calls', () => {
  it('getSelf reads GET /self', async () => {
    const self = { id: 'u1', role: 'Owner', status: 'VerifiedAndApproved', associatedEntity: { id: 'c1' } };
    const { dataProvider, calls } = setup({ answer: jsonResponse(200, self) });
    await expect(dataProvider.getSelf()).resolves.toEqual(self);
    expect(calls[0].url).toBe('/api/self');
  });

  it('getSelf passes a 401 on as HttpError with status 401', async () => {
    const body = { errorCode: 'UNAUTHORIZED', messages: ['Unauthorized'], traceId: 't', status: 401 };
    const { dataProvider } = setup({ answer: jsonResponse(401, body) });
    await expect(dataProvider.getSelf()).rejects.toMatchObject({ status: 401, message: 'Unauthorized' });
  });

  it('getOpenApplicationCount reads the totalItemCount of a page of size 1', async () => {
    const { dataProvider, calls } = setup({ answer: jsonResponse(200, page([{ id: 'x' }], 7)) });
    await expect(dataProvider.getOpenApplicationCount()).resolves.toBe(7);
    expect(calls[0].url).toBe('/api/company-application?pageSize=1');
  });

  const selfOf = (role: Self['role']): Self => ({
    id: 'u1',
    firstName: 'Lea',
    lastName: 'Neumann',
    salutation: null,
    email: 'lea@studio.example',
    birthDate: null,
    role,
    status: 'Unverified',
    associatedEntity: { id: 'c1' },
  });

  it('updateOwnPersonalData puts the personal data to the own company user', async () => {
    const { dataProvider, calls } = setup({ answer: jsonResponse(200, selfOf('Employee')) });
    const data = { salutation: 'Frau', firstName: 'Lea', lastName: 'Neu', birthDate: '1995-06-30' };
    await dataProvider.updateOwnPersonalData(selfOf('Employee'), data);
    expect(calls[0]).toMatchObject({ method: 'PUT', url: '/api/company/c1/user/u1', body: data });
  });

  it.each([
    ['Owner', '/api/company/c1/user/u1/email'],
    ['Employee', '/api/company/c1/user/u1/email'],
    ['SystemAdmin', '/api/administrator/u1/email'],
    ['SystemIntegratorAdmin', '/api/administrator/u1/email'],
  ] as const)('requestOwnEmailChange of a %s puts the address to %s', async (role, url) => {
    const answer = { email: 'neu@post.example', validUntil: '2026-01-02T00:00:00.000Z' };
    const { dataProvider, calls } = setup({ answer: jsonResponse(202, answer) });
    await expect(dataProvider.requestOwnEmailChange(selfOf(role), { email: 'neu@post.example' })).resolves.toEqual(
      answer,
    );
    expect(calls[0]).toMatchObject({ method: 'PUT', url, body: { email: 'neu@post.example' } });
  });
});

describe('query retry policy', () => {
  it('never retries a call the server answered, so a 401 or 500 reaches the user at once', () => {
    expect(shouldRetry(0, new HttpError('Unauthorized', 401))).toBe(false);
    expect(shouldRetry(0, new HttpError('Internal error', 500))).toBe(false);
  });

  it('retries a call without answer twice', () => {
    const noAnswer = new HttpError('ra.notification.http_error', 0);
    expect(shouldRetry(0, noAnswer)).toBe(true);
    expect(shouldRetry(1, noAnswer)).toBe(true);
    expect(shouldRetry(2, noAnswer)).toBe(false);
  });
});
