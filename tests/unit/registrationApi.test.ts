import { HttpError } from 'ra-core';
import { describe, expect, it, vi } from 'vitest';
import { createPublicApi, type UploadRequest } from '../../src/dataProvider/publicApi';
import type { CompanyApplicationSubmit } from '../../src/domain/companyApplication';
import { DEFAULT_LEGAL_LINKS, parseRuntimeConfig, RuntimeConfigError } from '../../src/domain/runtimeConfig';

const COOKIES = 'theme=dark; XSRF-TOKEN=tok%3D123; other=1';

/** A stand-in for XMLHttpRequest that records what was sent and answers on demand. */
class FakeRequest implements UploadRequest {
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: unknown;
  aborted = false;
  status = 0;
  statusText = '';
  responseText = '';
  upload = { onprogress: null } as unknown as XMLHttpRequestUpload;
  onload: ((event: ProgressEvent) => void) | null = null;
  onerror: ((event: ProgressEvent) => void) | null = null;
  onabort: ((event: ProgressEvent) => void) | null = null;

  open(method: string, url: string | URL) {
    this.method = method;
    this.url = String(url);
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name.toLowerCase()] = value;
  }
  send(body?: Document | XMLHttpRequestBodyInit | null) {
    this.body = body;
  }
  abort() {
    this.aborted = true;
    this.onabort?.({} as ProgressEvent);
  }
  progress(loaded: number, total: number) {
    const listener = this.upload.onprogress as ((event: ProgressEvent) => void) | null;
    listener?.({ lengthComputable: true, loaded, total } as ProgressEvent);
  }
  answer(status: number, body: unknown, statusText = '') {
    this.status = status;
    this.statusText = statusText;
    this.responseText = body === undefined ? '' : JSON.stringify(body);
    this.onload?.({} as ProgressEvent);
  }
}

function setup() {
  const requests: FakeRequest[] = [];
  const fetchMock = vi.fn<typeof fetch>(async () => new Response(JSON.stringify({ id: 'app-1' }), { status: 201 }));
  const api = createPublicApi({
    apiUrl: '/api/',
    fetch: fetchMock,
    readCookies: () => COOKIES,
    createRequest: () => {
      const request = new FakeRequest();
      requests.push(request);
      return request;
    },
  });
  return { api, requests, fetchMock };
}

const file = (name: string) => new File(['%PDF-1.4 data'], name, { type: 'application/pdf' });

describe('public API: document upload', () => {
  it('posts the raw bytes as octet-stream with the URI-encoded name and the anti-forgery header', async () => {
    const { api, requests } = setup();
    const document = file('Gewerbeanmeldung März 2024.pdf');
    const result = api.uploadDocument(document);
    const request = requests[0]!;
    expect(request.method).toBe('POST');
    expect(request.url).toBe('/api/document');
    expect(request.headers['content-type']).toBe('application/octet-stream');
    expect(request.headers['x-filename']).toBe('Gewerbeanmeldung%20M%C3%A4rz%202024.pdf');
    expect(request.headers['x-xsrf-token']).toBe('tok=123');
    expect(request.body).toBe(document);
    request.answer(201, { id: 'doc-1' });
    await expect(result).resolves.toEqual({ id: 'doc-1' });
  });

  it('reports the share of bytes sent', async () => {
    const { api, requests } = setup();
    const onProgress = vi.fn();
    const result = api.uploadDocument(file('a.pdf'), { onProgress });
    requests[0]!.progress(25, 100);
    requests[0]!.progress(100, 100);
    requests[0]!.answer(201, { id: 'doc-1' });
    await result;
    expect(onProgress.mock.calls.map(([fraction]) => fraction)).toEqual([0.25, 1, 1]);
  });

  it('rejects an error answer with an HttpError carrying the server message and body', async () => {
    const { api, requests } = setup();
    const result = api.uploadDocument(file('a.pdf'));
    const body = { errorCode: 'PAYLOAD_TOO_LARGE', messages: ['Payload too large'], traceId: 't', status: 413 };
    requests[0]!.answer(413, body);
    const error = await result.catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({ message: 'Payload too large', status: 413, body });
  });

  it('rejects a network failure and an answer without id', async () => {
    const { api, requests } = setup();
    const offline = api.uploadDocument(file('a.pdf'));
    requests[0]!.onerror?.({} as ProgressEvent);
    await expect(offline).rejects.toMatchObject({ status: 0 });
    const noId = api.uploadDocument(file('b.pdf'));
    requests[1]!.answer(201, {});
    await expect(noId).rejects.toBeInstanceOf(HttpError);
  });

  it('aborts the request when the signal fires', async () => {
    const { api, requests } = setup();
    const controller = new AbortController();
    const result = api.uploadDocument(file('a.pdf'), { signal: controller.signal });
    controller.abort();
    expect(requests[0]!.aborted).toBe(true);
    await expect(result).rejects.toMatchObject({ name: 'AbortError' });
  });
});

