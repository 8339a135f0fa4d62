import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { count, eq, inArray, isNull, sum } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { companyApplications, documents } from '../../server/db/schema';
import { cleanupDocuments, UNATTACHED_DOCUMENT_LIFETIME_MS } from '../../server/jobs/document-cleanup';
import { documentRepository } from '../../server/modules/documents';
import { KEY_FILE_NAME, loadDocumentKey } from '../../server/modules/documents/crypto';
import { serverMessageToGerman } from '../../src/domain/errorCatalogue';
import { apiClient, buildTestApp, DEMO, errorOf } from './helpers/app';
import { applicationBody } from './helpers/applications';
import { loginAs } from './helpers/login';
import { snapshotTables } from './helpers/snapshot';

const MAX = 2_097_152;
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const JPEG = Buffer.concat([
  Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]),
  Buffer.from('JFIF\0'),
  randomBytes(512),
]);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n', 'latin1');
const EXE = Buffer.concat([Buffer.from('MZ'), Buffer.from([0x90, 0x00, 0x03, 0x00]), randomBytes(256)]);

/** A PNG signature followed by random bytes, `size` bytes long. */
function pngOfSize(size: number): Buffer {
  const bytes = randomBytes(size);
  PNG.copy(bytes, 0, 0, 8);
  return bytes;
}

const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

