import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPRESSION_THRESHOLD_BYTES } from '../../server/plugins/compression';
import { apiClient, buildTestApp, DEMO, type ApiResponse } from './helpers/app';
import { PNG_BYTES } from './helpers/applications';
import { deviceClient, demoLicenseOwners, insertLicense } from './helpers/deviceLicenses';
import { demoClient } from './helpers/eid';
import { downloadReport, requestReport, waitForState } from './helpers/reports';
import { readZip } from './helpers/zip';

/*
 * Issue 23, part 2: how the web app's files and the API's answers travel. The web app is a small
 * dist/ made here the way `vite build` makes one (a hashed asset, public files, a .br and a .gz
 * copy next to each text file), so no build is needed.
 */

const INDEX_HTML =
  '<!doctype html><html lang="de"><head><meta charset="UTF-8" /><title>Lumio</title>' +
  '<script type="module" crossorigin src="/assets/index-Ab12Cd34.js"></script></head>' +
  '<body><div id="root"></div></body></html>';
/** A hashed script of a few kB, text that compresses well as real bundles do. */
const ASSET_PATH = '/assets/index-Ab12Cd34.js';
const ASSET = Array.from({ length: 120 }, (_, i) => `export const tile${i} = { id: ${i}, label: 'Kachel ${i}' };`).join(
  '\n',
);
const FAVICON = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><circle cx="16" cy="16" r="14" /></svg>';
/** Binary: the build makes no copies of it. */
const PDF = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(4096, 0x20)]);
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** A dist/ as `vite build` with vite.config.ts's compression writes it. */
function fixtureDist(): string {
  const dir = mkdtempSync(join(tmpdir(), 'lumio-web-delivery-'));
  mkdirSync(join(dir, 'assets'));
  mkdirSync(join(dir, 'legal'));
  const text = { 'index.html': INDEX_HTML, [ASSET_PATH.slice(1)]: ASSET, 'favicon.svg': FAVICON };
  for (const [file, content] of Object.entries(text)) {
    writeFileSync(join(dir, file), content);
    writeFileSync(join(dir, `${file}.br`), brotliCompressSync(content));
    writeFileSync(join(dir, `${file}.gz`), gzipSync(content, { level: 9 }));
  }
  writeFileSync(join(dir, 'legal', 'agb.pdf'), PDF);
  return dir;
}

/** The body as the client reads it once it undid the Content-Encoding. */
function decoded(res: ApiResponse): Buffer {
  const encoding = res.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(res.rawPayload);
  if (encoding === 'gzip') return gunzipSync(res.rawPayload);
  expect(encoding).toBeUndefined();
  return res.rawPayload;
}

const varies = (res: ApiResponse) => String(res.headers.vary ?? '').toLowerCase();

