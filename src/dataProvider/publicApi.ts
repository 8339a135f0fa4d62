import { HttpError } from 'ra-core';
import type { CompanyApplicationSubmit } from '../domain/companyApplication';
import type { EmployeeInvitationView, InvitationRegistrationPayload } from '../domain/employeeInvitation';
import { EMAIL_CHANGE_CONFIRM_ROUTES, EMPLOYEE_INVITATION_ROUTE, type EmailChangeKind } from '../domain/routes';
import { createHttpClient, readCookie, XSRF_COOKIE, XSRF_HEADER, type ApiErrorBody } from './http';

/**
 * The calls of the public registration pages (no token): submit and confirm a company
 * application, upload a document. Kept apart from the react-admin data provider so the public
 * pages do not pull the admin app into their bundle.
 */

export interface UploadOptions {
  /** Share of the bytes sent so far, 0 … 1. */
  onProgress?: (fraction: number) => void;
  /** Aborting rejects the upload with an AbortError. */
  signal?: AbortSignal;
}

export interface PublicApi {
  /** POST /company-application → { id }. */
  submitApplication(payload: CompanyApplicationSubmit): Promise<{ id: string }>;
  /** POST /document with the raw bytes (one request per file) → { id }. */
  uploadDocument(file: Blob & { name: string }, options?: UploadOptions): Promise<{ id: string }>;
  /** GET /company-application/{id}/confirm?token=…, with the token of the mailed link. */
  confirmApplication(id: string, token: string): Promise<void>;
  /** GET /user-email-change-request/{id}/confirm?token=… (or the administrator's): the new login name. */
  confirmEmailChange(kind: EmailChangeKind, id: string, token: string): Promise<{ email: string }>;
  /** GET /employee-invitation/{id}: the invited address and the company of an open invitation. */
  getEmployeeInvitation(id: string): Promise<EmployeeInvitationView>;
  /** POST /employee-invitation/{id}: registers the invited person (the second mail follows). */
  registerThroughInvitation(id: string, payload: InvitationRegistrationPayload): Promise<{ email: string }>;
}

/** The part of XMLHttpRequest the upload uses; injectable for tests. */
export type UploadRequest = Pick<
  XMLHttpRequest,
  'open' | 'setRequestHeader' | 'send' | 'abort' | 'status' | 'statusText' | 'responseText' | 'upload'
> & {
  onload: ((event: ProgressEvent) => void) | null;
  onerror: ((event: ProgressEvent) => void) | null;
  onabort: ((event: ProgressEvent) => void) | null;
};

export interface PublicApiOptions {
  /** Base of every path, "/api" from config.json. */
  apiUrl: string;
  fetch?: typeof fetch;
  /** document.cookie by default. */
  readCookies?: () => string;
  createRequest?: () => UploadRequest;
}

function parseJson(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function isErrorBody(value: unknown): value is ApiErrorBody {
  const messages = (value as { messages?: unknown } | null)?.messages;
  return Array.isArray(messages) && typeof messages[0] === 'string';
}

function idOf(value: unknown): string | undefined {
  const id = (value as { id?: unknown } | null)?.id;
  return typeof id === 'string' && id !== '' ? id : undefined;
}

export function createPublicApi({
  apiUrl,
  fetch: fetchImpl,
  readCookies = () => document.cookie,
  createRequest = () => new XMLHttpRequest(),
}: PublicApiOptions): PublicApi {
  const base = apiUrl.replace(/\/$/, '');
  const request = createHttpClient({ apiUrl: base, getToken: async () => undefined, fetch: fetchImpl, readCookies });

  return {
    submitApplication: (payload) => request<{ id: string }>('POST', '/company-application', { body: payload }),

    confirmApplication: async (id, token) => {
      await request('GET', `/company-application/${encodeURIComponent(id)}/confirm?token=${encodeURIComponent(token)}`);
    },

    confirmEmailChange: (kind, id, token) =>
      request<{ email: string }>(
        'GET',
        `/${EMAIL_CHANGE_CONFIRM_ROUTES[kind]}/${encodeURIComponent(id)}/confirm?token=${encodeURIComponent(token)}`,
      ),

    getEmployeeInvitation: (id) =>
      request<EmployeeInvitationView>('GET', `/${EMPLOYEE_INVITATION_ROUTE}/${encodeURIComponent(id)}`),

    registerThroughInvitation: (id, payload) =>
      request<{ email: string }>('POST', `/${EMPLOYEE_INVITATION_ROUTE}/${encodeURIComponent(id)}`, { body: payload }),

    // XMLHttpRequest instead of fetch: only it reports upload progress.
    uploadDocument: (file, { onProgress, signal } = {}) =>
      new Promise<{ id: string }>((resolve, reject) => {
        if (signal?.aborted) {
          reject(new DOMException('Upload abgebrochen', 'AbortError'));
          return;
        }
        const xhr = createRequest();
        xhr.open('POST', `${base}/document`);
        xhr.setRequestHeader('Content-Type', 'application/octet-stream');
        xhr.setRequestHeader('Accept', 'application/json');
        // Header values must be ASCII; the server decodes the URI-encoded UTF-8 name.
        xhr.setRequestHeader('x-filename', encodeURIComponent(file.name));
        const xsrf = readCookie(readCookies(), XSRF_COOKIE);
        if (xsrf) xhr.setRequestHeader(XSRF_HEADER, xsrf);
        xhr.upload.onprogress = (event) => {
          if (event.lengthComputable && event.total > 0) onProgress?.(Math.min(event.loaded / event.total, 1));
        };
        const stopListening = () => signal?.removeEventListener('abort', abort);
        const abort = () => xhr.abort();
        signal?.addEventListener('abort', abort, { once: true });
        xhr.onload = () => {
          stopListening();
          const json = parseJson(xhr.responseText);
          const id = idOf(json);
          if (xhr.status >= 200 && xhr.status < 300 && id) {
            onProgress?.(1);
            resolve({ id });
            return;
          }
          const message = isErrorBody(json) ? json.messages[0] : xhr.statusText || `HTTP ${xhr.status}`;
          reject(new HttpError(message, xhr.status, json));
        };
        xhr.onerror = () => {
          stopListening();
          reject(new HttpError('ra.notification.http_error', 0));
        };
        xhr.onabort = () => {
          stopListening();
          reject(new DOMException('Upload abgebrochen', 'AbortError'));
        };
        xhr.send(file);
      }),
  };
}
