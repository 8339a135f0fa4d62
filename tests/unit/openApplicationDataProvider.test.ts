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
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : init?.body,
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

/** jsdom's Blob (what the fetch answer's blob() is under the jsdom environment) has no arrayBuffer(). */
function readBytes(blob: Blob): Promise<ArrayBuffer> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as ArrayBuffer);
    reader.onerror = () => reject(reader.error);
    reader.readAsArrayBuffer(blob);
  });
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

describe('decideApplication', () => {
  it.each(['Approved', 'Rejected'] as const)(
    'sends PUT /company-application/{id}/status {status: %s} with token and anti-forgery header',
    async (status) => {
      const updated = { id: 'app 1', status };
      const { dataProvider, calls } = setup(json(200, updated));

      await expect(dataProvider.decideApplication('app 1', status)).resolves.toEqual(updated);

      expect(calls).toHaveLength(1);
      expect(calls[0]).toMatchObject({
        url: '/api/company-application/app%201/status',
        method: 'PUT',
        body: { status },
      });
      expect(calls[0].headers.get('Authorization')).toBe('Bearer access-token');
      expect(calls[0].headers.get('X-XSRF-TOKEN')).toBe('xsrf-value');
    },
  );

  it('passes a 409 on with the server message and status', async () => {
    const body = { errorCode: 'CONFLICT', messages: ['Application already decided'], traceId: 't', status: 409 };
    const { dataProvider } = setup(json(409, body));
    await expect(dataProvider.decideApplication('app-1', 'Approved')).rejects.toMatchObject({
      status: 409,
      message: 'Application already decided',
      body,
    });
  });
});

describe('downloadDocument', () => {
  it('reads GET /document/{id} with the bearer token and returns the bytes as they came', async () => {
    const bytes = new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d, 0x00, 0xff]);
    const { dataProvider, calls } = setup(
      new Response(bytes, {
        status: 200,
        headers: { 'Content-Type': 'application/pdf', 'Content-Disposition': "attachment; filename*=UTF-8''a.pdf" },
      }),
    );

    const blob = await dataProvider.downloadDocument('doc-1');

    expect(calls[0]).toMatchObject({ url: '/api/document/doc-1', method: 'GET' });
    expect(calls[0].headers.get('Authorization')).toBe('Bearer access-token');
    expect(calls[0].headers.get('Accept')).toBe('*/*');
    expect(blob.type).toBe('application/pdf');
    expect(new Uint8Array(await readBytes(blob))).toEqual(bytes);
  });

  it('turns an error answer into an HttpError with the server message', async () => {
    const body = { errorCode: 'NOT_FOUND', messages: ['Document not found'], traceId: 't', status: 404 };
    const { dataProvider } = setup(json(404, body));
    await expect(dataProvider.downloadDocument('doc-x')).rejects.toMatchObject({
      status: 404,
      message: 'Document not found',
    });
  });
});
