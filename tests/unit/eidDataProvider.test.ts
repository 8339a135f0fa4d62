import { HttpError } from 'ra-core';
import { describe, expect, it, vi } from 'vitest';
import { createDataProvider } from '../../src/dataProvider';

interface Call {
  url: string;
  method: string;
  headers: Headers;
  body: unknown;
}

function setup(answer: Response) {
  const calls: Call[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    calls.push({
      url: String(input),
      method: init?.method ?? 'GET',
      headers: new Headers(init?.headers),
      body: init?.body,
    });
    return answer.clone();
  });
  const dataProvider = createDataProvider({
    apiUrl: '/api',
    getToken: async () => 'access-token',
    fetch,
    readCookies: () => 'XSRF-TOKEN=xsrf-value',
  });
  return { dataProvider, calls };
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const started = {
  sessionId: '7d0c3b8e-5a1f-4f7e-9a43-0b7f6c1d2e3f',
  mobileToken: 'mt_Q2x5',
  qrValue: 'http://localhost:8080/dev/eid/mt_Q2x5',
  transactionCode: 'K7Q-4M2',
  expiresAt: '2026-11-24T12:10:00.000Z',
};

describe('startEidBinding', () => {
  it('POSTs /user/eid/bind with an empty body, the token and the anti-forgery header', async () => {
    const { dataProvider, calls } = setup(json(201, started));

    await expect(dataProvider.startEidBinding()).resolves.toEqual(started);

    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ url: '/api/user/eid/bind', method: 'POST', body: undefined });
    expect(calls[0].headers.get('Content-Type')).toBeNull();
    expect(calls[0].headers.get('Authorization')).toBe('Bearer access-token');
    expect(calls[0].headers.get('X-XSRF-TOKEN')).toBe('xsrf-value');
  });

  it('rejects with the error body, e.g. 409 eID review pending', async () => {
    const body = { errorCode: 'CONFLICT', messages: ['eID review pending'], traceId: 't', status: 409 };
    const { dataProvider } = setup(json(409, body));

    const error: unknown = await dataProvider.startEidBinding().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({ status: 409, message: 'eID review pending', body });
  });
});

describe('checkEidBinding', () => {
  it('GETs /user/eid/bind with the session id in x-session-id and answers null for 204', async () => {
    const { dataProvider, calls } = setup(new Response(null, { status: 204 }));

    await expect(dataProvider.checkEidBinding(started.sessionId)).resolves.toBeNull();

    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ url: '/api/user/eid/bind', method: 'GET' });
    expect(calls[0].headers.get('x-session-id')).toBe(started.sessionId);
    expect(calls[0].headers.get('Authorization')).toBe('Bearer access-token');
    // A GET carries no anti-forgery header, and the call's own header does not replace Accept.
    expect(calls[0].headers.get('X-XSRF-TOKEN')).toBeNull();
    expect(calls[0].headers.get('Accept')).toBe('application/json');
  });

  it.each([
    { outcome: 'matched', status: 'VerifiedAndApproved' },
    { outcome: 'reviewPending', status: 'Approved' },
  ])('answers the finished binding of a 200: $outcome', async (done) => {
    const { dataProvider } = setup(json(200, done));
    await expect(dataProvider.checkEidBinding(started.sessionId)).resolves.toEqual(done);
  });

  it('rejects with the EID_* code of an error answer', async () => {
    const body = { errorCode: 'EID_SESSION_EXPIRED', messages: ['eID verification failed'], traceId: 't', status: 410 };
    const { dataProvider } = setup(json(410, body));

    await expect(dataProvider.checkEidBinding(started.sessionId)).rejects.toMatchObject({ status: 410, body });
  });
});

describe('eID reviews', () => {
  it('getOpenEidReviewCount reads the totalItemCount of GET /eid-review?pageSize=1', async () => {
    const page = { pageIndex: 0, pageSize: 1, orderBy: null, filter: null, totalItemCount: 3, items: [{ id: 'r' }] };
    const { dataProvider, calls } = setup(json(200, page));

    await expect(dataProvider.getOpenEidReviewCount()).resolves.toBe(3);
    expect(calls[0]).toMatchObject({ url: '/api/eid-review?pageSize=1', method: 'GET' });
  });

  it.each([{ decision: 'confirm' }, { decision: 'reject', reason: 'Der Nachname weicht ab.' }] as const)(
    'decideEidReview PUTs /eid-review/{id}/decision %j',
    async (payload) => {
      const { dataProvider, calls } = setup(json(200, { status: 'Verified' }));

      await expect(dataProvider.decideEidReview('review 1', payload)).resolves.toEqual({ status: 'Verified' });

      expect(calls[0]).toMatchObject({
        url: '/api/eid-review/review%201/decision',
        method: 'PUT',
        body: JSON.stringify(payload),
      });
      expect(calls[0].headers.get('X-XSRF-TOKEN')).toBe('xsrf-value');
    },
  );

  it('lists the open reviews through the resource verification-check with the paging query', async () => {
    const page = {
      pageIndex: 1,
      pageSize: 20,
      orderBy: 'createdAt desc',
      filter: 'Foto',
      totalItemCount: 21,
      items: [],
    };
    const { dataProvider, calls } = setup(json(200, page));

    await expect(
      dataProvider.getList('verification-check', {
        pagination: { page: 2, perPage: 20 },
        sort: { field: 'createdAt', order: 'DESC' },
        filter: { q: 'Foto' },
      }),
    ).resolves.toEqual({ data: [], total: 21 });
    expect(calls[0].url).toBe('/api/eid-review?pageIndex=1&pageSize=20&orderBy=createdAt+desc&filter=Foto');
  });
});
