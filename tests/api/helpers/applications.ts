import type { FastifyInstance } from 'fastify';
import type { CompanyApplicationSubmit } from '../../../src/domain/companyApplication';
import { apiClient } from './app';

let counter = 0;

/** A valid application body with a fresh e-mail address each call; `overrides` change single fields. */
export function applicationBody(overrides: Partial<CompanyApplicationSubmit> = {}): CompanyApplicationSubmit {
  counter += 1;
  const n = `${Date.now().toString(36)}${counter}`;
  return {
    salutation: 'Frau',
    firstName: 'Lena',
    lastName: 'Lichtenberg',
    birthDate: '1984-03-17',
    email: `antrag-${n}@studio-test.example`,
    companyName: `Fotostudio Lichtblick ${n} GmbH`,
    legalForm: 'GmbH',
    address: 'Lindenstraße 7, 50674 Köln',
    country: 'Deutschland',
    phoneNumber: '+4922112345678',
    phoneNumber2: '',
    website: 'https://lichtblick.example',
    memberId: 'CV-20931',
    documentIds: [],
    ...overrides,
  };
}

/** The smallest thing the upload accepts as a PNG (the type is decided by the signature). */
export const PNG_BYTES = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(64, 1),
]);

/** Uploads one document as the registration page does and returns its id. */
export async function uploadDocument(app: FastifyInstance, name = 'Gewerbeanmeldung.png'): Promise<string> {
  const res = await apiClient(app).post('/api/document', PNG_BYTES, {
    headers: { 'content-type': 'application/octet-stream', 'x-filename': encodeURIComponent(name) },
  });
  if (res.statusCode !== 201) throw new Error(`upload: ${res.statusCode} ${res.body}`);
  return (res.json() as { id: string }).id;
}

/** Submits an application (Unconfirmed) and returns its id and body. */
export async function submitApplication(app: FastifyInstance, overrides: Partial<CompanyApplicationSubmit> = {}) {
  const body = applicationBody(overrides);
  const res = await apiClient(app).post('/api/company-application', body);
  if (res.statusCode !== 201) throw new Error(`submit: ${res.statusCode} ${res.body}`);
  return { id: (res.json() as { id: string }).id, body };
}

/**
 * The confirmation link of the mail the outbox delivered to `email`, as the API path and query
 * the web app's confirm page calls (`/api/company-application/{id}/confirm?token=…`).
 */
export async function mailedConfirmPath(app: FastifyInstance, email: string): Promise<string> {
  const mail = await app.mailCatcher!.waitFor(
    (m) => m.to === email.trim().toLowerCase() && m.subject.includes('bestätigen'),
  );
  const match = /\/company-application\/([0-9a-f-]{36})\/confirm\?token=([A-Za-z0-9_-]+)/.exec(mail.text);
  if (!match) throw new Error(`no confirmation link in: ${mail.text}`);
  return `/api/company-application/${match[1]}/confirm?token=${match[2]}`;
}

/** Submits and confirms an application through the mailed link, so that it is Open (in the review list). */
export async function openApplication(app: FastifyInstance, overrides: Partial<CompanyApplicationSubmit> = {}) {
  const submitted = await submitApplication(app, overrides);
  const res = await apiClient(app).get(await mailedConfirmPath(app, submitted.body.email));
  if (res.statusCode !== 200) throw new Error(`confirm: ${res.statusCode} ${res.body}`);
  return submitted;
}
