import { HttpError } from 'ra-core';

/** Error body of every failed API call (ARCHITECTURE.md). */
export interface ApiErrorBody {
  errorCode: string;
  messages: string[];
  traceId: string;
  status: number;
}

export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'X-XSRF-TOKEN';
const SAFE_METHODS = new Set(['GET', 'HEAD']);

export type HttpMethod = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';

export interface HttpClientOptions {
  /** Base of every path, e.g. "/api" from config.json. */
  apiUrl: string;
  /** A bearer token refreshed when less than 20 s remain, or undefined for anonymous calls. */
  getToken: () => Promise<string | undefined>;
  fetch?: typeof fetch;
  /** document.cookie by default; injectable for tests. */
  readCookies?: () => string;
}

export interface RequestOptions {
  query?: URLSearchParams;
  body?: unknown;
  /**
   * 'blob' for file downloads: the answer's bytes instead of parsed JSON; 'file' the bytes and the
   * file name of the answer's Content-Disposition (a DownloadedFile). Errors stay JSON bodies.
   */
  responseType?: 'json' | 'blob' | 'file';
  /** Call-specific headers, e.g. the eID status check's x-session-id. */
  headers?: Record<string, string>;
}

/** A downloaded file: its bytes and the name the server gave it (null without one). */
export interface DownloadedFile {
  blob: Blob;
  fileName: string | null;
}

/**
 * The file name of a Content-Disposition header: `filename*=UTF-8''…` (RFC 6266, percent-encoded)
 * before the plain `filename="…"`; null when there is none. Path parts are cut off.
 */
export function fileNameOf(contentDisposition: string | null): string | null {
  if (!contentDisposition) return null;
  let name: string | null = null;
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(contentDisposition);
  if (extended) {
    try {
      name = decodeURIComponent(extended[1].trim());
    } catch {
      name = null;
    }
  }
  if (!name) {
    const plain = /filename\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;]+))/.exec(contentDisposition);
    name = plain ? (plain[1] ?? plain[2] ?? '').replace(/\\(.)/g, '$1').trim() : null;
  }
  const base = name?.split(/[\\/]/).pop()?.trim();
  return base ? base : null;
}

export function readCookie(cookies: string, name: string): string | undefined {
  for (const part of cookies.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return undefined;
}

function isErrorBody(value: unknown): value is ApiErrorBody {
  return (
    typeof value === 'object' &&
    value !== null &&
    Array.isArray((value as { messages?: unknown }).messages) &&
    typeof (value as { messages: unknown[] }).messages[0] === 'string'
  );
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

export type HttpClient = <T = unknown>(method: HttpMethod, path: string, options?: RequestOptions) => Promise<T>;

/**
 * The only place that calls fetch: adds the bearer token (refreshed first), copies the
 * anti-forgery cookie into X-XSRF-TOKEN for every method other than GET/HEAD, and turns an error
 * answer into react-admin's HttpError with message = messages[0] (the server message the error
 * catalogue maps to German) and the whole error body in `body`.
 */
export function createHttpClient({
  apiUrl,
  getToken,
  fetch: fetchImpl = (...args) => fetch(...args),
  readCookies = () => document.cookie,
}: HttpClientOptions): HttpClient {
  const base = apiUrl.replace(/\/$/, '');
  return async <T>(
    method: HttpMethod,
    path: string,
    { query, body, responseType = 'json', headers: extraHeaders }: RequestOptions = {},
  ): Promise<T> => {
    const headers = new Headers(extraHeaders);
    headers.set('Accept', responseType === 'json' ? 'application/json' : '*/*');
    const token = await getToken();
    if (token) headers.set('Authorization', `Bearer ${token}`);
    if (!SAFE_METHODS.has(method)) {
      const xsrf = readCookie(readCookies(), XSRF_COOKIE);
      if (xsrf) headers.set(XSRF_HEADER, xsrf);
    }
    if (body !== undefined) headers.set('Content-Type', 'application/json');
    const search = query?.toString();
    const url = `${base}${path}${search ? `?${search}` : ''}`;

    let response: Response;
    try {
      response = await fetchImpl(url, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        credentials: 'same-origin',
      });
    } catch {
      // No answer at all: a translation key, so react-admin and the error dialog show German text.
      throw new HttpError('ra.notification.http_error', 0);
    }

    if (response.ok && responseType === 'blob') return (await response.blob()) as T;
    if (response.ok && responseType === 'file') {
      const file: DownloadedFile = {
        blob: await response.blob(),
        fileName: fileNameOf(response.headers.get('Content-Disposition')),
      };
      return file as T;
    }
    const json = await readJson(response);
    if (!response.ok) {
      const message = isErrorBody(json) ? json.messages[0] : response.statusText || `HTTP ${response.status}`;
      throw new HttpError(message, response.status, json);
    }
    return json as T;
  };
}