describe('documents API', () => {
  let app: FastifyInstance;
  let anonymous: ReturnType<typeof apiClient>;
  const tokens: Record<string, string> = {};

  beforeAll(async () => {
    app = await buildTestApp({ RATE_LIMIT_PUBLIC_PER_MINUTE: '1000' });
    anonymous = apiClient(app);
    for (const [role, email] of Object.entries(DEMO)) tokens[role] = (await loginAs(app, email)).accessToken;
  });
  afterAll(() => app.close());

  const admin = () => apiClient(app, tokens.lumioAdmin);

  function upload(body: Buffer | string, name?: string, headers: Record<string, string> = {}) {
    return anonymous.post('/api/document', body, {
      headers: {
        'content-type': 'application/octet-stream',
        ...(name === undefined ? {} : { 'x-filename': encodeURIComponent(name) }),
        ...headers,
      },
    });
  }

  async function uploadedId(body: Buffer, name?: string): Promise<string> {
    const res = await upload(body, name);
    expect(res.statusCode, res.body).toBe(201);
    const { id } = res.json() as { id: string };
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    return id;
  }

  async function row(id: string) {
    const [found] = await app.db.select().from(documents).where(eq(documents.id, id));
    return found;
  }

  async function documentCount() {
    const [{ n }] = await app.db.select({ n: count() }).from(documents);
    return n;
  }

  async function insertApplication(overrides: Partial<typeof companyApplications.$inferInsert> = {}) {
    const [created] = await app.db
      .insert(companyApplications)
      .values({
        email: `antrag-${randomBytes(4).toString('hex')}@example.de`,
        salutation: 'Frau',
        firstName: 'Erika',
        lastName: 'Mustermann',
        birthDate: '1980-01-01',
        companyName: 'Fotostudio Test GmbH',
        legalForm: 'GmbH',
        address: 'Teststraße 1, 10115 Berlin',
        country: 'Deutschland',
        phoneNumber: '+49 30 1234567',
        stores: [{ name: 'Fotostudio Test GmbH', address: 'Teststraße 1, 10115 Berlin', country: 'Deutschland' }],
        confirmUntil: new Date(Date.now() + 7 * DAY),
        ...overrides,
      })
      .returning({ id: companyApplications.id });
    return created.id;
  }

  describe('upload', () => {
    it.each([
      ['PNG', PNG, 'Gewerbeschein.png', 'image/png'],
      ['JPEG', JPEG, 'Ausweis.jpg', 'image/jpeg'],
      ['PDF', PDF, 'Handelsregisterauszug.pdf', 'application/pdf'],
    ])('stores a %s encrypted and gives it back unchanged with its name', async (_kind, bytes, name, type) => {
      const id = await uploadedId(bytes, name);

      const stored = await row(id);
      expect(stored).toMatchObject({ name, contentType: type, size: bytes.length, applicationId: null });
      expect(stored.iv).toHaveLength(12);
      expect(stored.authTag).toHaveLength(16);
      expect(stored.ciphertext.equals(bytes)).toBe(false);
      expect(stored.ciphertext.includes(bytes.subarray(0, 32))).toBe(false);

      const res = await admin().get(`/api/document/${id}`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe(type);
      expect(res.rawPayload.equals(bytes)).toBe(true);
      expect(res.headers['content-disposition']).toBe(
        `attachment; filename="${name}"; filename*=UTF-8''${encodeURIComponent(name)}`,
      );
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    });

    it('uses a fresh IV for every document, so equal files do not give equal ciphertexts', async () => {
      const first = await row(await uploadedId(PNG, 'a.png'));
      const second = await row(await uploadedId(PNG, 'a.png'));
      expect(first.iv.equals(second.iv)).toBe(false);
      expect(first.ciphertext.equals(second.ciphertext)).toBe(false);
    });

    it('accepts exactly 2,097,152 bytes', async () => {
      const bytes = pngOfSize(MAX);
      const id = await uploadedId(bytes, 'gross.png');
      expect((await row(id)).size).toBe(MAX);
      const res = await admin().get(`/api/document/${id}`);
      expect(res.rawPayload.equals(bytes)).toBe(true);
    });

    it('refuses 2,097,153 bytes with 413 and stores nothing', async () => {
      const before = await documentCount();
      const res = await upload(pngOfSize(MAX + 1), 'zu-gross.png');
      expect(res.statusCode).toBe(413);
      expect(errorOf(res)).toMatchObject({ errorCode: 'PAYLOAD_TOO_LARGE', messages: ['Payload too large'] });
      expect(await documentCount()).toBe(before);
    });

    it('refuses a renamed executable with 415 and stores nothing', async () => {
      const before = await documentCount();
      const res = await upload(EXE, 'foto.png');
      expect(res.statusCode).toBe(415);
      expect(errorOf(res).messages).toEqual(['Unsupported media type']);
      expect(await documentCount()).toBe(before);
    });

    it.each([
      ['empty', Buffer.alloc(0)],
      ['plain text', Buffer.from('Das ist kein Bild, auch wenn es so heißt.')],
      ['a truncated PNG signature', PNG.subarray(0, 6)],
      ['a GIF', Buffer.from('GIF89a\x01\x00\x01\x00', 'latin1')],
    ])('refuses %s content with 415', async (_kind, bytes) => {
      const res = await upload(bytes, 'bild.png');
      expect(res.statusCode).toBe(415);
      expect(errorOf(res).messages).toEqual(['Unsupported media type']);
    });

    it('decides the type by content, not by a lying name, and names the file after it', async () => {
      const id = await uploadedId(PNG, 'x.pdf');
      expect(await row(id)).toMatchObject({ name: 'x.png', contentType: 'image/png' });
      const res = await admin().get(`/api/document/${id}`);
      expect(res.headers['content-type']).toBe('image/png');
    });

    it.each([
      ['a JSON body', 'application/json', JSON.stringify({ file: PNG.toString('base64') })],
      ['a form', 'application/x-www-form-urlencoded', 'file=abc'],
      ['multipart', 'multipart/form-data; boundary=x', '--x\r\n\r\nabc\r\n--x--'],
      ['an image content type with PNG bytes', 'image/png', PNG],
    ])('answers %s with 415', async (_kind, contentType, body) => {
      const before = await documentCount();
      const res = await upload(body, 'a.png', { 'content-type': contentType });
      expect(res.statusCode).toBe(415);
      expect(errorOf(res)).toMatchObject({ errorCode: 'UNSUPPORTED_MEDIA_TYPE', messages: ['Unsupported media type'] });
      expect(await documentCount()).toBe(before);
    });

    it('requires the anti-forgery header', async () => {
      const before = await documentCount();
      const res = await app.inject({
        method: 'POST',
        url: '/api/document',
        headers: { 'content-type': 'application/octet-stream', 'x-filename': 'a.png' },
        payload: PNG,
      });
      expect(res.statusCode).toBe(403);
      expect(errorOf(res)).toMatchObject({ errorCode: 'CSRF_TOKEN_INVALID', messages: ['Forbidden'] });
      expect(await documentCount()).toBe(before);
    });

    it('is open to logged-in users too (the token is not needed, and not refused)', async () => {
      const res = await apiClient(app, tokens.employee).post('/api/document', PNG, {
        headers: { 'content-type': 'application/octet-stream', 'x-filename': 'a.png' },
      });
      expect(res.statusCode).toBe(201);
    });
  });

  describe('file names', () => {
    it.each([
      ['../../etc/passwd.png', 'passwd.png'],
      ['C:\\temp\\a.png', 'a.png'],
      ['/var/www/html/index.png', 'index.png'],
      ['..\\..\\windows\\system32\\b.png', 'b.png'],
      ['a\u0000b\u0007c\r\n.png', 'abc.png'],
      ['Rechnung\u202egnp.exe', 'Rechnunggnp.png'],
      ['.htaccess', 'htaccess.png'],
      ['...  versteckt.png', 'versteckt.png'],
      ['  Leerzeichen.png  ', 'Leerzeichen.png'],
      ['..', 'Dokument.png'],
      ['a/b/', 'Dokument.png'],
      ['', 'Dokument.png'],
    ])('stores %j as %j', async (sent, expected) => {
      const id = await uploadedId(PNG, sent);
      expect((await row(id)).name).toBe(expected);
    });

    it('calls a document without x-filename "Dokument" with the extension of its type', async () => {
      const id = await uploadedId(PNG);
      expect((await row(id)).name).toBe('Dokument.png');
    });

    it('keeps a raw header that is not valid percent-encoding, cleaned', async () => {
      const res = await upload(PNG, undefined, { 'x-filename': 'Bericht%E0%A4%A.png' });
      expect(res.statusCode).toBe(201);
      expect((await row(res.json().id)).name).toBe('Bericht%E0%A4%A.png');
    });

    it('round-trips umlauts, also when sent decomposed (NFD, as macOS names files)', async () => {
      const name = 'Gewerbeanmeldung Müller & Söhne – März (Kopie) 100%.pdf';
      const id = await uploadedId(PDF, name.normalize('NFD'));
      expect((await row(id)).name).toBe(name);
      const res = await admin().get(`/api/document/${id}`);
      const disposition = String(res.headers['content-disposition']);
      expect(disposition).toContain(
        'filename="Gewerbeanmeldung Mueller & Soehne _ Maerz (Kopie) 100_.pdf"; filename*=UTF-8\'\'',
      );
      const encoded = /filename\*=UTF-8''(.+)$/.exec(disposition)![1];
      expect(encoded).not.toMatch(/[()' ]/);
      expect(decodeURIComponent(encoded)).toBe(name);
    });

    it.each([
      ['a PDF named .pdf.hta', PDF, 'Gewerbeanmeldung.pdf.hta', 'Gewerbeanmeldung.pdf'],
      ['a PNG named .html', PNG, 'Nachweis.html', 'Nachweis.png'],
      ['a JPEG without extension', JPEG, 'Foto', 'Foto.jpg'],
      ['a JPEG named .JPG', JPEG, 'Urlaub.JPG', 'Urlaub.JPG'],
      ['a JPEG named .jpeg', JPEG, 'Pass.jpeg', 'Pass.jpeg'],
    ])('serves %s under the extension of its content', async (_kind, bytes, sent, expected) => {
      const id = await uploadedId(bytes, sent);
      expect((await row(id)).name).toBe(expected);
      const res = await admin().get(`/api/document/${id}`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-disposition']).toBe(
        `attachment; filename="${expected}"; filename*=UTF-8''${encodeURIComponent(expected)}`,
      );
    });

    it('serves a polyglot stored under its old name before the fix with the extension of its content', async () => {
      const polyglot = Buffer.concat([PDF, Buffer.from('<html><script>alert(document.cookie)</script></html>')]);
      const id = await uploadedId(polyglot, 'Gewerbeanmeldung.pdf');
      await app.db.update(documents).set({ name: 'Gewerbeanmeldung.pdf.hta' }).where(eq(documents.id, id));
      const res = await admin().get(`/api/document/${id}`);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['content-disposition']).toBe(
        `attachment; filename="Gewerbeanmeldung.pdf"; filename*=UTF-8''Gewerbeanmeldung.pdf`,
      );
      const application = await insertApplication({ status: 'Open' });
      await documentRepository(app.db).attach([id], application);
      expect(await documentRepository(app.db).listForApplication(application)).toEqual([
        { id, name: 'Gewerbeanmeldung.pdf' },
      ]);
      const detail = await admin().get(`/api/company-application/${application}`);
      expect(detail.json().documents).toEqual([{ id, name: 'Gewerbeanmeldung.pdf' }]);
    });

    it('shortens a name to 200 characters and keeps its extension', async () => {
      const id = await uploadedId(PDF, `${'Ä'.repeat(300)}.pdf`);
      const { name } = await row(id);
      expect(Array.from(name)).toHaveLength(200);
      expect(name).toBe(`${'Ä'.repeat(196)}.pdf`);
    });
  });

  describe('download', () => {
    let id: string;
    beforeAll(async () => {
      id = await uploadedId(PDF, 'Nachweis.pdf');
    });

    it.each(['systemAdmin', 'integrator', 'owner', 'accountAdmin', 'employee', 'unverifiedOwner'])(
      'refuses %s with 403',
      async (role) => {
        const res = await apiClient(app, tokens[role]).get(`/api/document/${id}`);
        expect(res.statusCode).toBe(403);
        expect(errorOf(res).messages).toEqual(['Forbidden']);
      },
    );

    it('refuses anonymous callers with 401', async () => {
      const res = await anonymous.get(`/api/document/${id}`);
      expect(res.statusCode).toBe(401);
      expect(errorOf(res).messages).toEqual(['Unauthorized']);
    });

    it('answers an unknown id with 404 "Document not found"', async () => {
      const res = await admin().get('/api/document/00000000-0000-4000-8000-000000000000');
      expect(res.statusCode).toBe(404);
      expect(errorOf(res).messages).toEqual(['Document not found']);
    });

    it('answers a malformed id with 400', async () => {
      const res = await admin().get('/api/document/not-a-uuid');
      expect(res.statusCode).toBe(400);
      expect(errorOf(res)).toMatchObject({ errorCode: 'VALIDATION_FAILED', messages: ['Invalid document id'] });
    });

    it('answers 500 "Cannot decrypt document" when the stored bytes were altered', async () => {
      const target = await uploadedId(PNG, 'manipuliert.png');
      const stored = await row(target);
      const altered = Buffer.from(stored.ciphertext);
      altered[0] ^= 0xff;
      await app.db.update(documents).set({ ciphertext: altered }).where(eq(documents.id, target));
      const res = await admin().get(`/api/document/${target}`);
      expect(res.statusCode).toBe(500);
      expect(errorOf(res)).toMatchObject({ errorCode: 'INTERNAL_ERROR', messages: ['Cannot decrypt document'] });
      expect(res.body).not.toContain('auth');
    });

    it('does not decrypt a ciphertext moved into another document row', async () => {
      const source = await row(await uploadedId(PNG, 'quelle.png'));
      const target = await uploadedId(PNG, 'ziel.png');
      await app.db
        .update(documents)
        .set({ ciphertext: source.ciphertext, iv: source.iv, authTag: source.authTag })
        .where(eq(documents.id, target));
      const res = await admin().get(`/api/document/${target}`);
      expect(res.statusCode).toBe(500);
      expect(errorOf(res).messages).toEqual(['Cannot decrypt document']);
    });
  });

  describe('streaming limit on a real connection', () => {
    let port: number;
    let xsrf: string;
    beforeAll(async () => {
      await app.listen({ port: 0, host: '127.0.0.1' });
      port = (app.server.address() as AddressInfo).port;
      const res = await app.inject({ method: 'GET', url: '/config/config.json' });
      xsrf = res.cookies.find((c) => c.name === 'XSRF-TOKEN')!.value;
    });

    /** Sends `chunks` without ending the body and resolves with the status as soon as one arrives. */
    function postWithoutEnding(headers: Record<string, string | number>, chunks: Buffer[]) {
      return new Promise<{ status: number; body: string; sent: number }>((resolve, reject) => {
        let sent = 0;
        const req = httpRequest({
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: '/api/document',
          headers: {
            'content-type': 'application/octet-stream',
            cookie: `XSRF-TOKEN=${xsrf}`,
            'x-xsrf-token': xsrf,
            ...headers,
          },
        });
        req.on('response', (res) => {
          let body = '';
          res.setEncoding('utf8');
          res.on('data', (c: string) => (body += c));
          res.on('end', () => {
            req.destroy();
            resolve({ status: res.statusCode ?? 0, body, sent });
          });
        });
        req.on('error', (err: NodeJS.ErrnoException) => {
          // The server may close the connection right after its answer while the client still writes.
          if (err.code !== 'ECONNRESET' && err.code !== 'EPIPE') reject(err);
        });
        for (const chunk of chunks) {
          req.write(chunk);
          sent += chunk.length;
        }
      });
    }

    it('answers 413 from the Content-Length alone, before the body is sent', async () => {
      const before = await documentCount();
      const res = await postWithoutEnding({ 'content-length': 50 * 1024 * 1024 }, [pngOfSize(64 * 1024)]);
      expect(res.status).toBe(413);
      expect(JSON.parse(res.body).messages).toEqual(['Payload too large']);
      expect(res.sent).toBeLessThan(50 * 1024 * 1024);
      expect(await documentCount()).toBe(before);
    });

    it('answers 413 to a chunked body without length once it passes the limit', async () => {
      const before = await documentCount();
      const chunks = [pngOfSize(1024 * 1024), randomBytes(1024 * 1024), randomBytes(1024)];
      const res = await postWithoutEnding({ 'transfer-encoding': 'chunked' }, chunks);
      expect(res.status).toBe(413);
      expect(JSON.parse(res.body).messages).toEqual(['Payload too large']);
      expect(await documentCount()).toBe(before);
    });
  });

  it('describes both endpoints in the OpenAPI document', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/docs/json' });
    const paths = res.json().paths as Record<string, Record<string, unknown>>;
    expect(paths['/api/document']).toHaveProperty('post');
    expect(paths['/api/document/{id}']).toHaveProperty('get');
  });

  describe('repository for applications', () => {
    it('finds unattached documents, attaches each once and lists them per application', async () => {
      const repo = documentRepository(app.db);
      const first = await uploadedId(PNG, 'eins.png');
      const second = await uploadedId(PDF, 'zwei.pdf');
      const unknown = '00000000-0000-4000-8000-000000000001';
      expect((await repo.findUnattached([first, second, unknown])).map((d) => d.id).sort()).toEqual(
        [first, second].sort(),
      );

      const application = await insertApplication({ status: 'Open' });
      const other = await insertApplication({ status: 'Open' });
      expect(await repo.attach([first, second, unknown], application)).toBe(2);
      expect(await repo.attach([first], other)).toBe(0);
      expect(await repo.findUnattached([first, second])).toEqual([]);
      expect(await repo.listForApplication(application)).toEqual([
        { id: first, name: 'eins.png' },
        { id: second, name: 'zwei.pdf' },
      ]);
      expect(await repo.listForApplication(other)).toEqual([]);
      expect(await repo.attach([], application)).toBe(0);
      expect(await repo.findUnattached([])).toEqual([]);
    });
  });

  describe('cleanup job', () => {
    async function ageDocument(id: string, ageMs: number) {
      await app.db
        .update(documents)
        .set({ createdAt: new Date(Date.now() - ageMs) })
        .where(eq(documents.id, id));
    }

    it('deletes uploads no application took within 2 hours, and keeps fresh and attached ones', async () => {
      expect(UNATTACHED_DOCUMENT_LIFETIME_MS).toBe(2 * HOUR);
      const repo = documentRepository(app.db);
      const stale = await uploadedId(PNG, 'alt.png');
      const fresh = await uploadedId(PNG, 'neu.png');
      const attached = await uploadedId(PDF, 'angehaengt.pdf');
      await ageDocument(stale, 2 * HOUR + MINUTE);
      await ageDocument(fresh, 2 * HOUR - MINUTE);
      await ageDocument(attached, 25 * HOUR);
      await repo.attach([attached], await insertApplication({ status: 'Open' }));

      const result = await cleanupDocuments(app.db, { retentionDays: 30 });
      expect(result.unattached).toBeGreaterThanOrEqual(1);
      expect(await row(stale)).toBeUndefined();
      expect(await row(fresh)).toBeDefined();
      expect(await row(attached)).toBeDefined();
      const res = await admin().get(`/api/document/${stale}`);
      expect(res.statusCode).toBe(404);

      // Idempotent: a second run (another replica) finds nothing more to delete among these.
      await cleanupDocuments(app.db, { retentionDays: 30 });
      expect(await row(fresh)).toBeDefined();
      expect(await row(attached)).toBeDefined();
    });

    it('deletes the documents of applications rejected longer ago than the retention period', async () => {
      const repo = documentRepository(app.db);
      const now = new Date();
      const oldRejected = await insertApplication({
        status: 'Rejected',
        decidedAt: new Date(now.getTime() - 31 * DAY),
      });
      const newRejected = await insertApplication({
        status: 'Rejected',
        decidedAt: new Date(now.getTime() - 29 * DAY),
      });
      const approved = await insertApplication({ status: 'Approved', decidedAt: new Date(now.getTime() - 400 * DAY) });
      const docs = {
        oldRejected: await uploadedId(PDF, 'abgelehnt-alt.pdf'),
        newRejected: await uploadedId(PDF, 'abgelehnt-neu.pdf'),
        approved: await uploadedId(PDF, 'genehmigt.pdf'),
      };
      await repo.attach([docs.oldRejected], oldRejected);
      await repo.attach([docs.newRejected], newRejected);
      await repo.attach([docs.approved], approved);

      const result = await cleanupDocuments(app.db, { retentionDays: 30, now });
      expect(result.rejected).toBe(1);
      expect(await row(docs.oldRejected)).toBeUndefined();
      expect(await row(docs.newRejected)).toBeDefined();
      expect(await row(docs.approved)).toBeDefined();

      // Two days later the second rejection is past the retention period as well.
      const later = await cleanupDocuments(app.db, { retentionDays: 30, now: new Date(now.getTime() + 2 * DAY) });
      expect(later.rejected).toBe(1);
      expect(await row(docs.newRejected)).toBeUndefined();
      expect(await row(docs.approved)).toBeDefined();
    });

    it('deletes applications never confirmed before their link ran out, with their documents', async () => {
      const repo = documentRepository(app.db);
      const now = new Date();
      const expired = await insertApplication({ confirmUntil: new Date(now.getTime() - DAY) });
      const pending = await insertApplication({ confirmUntil: new Date(now.getTime() + DAY) });
      const confirmed = await insertApplication({ status: 'Open', confirmUntil: new Date(now.getTime() - DAY) });
      const docs = { expired: await uploadedId(PDF, 'verfallen.pdf'), pending: await uploadedId(PDF, 'offen.pdf') };
      await repo.attach([docs.expired], expired);
      await repo.attach([docs.pending], pending);

      const result = await cleanupDocuments(app.db, { retentionDays: 30, now });
      expect(result.expiredApplications).toBe(1);
      const remaining = await app.db
        .select({ id: companyApplications.id })
        .from(companyApplications)
        .where(inArray(companyApplications.id, [expired, pending, confirmed]));
      expect(remaining.map((r) => r.id).sort()).toEqual([pending, confirmed].sort());
      expect(await row(docs.expired)).toBeUndefined();
      expect(await row(docs.pending)).toBeDefined();
    });
  });
});

describe('cap on documents no application has taken yet', () => {
  const CAPACITY_TEXT =
    'Derzeit können keine weiteren Dateien angenommen werden. Bitte versuchen Sie es später erneut.';
  const KIB = 1024;

  async function capApp(env: Record<string, string>) {
    return buildTestApp({ RATE_LIMIT_PUBLIC_PER_MINUTE: '10000', SEED_DEMO_DATA: 'false', ...env });
  }

  function upload(app: FastifyInstance, bytes: Buffer, name = 'nachweis.png') {
    return apiClient(app).post('/api/document', bytes, {
      headers: { 'content-type': 'application/octet-stream', 'x-filename': name },
    });
  }

  /** A refused upload: 503 with the capacity message (German in the catalogue) and nothing stored. */
  async function expectCapacityReached(app: FastifyInstance, bytes: Buffer) {
    const before = await snapshotTables(app);
    const res = await upload(app, bytes);
    expect(res.statusCode).toBe(503);
    expect(errorOf(res)).toMatchObject({
      errorCode: 'UPLOAD_CAPACITY_REACHED',
      messages: ['Upload capacity reached'],
      status: 503,
    });
    expect(serverMessageToGerman(errorOf(res).messages[0])).toBe(CAPACITY_TEXT);
    expect(await snapshotTables(app)).toEqual(before);
  }

  describe('by count', () => {
    let app: FastifyInstance;
    beforeAll(async () => {
      app = await capApp({ UPLOAD_UNATTACHED_MAX_COUNT: '3' });
    });
    afterAll(() => app.close());

    it('answers 503 once 3 unattached documents are stored, and takes uploads again once one is attached', async () => {
      const ids: string[] = [];
      for (let i = 0; i < 3; i++) {
        const res = await upload(app, PNG);
        expect(res.statusCode, res.body).toBe(201);
        ids.push(res.json().id);
      }
      await expectCapacityReached(app, PNG);

      const submitted = await apiClient(app).post(
        '/api/company-application',
        applicationBody({ documentIds: [ids[0]] }),
      );
      expect(submitted.statusCode, submitted.body).toBe(201);
      expect((await upload(app, PNG)).statusCode).toBe(201);
      await expectCapacityReached(app, PNG);
    });

    it('takes uploads again once the cleanup removed unattached documents older than 2 hours', async () => {
      await expectCapacityReached(app, PNG);
      await app.db
        .update(documents)
        .set({ createdAt: new Date(Date.now() - 2 * HOUR - MINUTE) })
        .where(isNull(documents.applicationId));
      const result = await cleanupDocuments(app.db, { retentionDays: 30 });
      expect(result.unattached).toBe(3);
      for (let i = 0; i < 3; i++) expect((await upload(app, PNG)).statusCode).toBe(201);
      await expectCapacityReached(app, PNG);
    });
  });

  it('lets parallel uploads through only up to the cap', async () => {
    const app = await capApp({ UPLOAD_UNATTACHED_MAX_COUNT: '4' });
    try {
      const answers = await Promise.all(Array.from({ length: 10 }, () => upload(app, PNG)));
      const statuses = answers.map((res) => res.statusCode).sort();
      expect(statuses).toEqual([201, 201, 201, 201, 503, 503, 503, 503, 503, 503]);
      const [{ n }] = await app.db.select({ n: count() }).from(documents);
      expect(n).toBe(4);
    } finally {
      await app.close();
    }
  });

  it('answers 503 once the next file would take the unattached documents over 2 MiB', async () => {
    const app = await capApp({ UPLOAD_UNATTACHED_MAX_MB: '2' });
    try {
      expect((await upload(app, pngOfSize(700 * KIB))).statusCode).toBe(201);
      expect((await upload(app, pngOfSize(700 * KIB))).statusCode).toBe(201);
      await expectCapacityReached(app, pngOfSize(700 * KIB));
      // A smaller file still fits under the byte cap: 1,400 KiB + 600 KiB ≤ 2,048 KiB.
      expect((await upload(app, pngOfSize(600 * KIB))).statusCode).toBe(201);
      await expectCapacityReached(app, pngOfSize(100 * KIB));
      const [{ bytes }] = await app.db.select({ bytes: sum(documents.size) }).from(documents);
      expect(Number(bytes)).toBe(2000 * KIB);
    } finally {
      await app.close();
    }
  });
});

describe('cap on unattached documents per client address (issue 24)', () => {
  const KIB = 1024;
  const ATTACKER = '198.51.100.10';
  const APPLICANT = '203.0.113.20';

  async function capApp(env: Record<string, string>) {
    return buildTestApp({ RATE_LIMIT_PUBLIC_PER_MINUTE: '10000', SEED_DEMO_DATA: 'false', ...env });
  }

  async function uploadFrom(app: FastifyInstance, address: string, bytes: Buffer) {
    const xsrf = (await app.inject({ method: 'GET', url: '/config/config.json' })).cookies.find(
      (c) => c.name === 'XSRF-TOKEN',
    )!.value;
    return app.inject({
      method: 'POST',
      url: '/api/document',
      remoteAddress: address,
      payload: bytes,
      headers: {
        'content-type': 'application/octet-stream',
        'x-filename': 'nachweis.png',
        'x-xsrf-token': xsrf,
        cookie: `XSRF-TOKEN=${xsrf}`,
      },
    });
  }

  const idOf = (res: { statusCode: number; body: string; json: () => { id: string } }) => {
    expect(res.statusCode, res.body).toBe(201);
    return res.json().id;
  };

  const unattachedIds = async (app: FastifyInstance) =>
    (await app.db.select({ id: documents.id }).from(documents).where(isNull(documents.applicationId))).map((r) => r.id);

  it('makes room for an address at its cap by deleting its own oldest unattached documents, never another address’s', async () => {
    const app = await capApp({
      UPLOAD_UNATTACHED_MAX_MB: '4',
      UPLOAD_UNATTACHED_PER_ADDRESS_MAX_MB: '2',
      UPLOAD_UNATTACHED_PER_ADDRESS_MAX_COUNT: '3',
    });
    try {
      const applicant = idOf(await uploadFrom(app, APPLICANT, pngOfSize(700 * KIB)));
      idOf(await uploadFrom(app, ATTACKER, pngOfSize(700 * KIB)));
      const second = idOf(await uploadFrom(app, ATTACKER, pngOfSize(700 * KIB)));
      // 1,400 KiB + 700 KiB > 2 MiB: the attacker's oldest goes.
      const third = idOf(await uploadFrom(app, ATTACKER, pngOfSize(700 * KIB)));
      expect((await unattachedIds(app)).sort()).toEqual([applicant, second, third].sort());
      // By count: three small ones are the most an address keeps.
      const small = [];
      for (let i = 0; i < 3; i += 1) small.push(idOf(await uploadFrom(app, ATTACKER, PNG)));
      expect((await unattachedIds(app)).sort()).toEqual([applicant, ...small].sort());
      // However often it uploads, the attacker never holds more than its 2 MiB of the 4 MiB: another
      // address still uploads, and its document was never touched.
      for (let i = 0; i < 10; i += 1) idOf(await uploadFrom(app, ATTACKER, pngOfSize(700 * KIB)));
      idOf(await uploadFrom(app, APPLICANT, pngOfSize(700 * KIB)));
      idOf(await uploadFrom(app, APPLICANT, PNG));
      expect(await unattachedIds(app)).toContain(applicant);
    } finally {
      await app.close();
    }
  });

  it('keeps the global cap: when all addresses together reach it, uploads answer 503 and nothing is deleted', async () => {
    const app = await capApp({ UPLOAD_UNATTACHED_MAX_COUNT: '4', UPLOAD_UNATTACHED_PER_ADDRESS_MAX_COUNT: '2' });
    try {
      for (const address of ['192.0.2.1', '192.0.2.2']) {
        idOf(await uploadFrom(app, address, PNG));
        idOf(await uploadFrom(app, address, PNG));
      }
      const before = await snapshotTables(app);
      const refused = await uploadFrom(app, '192.0.2.3', PNG);
      expect(refused.statusCode).toBe(503);
      expect(errorOf(refused)).toMatchObject({ errorCode: 'UPLOAD_CAPACITY_REACHED', status: 503 });
      expect(await snapshotTables(app)).toEqual(before);
      // An address at its own cap replaces its own documents, also when the whole is full.
      idOf(await uploadFrom(app, '192.0.2.1', PNG));
      expect(await unattachedIds(app)).toHaveLength(4);
    } finally {
      await app.close();
    }
  });

  it('keeps the whole far above one address by default, and stores only a keyed hash of the address', async () => {
    const config = loadConfig({ NODE_ENV: 'test', PUBLIC_URL: 'http://localhost:8080' });
    expect(config.unattachedUploads.maxBytes).toBeGreaterThanOrEqual(50 * config.unattachedUploads.perAddress.maxBytes);
    expect(config.unattachedUploads.maxCount).toBeGreaterThanOrEqual(50 * config.unattachedUploads.perAddress.maxCount);
    const app = await capApp({});
    try {
      idOf(await uploadFrom(app, ATTACKER, PNG));
      const rows = await app.db.select().from(documents);
      const dump = JSON.stringify(rows.map(({ ciphertext: _c, ...row }) => row));
      expect(dump).not.toContain(ATTACKER);
      expect(rows[0].uploaderKey).toMatch(/^[0-9a-f]{64}$/);
      // Once an application takes the document, the hash goes.
      const submitted = await apiClient(app).post(
        '/api/company-application',
        applicationBody({ documentIds: [rows[0].id] }),
      );
      expect(submitted.statusCode, submitted.body).toBe(201);
      const [taken] = await app.db.select().from(documents).where(eq(documents.id, rows[0].id));
      expect(taken.uploaderKey).toBeNull();
    } finally {
      await app.close();
    }
  });
});

describe('document upload rate limit', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp({ RATE_LIMIT_PUBLIC_PER_MINUTE: '2', SEED_DEMO_DATA: 'false' });
  });
  afterAll(() => app.close());

  it('answers 429 once a client exceeds the public limit', async () => {
    const client = apiClient(app);
    const send = () => client.post('/api/document', PNG, { headers: { 'content-type': 'application/octet-stream' } });
    expect((await send()).statusCode).toBe(201);
    expect((await send()).statusCode).toBe(201);
    const refused = await send();
    expect(refused.statusCode).toBe(429);
    expect(errorOf(refused).messages).toEqual(['Too many requests']);
  });
});

