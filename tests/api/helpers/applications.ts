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

/** Submits and confirms an application, so that it is Open (in the review list). */
export async function openApplication(app: FastifyInstance, overrides: Partial<CompanyApplicationSubmit> = {}) {
  const submitted = await submitApplication(app, overrides);
  const res = await apiClient(app).get(`/api/company-application/${submitted.id}/confirm`);
  if (res.statusCode !== 200) throw new Error(`confirm: ${res.statusCode} ${res.body}`);
  return submitted;
}
