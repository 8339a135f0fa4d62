import { eq } from 'drizzle-orm';
import { generateKeyPair, importJWK, SignJWT, decodeJwt } from 'jose';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { apiClient, buildTestApp, DEMO, errorOf } from './helpers/app';
import { loginAs } from './helpers/login';
import type { AppConfig } from '../../server/config';
import type { Database } from '../../server/db/client';
import { loadIdpSecrets } from '../../server/idp/keys';
import { users } from '../../server/db/schema';
import { eidReviews } from '../../server/modules/eid-reviews/eid-reviews.table';

describe('GET /api/self', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp();
  });
  afterAll(() => app.close());
  afterEach(() => vi.useRealTimers());

  it('tells an owner its role, status, company and personal data', async () => {
    const { accessToken } = await loginAs(app, DEMO.owner);
    const res = await apiClient(app, accessToken).get('/api/self');
    expect(res.statusCode).toBe(200);
    const self = res.json();
    expect(self).toMatchObject({
      firstName: 'Stefan',
      lastName: 'Sonnenschein',
      salutation: 'Herr',
      email: DEMO.owner,
      birthDate: '1975-04-12',
      role: 'Owner',
      status: 'VerifiedAndApproved',
    });
    expect(self.associatedEntity.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(self.id).toBe(decodeJwt(accessToken).sub);
  });

  it('tells a company user where the latest eID review stands: open, rejected, or none once confirmed', async () => {
    const { accessToken } = await loginAs(app, DEMO.employee);
    const client = apiClient(app, accessToken);
    const self = async () => (await client.get('/api/self')).json();
    const userId = (await self()).id as string;
    expect(await self()).toMatchObject({ eidReview: null });

    const [review] = await app.db
      .insert(eidReviews)
      .values({ userId, createdAt: new Date('2026-11-01T10:00:00Z'), givenNames: 'X', familyName: 'Y' })
      .returning();
    expect(await self()).toMatchObject({ eidReview: 'open' });

    await app.db
      .update(eidReviews)
      .set({ decision: 'reject', decidedAt: new Date('2026-11-02T10:00:00Z'), givenNames: null, familyName: null })
      .where(eq(eidReviews.id, review!.id));
    // Rejected before reasons were asked for: no reason to tell.
    expect(await self()).toMatchObject({ eidReview: 'rejected', eidReviewReason: null });
    await app.db.update(eidReviews).set({ reason: 'Das Geburtsdatum weicht ab.' }).where(eq(eidReviews.id, review!.id));
    expect(await self()).toMatchObject({ eidReview: 'rejected', eidReviewReason: 'Das Geburtsdatum weicht ab.' });

    // A later attempt that was confirmed counts, not the rejected one before it.
    await app.db.insert(eidReviews).values({
      userId,
      createdAt: new Date('2026-11-03T10:00:00Z'),
      decision: 'confirm',
      decidedAt: new Date('2026-11-04T10:00:00Z'),
    });
    expect(await self()).toMatchObject({ eidReview: null, eidReviewReason: null });
    await app.db.delete(eidReviews).where(eq(eidReviews.userId, userId));

    const admin = await loginAs(app, DEMO.lumioAdmin);
    expect((await apiClient(app, admin.accessToken).get('/api/self')).json()).toMatchObject({ eidReview: null });
  });

  it('gives a system integrator admin its system integrator as associated entity', async () => {
    const { accessToken } = await loginAs(app, DEMO.integrator);
    const self = (await apiClient(app, accessToken).get('/api/self')).json();
    expect(self.role).toBe('SystemIntegratorAdmin');
    const si = (await apiClient(app, accessToken).get(`/api/system-integrator/${self.associatedEntity.id}`)).json();
    expect(si.code).toBe('FOTOSOFT');
  });

  it('has no associated entity for provider administrators', async () => {
    const { accessToken } = await loginAs(app, DEMO.lumioAdmin);
    const self = (await apiClient(app, accessToken).get('/api/self')).json();
    expect(self).toMatchObject({ role: 'LumioAdmin', associatedEntity: null, salutation: null, birthDate: null });
  });

  it('answers an owner with unfinished registration, who may reach nothing else', async () => {
    const { accessToken } = await loginAs(app, DEMO.unverifiedOwner);
    const client = apiClient(app, accessToken);
    expect((await client.get('/api/self')).json()).toMatchObject({ role: 'Owner', status: 'Approved' });
    const other = await client.get('/api/system-integrator');
    expect(other.statusCode).toBe(403);
    expect(errorOf(other).messages).toEqual(['Forbidden']);
  });

  it('refuses a missing token with 401 in the error body', async () => {
    const res = await apiClient(app).get('/api/self');
    expect(res.statusCode).toBe(401);
    const body = errorOf(res);
    expect(body).toMatchObject({ errorCode: 'UNAUTHORIZED', messages: ['Unauthorized'], status: 401 });
    expect(body.traceId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('refuses a malformed authorization header', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/self', headers: { authorization: 'Bearer nonsense' } });
    expect(res.statusCode).toBe(401);
  });

  it('refuses a token signed by anybody but the identity provider', async () => {
    const { accessToken } = await loginAs(app, DEMO.systemAdmin);
    const claims = decodeJwt(accessToken);
    const { privateKey } = await generateKeyPair('RS256');
    const forged = await new SignJWT({ ...claims, realm_access: { roles: ['SystemAdmin'] } })
      .setProtectedHeader({ alg: 'RS256', typ: 'at+jwt', kid: 'forged' })
      .sign(privateKey);
    expect((await apiClient(app, forged).get('/api/self')).statusCode).toBe(401);
    const [header, payload] = accessToken.split('.');
    const tampered = `${header}.${payload.slice(0, -2)}AA.${accessToken.split('.')[2]}`;
    expect((await apiClient(app, tampered).get('/api/self')).statusCode).toBe(401);
    const unsigned = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${payload}.`;
    expect((await apiClient(app, unsigned).get('/api/self')).statusCode).toBe(401);
  });

  it('refuses a token signed by the identity provider for somebody who is no portal user', async () => {
    const { accessToken } = await loginAs(app, DEMO.systemAdmin);
    const db = (app as FastifyInstance & { database: Database }).database.db;
    const { signingKey } = await loadIdpSecrets(db, { idpCookieSecret: 'unused' } as AppConfig);
    const key = await importJWK(signingKey, 'RS256');
    const claims = decodeJwt(accessToken);
    const signedFor = (sub: string) =>
      new SignJWT({ ...claims, sub })
        .setProtectedHeader({ alg: 'RS256', typ: 'at+jwt', kid: signingKey.kid })
        .sign(key);
    // The key is the real one: the same claims with the real subject pass.
    expect((await apiClient(app, await signedFor(claims.sub!)).get('/api/self')).statusCode).toBe(200);
    for (const sub of ['00000000-0000-4000-8000-000000000000', 'service-account-lumio', "1' or '1'='1"]) {
      const res = await apiClient(app, await signedFor(sub)).get('/api/self');
      expect(res.statusCode, sub).toBe(401);
      expect(errorOf(res).messages).toEqual(['Unauthorized']);
    }
  });

  it('refuses an expired token', async () => {
    const { accessToken } = await loginAs(app, DEMO.systemAdmin);
    expect((await apiClient(app, accessToken).get('/api/self')).statusCode).toBe(200);
    const exp = decodeJwt(accessToken).exp!;
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime((exp + 10) * 1000);
    const res = await apiClient(app, accessToken).get('/api/self');
    expect(res.statusCode).toBe(401);
    expect(errorOf(res).messages).toEqual(['Unauthorized']);
  });

  it('reads the role from the database on every request, also for a token it has seen before', async () => {
    const { accessToken } = await loginAs(app, DEMO.systemAdmin);
    const systemAdmin = apiClient(app, accessToken);
    expect((await systemAdmin.get('/api/self')).json().role).toBe('SystemAdmin');
    const db = (app as FastifyInstance & { database: Database }).database.db;
    const sub = decodeJwt(accessToken).sub!;
    await db.update(users).set({ role: 'LumioAdmin' }).where(eq(users.id, sub));
    try {
      expect((await systemAdmin.get('/api/self')).json().role).toBe('LumioAdmin');
      const res = await systemAdmin.post('/api/system-integrator', { name: 'Rolle Weg GmbH', code: 'ROLLEWEG' });
      expect(res.statusCode).toBe(403);
    } finally {
      await db.update(users).set({ role: 'SystemAdmin' }).where(eq(users.id, sub));
    }
  });

  it('answers an unknown API path with 404 in the error body once authenticated', async () => {
    const { accessToken } = await loginAs(app, DEMO.systemAdmin);
    const res = await apiClient(app, accessToken).get('/api/does-not-exist');
    expect(res.statusCode).toBe(404);
    expect(errorOf(res).messages).toEqual(['Not found']);
  });

  it('refuses a state-changing request without the anti-forgery header', async () => {
    const { accessToken } = await loginAs(app, DEMO.systemAdmin);
    const res = await app.inject({
      method: 'POST',
      url: '/api/system-integrator',
      headers: { authorization: `Bearer ${accessToken}`, cookie: 'XSRF-TOKEN=abc' },
      payload: { name: 'Ohne Token GmbH', code: 'OHNETOKEN' },
    });
    expect(res.statusCode).toBe(403);
    expect(errorOf(res)).toMatchObject({ errorCode: 'CSRF_TOKEN_INVALID', messages: ['Forbidden'] });
    const search = (await apiClient(app, accessToken).get('/api/system-integrator?filter=OHNETOKEN')).json();
    expect(search.totalItemCount).toBe(0);
  });

  it('serves the runtime configuration and the OpenAPI document without a token', async () => {
    const config = await app.inject({ method: 'GET', url: '/config/config.json' });
    expect(config.json()).toMatchObject({
      apiUrl: '/api',
      keycloak: { url: 'http://localhost:8080', realm: 'lumio', clientId: 'lumio-web' },
    });
    const docs = await app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(docs.statusCode).toBe(200);
    const paths = Object.keys(docs.json().paths);
    expect(paths).toEqual(
      expect.arrayContaining(['/api/self', '/api/system-integrator', '/api/system-integrator/{id}']),
    );
  });
});