describe('document encryption key', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'lumio-key-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  const embeddedConfig = (dataDir: string) =>
    loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, PUBLIC_URL: 'http://localhost:8080' });

  it('generates a key in DATA_DIR on first start, readable only by the owner, and reuses it', async () => {
    const dataDir = join(dir, 'daten');
    const first = await loadDocumentKey(embeddedConfig(dataDir));
    expect(first).toHaveLength(32);
    const file = join(dataDir, KEY_FILE_NAME);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect(Buffer.from((await readFile(file, 'utf8')).trim(), 'base64').equals(first)).toBe(true);
    expect((await loadDocumentKey(embeddedConfig(dataDir))).equals(first)).toBe(true);
  });

  it('refuses to start with a broken key file instead of replacing it', async () => {
    const dataDir = join(dir, 'kaputt');
    await loadDocumentKey(embeddedConfig(dataDir));
    await writeFile(join(dataDir, KEY_FILE_NAME), 'zu kurz\n');
    await expect(loadDocumentKey(embeddedConfig(dataDir))).rejects.toThrow(/32-byte/);
    expect(await readFile(join(dataDir, KEY_FILE_NAME), 'utf8')).toBe('zu kurz\n');
  });

  it('uses DOCUMENT_ENCRYPTION_KEY when it is set', async () => {
    const key = randomBytes(32);
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: join(dir, 'env'),
      DOCUMENT_ENCRYPTION_KEY: key.toString('base64'),
    });
    expect((await loadDocumentKey(config)).equals(key)).toBe(true);
    await expect(stat(join(dir, 'env', KEY_FILE_NAME))).rejects.toThrow();
  });
});