describe('public API: application', () => {
  const payload: CompanyApplicationSubmit = {
    firstName: 'Erika',
    lastName: 'Mustermann',
    salutation: 'Frau',
    birthDate: '1985-03-07',
    email: 'erika@studio-beispiel.example',
    companyName: 'Studio Beispiel GmbH',
    country: 'Deutschland',
    legalForm: 'GmbH',
    website: '',
    address: 'Hauptstraße 1, 10115 Berlin',
    phoneNumber: '+4930123456789',
    phoneNumber2: '',
    memberId: '',
    documentIds: ['doc-1'],
  };

  it('submits the application as JSON with the anti-forgery header and no token', async () => {
    const { api, fetchMock } = setup();
    await expect(api.submitApplication(payload)).resolves.toEqual({ id: 'app-1' });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/company-application');
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual(payload);
    const headers = new Headers(init?.headers);
    expect(headers.get('X-XSRF-TOKEN')).toBe('tok=123');
    expect(headers.get('Content-Type')).toBe('application/json');
    expect(headers.has('Authorization')).toBe(false);
  });

  it('confirms an application with GET …/{id}/confirm?token=… and reports a 404 with its body', async () => {
    const { api, fetchMock } = setup();
    fetchMock.mockResolvedValueOnce(new Response(null, { status: 204 }));
    await expect(api.confirmApplication('a b', 'to/ken')).resolves.toBeUndefined();
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/company-application/a%20b/confirm?token=to%2Fken');
    expect(fetchMock.mock.calls[0]![1]?.method).toBe('GET');

    const body = { errorCode: 'NOT_FOUND', messages: ['No application found'], traceId: 't', status: 404 };
    fetchMock.mockResolvedValueOnce(new Response(JSON.stringify(body), { status: 404 }));
    await expect(api.confirmApplication('unknown', 'x')).rejects.toMatchObject({ status: 404, body });
  });
});

describe('legal PDF links from config.json', () => {
  const config = {
    apiUrl: '/api',
    keycloak: { url: 'http://localhost:8080', realm: 'lumio', clientId: 'lumio-web' },
    brandOwner: { name: 'N', address: 'A', register: 'R', vatId: 'V', contact: 'C' },
  };

  it('reads the configured terms and privacy URLs', () => {
    const legal = { termsUrl: 'https://betreiber.example/agb.pdf', privacyUrl: '/legal/datenschutz-v2.pdf' };
    expect(parseRuntimeConfig({ ...config, legal }).legal).toEqual(legal);
  });

  it('falls back to the shipped templates when config.json has none', () => {
    expect(parseRuntimeConfig(config).legal).toEqual(DEFAULT_LEGAL_LINKS);
    expect(DEFAULT_LEGAL_LINKS).toEqual({ termsUrl: '/legal/agb.pdf', privacyUrl: '/legal/datenschutz.pdf' });
  });

  it('refuses an empty URL', () => {
    expect(() => parseRuntimeConfig({ ...config, legal: { termsUrl: '', privacyUrl: '/x.pdf' } })).toThrow(
      RuntimeConfigError,
    );
  });
});