describe('web delivery', () => {
  let app: FastifyInstance;
  let dist: string;
  const get = (url: string, headers: InjectOptions['headers'] = {}) => app.inject({ method: 'GET', url, headers });

  beforeAll(async () => {
    dist = fixtureDist();
    app = await buildTestApp({}, { distDir: dist });
  });
  afterAll(async () => {
    await app.close();
    rmSync(dist, { recursive: true, force: true });
  });

  describe("the web app's files", () => {
    it.each([
      ['br, gzip, deflate', 'br'],
      ['gzip, deflate, br, zstd', 'br'],
      ['gzip', 'gzip'],
      ['br;q=0, gzip', 'gzip'],
      ['identity', undefined],
      [undefined, undefined],
    ])('sends a hashed asset to a client accepting %s as %s, cached for a year', async (accept, encoding) => {
      const res = await get(ASSET_PATH, accept === undefined ? {} : { 'accept-encoding': accept });

      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers['content-type']).toMatch(/^(application|text)\/javascript/);
      expect(res.headers['cache-control']).toBe(IMMUTABLE);
      expect(varies(res)).toContain('accept-encoding');
      expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
      expect(decoded(res).toString()).toBe(ASSET);
    });

    it('sends the build-time copy as it is, not compressed a second time', async () => {
      const res = await get(ASSET_PATH, { 'accept-encoding': 'br' });

      expect(res.rawPayload.equals(brotliCompressSync(ASSET))).toBe(true);
    });

    it.each(['/', '/dashboard', '/companies/0b1c2d3e-0000-4000-8000-000000000000', '/register-studio?step=2'])(
      'sends index.html for %s compressed, with the web app policy, revalidated on every visit',
      async (path) => {
        const res = await get(path, { 'accept-encoding': 'gzip, deflate, br' });

        expect(res.statusCode).toBe(200);
        expect(res.headers['content-type']).toMatch(/^text\/html/);
        expect(res.headers['content-encoding']).toBe('br');
        expect(res.headers['cache-control']).toBe('no-cache');
        expect(varies(res)).toContain('accept-encoding');
        expect(res.headers['content-security-policy']).toContain("script-src 'self'");
        expect(decoded(res).toString()).toBe(INDEX_HTML);
      },
    );

    it('revalidates a file that has no hash in its name, and sends it compressed too', async () => {
      const res = await get('/favicon.svg', { 'accept-encoding': 'gzip' });

      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers['content-encoding']).toBe('gzip');
      expect(decoded(res).toString()).toBe(FAVICON);
    });

    it('sends a binary file as it is', async () => {
      const res = await get('/legal/agb.pdf', { 'accept-encoding': 'br, gzip' });

      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.rawPayload.equals(PDF)).toBe(true);
    });

    it.each([ASSET_PATH, '/dashboard'])('answers HEAD %s with the headers of GET and no body', async (path) => {
      const headers = { 'accept-encoding': 'br' };
      const full = await get(path, headers);
      const head = await app.inject({ method: 'HEAD', url: path, headers });

      expect(head.statusCode).toBe(200);
      expect(head.body).toBe('');
      for (const name of ['content-encoding', 'content-length', 'cache-control', 'etag', 'vary', 'content-type']) {
        expect(head.headers[name], name).toBe(full.headers[name]);
      }
    });

    it.each([ASSET_PATH, '/dashboard'])(
      'answers a request for %s with the ETag it has with 304, per encoding',
      async (path) => {
        const first = await get(path, { 'accept-encoding': 'br' });
        const etag = String(first.headers.etag);

        const again = await get(path, { 'accept-encoding': 'br', 'if-none-match': etag });
        const otherEncoding = await get(path, { 'accept-encoding': 'gzip', 'if-none-match': etag });

        expect(etag).not.toBe('undefined');
        expect(again.statusCode).toBe(304);
        expect(again.body).toBe('');
        expect(again.headers['cache-control']).toBe(first.headers['cache-control']);
        expect(otherEncoding.statusCode).toBe(200);
        expect(otherEncoding.headers['content-encoding']).toBe('gzip');
      },
    );

    it('never serves the compressed copies under names of their own', async () => {
      for (const path of [`${ASSET_PATH}.br`, `${ASSET_PATH}.gz`, '/index.html.br']) {
        const res = await get(path, { 'accept-encoding': 'br' });
        expect(res.statusCode, path).toBe(404);
        expect(res.json(), path).toMatchObject({ errorCode: 'NOT_FOUND', status: 404 });
      }
    });

    it('answers the runtime configuration uncompressed (it is small) and revalidated', async () => {
      const res = await get('/config/config.json', { 'accept-encoding': 'br, gzip' });

      expect(res.statusCode).toBe(200);
      expect(res.rawPayload.length).toBeLessThan(COMPRESSION_THRESHOLD_BYTES);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.json()).toHaveProperty('keycloak');
    });
  });

  describe("the API's answers", () => {
    it.each([
      ['br, gzip', 'br'],
      ['gzip', 'gzip'],
    ])('sends a JSON answer over 1 KB to a client accepting %s as %s', async (accept, encoding) => {
      const admin = await demoClient(app, DEMO.systemAdmin);
      const plain = await admin.get('/api/system-integrator');

      const res = await admin.get('/api/system-integrator', { headers: { 'accept-encoding': accept } });

      expect(plain.rawPayload.length).toBeGreaterThan(COMPRESSION_THRESHOLD_BYTES);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(varies(res)).toContain('accept-encoding');
      expect(res.rawPayload.length).toBeLessThan(plain.rawPayload.length);
      expect(JSON.parse(decoded(res).toString())).toEqual(plain.json());
    });

    it('sends a JSON answer under 1 KB as it is', async () => {
      const owner = await demoClient(app, DEMO.owner);

      const res = await owner.get('/api/self', { headers: { 'accept-encoding': 'br, gzip' } });

      expect(res.statusCode).toBe(200);
      expect(res.rawPayload.length).toBeLessThan(COMPRESSION_THRESHOLD_BYTES);
      expect(res.headers['content-encoding']).toBeUndefined();
    });

    it("leaves the device API's small answers as they are", async () => {
      const license = await insertLicense(app, await demoLicenseOwners(app), { boundMachineId: 'KASSE-1' });
      const headers = { authorization: `License ${license.key}`, 'x-machine-id': 'KASSE-1', 'accept-encoding': 'br' };

      const res = await app.inject({ method: 'GET', url: '/api/device/license', headers });

      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect((await deviceClient(app, license.key, 'KASSE-1').license()).json()).toEqual(res.json());
    });

    it('sends a document download byte for byte, however well it would compress', async () => {
      // A PNG signature and 8 KB of zeros: the upload decides by the signature.
      const bytes = Buffer.concat([PNG_BYTES, Buffer.alloc(8192)]);
      const upload = await apiClient(app).post('/api/document', bytes, {
        headers: { 'content-type': 'application/octet-stream', 'x-filename': 'Gewerbeanmeldung.png' },
      });
      expect(upload.statusCode).toBe(201);
      const admin = await demoClient(app, DEMO.lumioAdmin);

      const res = await admin.get(`/api/document/${upload.json().id}`, { headers: { 'accept-encoding': 'br, gzip' } });

      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.rawPayload.equals(bytes)).toBe(true);
    });

    it('streams a report ZIP as it is, with its length', async () => {
      const owner = await demoClient(app, DEMO.owner);
      const today = new Date().toISOString().slice(0, 10);
      const report = await requestReport(owner, { startDate: '2020-01-01', endDate: today });
      await waitForState(owner, report.id, 'Completed');
      const { res: plain } = await downloadReport(owner, report.id);

      const res = await owner.get(`/api/identification-process/reports/${report.id}`, {
        headers: { 'accept-encoding': 'br, gzip' },
      });

      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/zip');
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
      expect(res.rawPayload.equals(plain.rawPayload)).toBe(true);
      expect([...(await readZip(res.rawPayload)).keys()]).toContain('vorgaenge.csv');
    });
  });
});
