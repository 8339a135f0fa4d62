import { addDays } from 'date-fns/addDays';
import { addYears } from 'date-fns/addYears';
import { differenceInMinutes } from 'date-fns/differenceInMinutes';
import { lightFormat } from 'date-fns/lightFormat';
import { subDays } from 'date-fns/subDays';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VALIDATION_TEXTS } from '../../src/domain/validation';
import { companies, companyApplications, documents, stores, users } from '../../server/db/schema';
import { apiClient, buildTestApp, DEMO, errorOf } from './helpers/app';
import {
  applicationBody,
  mailedConfirmPath,
  openApplication,
  submitApplication,
  uploadDocument,
} from './helpers/applications';
import { loginAs } from './helpers/login';
import { snapshotTables } from './helpers/snapshot';

type Client = ReturnType<typeof apiClient>;

/** A day this many years from now, yyyy-MM-dd (far from any edge of "today" in any time zone). */
const isoYearsFromNow = (years: number) => lightFormat(addYears(new Date(), years), 'yyyy-MM-dd');

describe('company applications API', () => {
  let app: FastifyInstance;
  let anonymous: Client;
  let admin: Client;

  beforeAll(async () => {
    // The tests submit far more applications than one visitor would; the limit itself is tested elsewhere.
    app = await buildTestApp({ RATE_LIMIT_PUBLIC_PER_MINUTE: '10000' });
    anonymous = apiClient(app);
    admin = apiClient(app, (await loginAs(app, DEMO.lumioAdmin)).accessToken);
  });
  afterAll(() => app.close());

  const mails = () => app.mailCatcher!;
  const mailsTo = (email: string) =>
    mails()
      .list()
      .filter((m) => m.to === email);
  const rowOf = async (id: string) =>
    (await app.db.select().from(companyApplications).where(eq(companyApplications.id, id)))[0];

  it('describes its endpoints in the OpenAPI document', async () => {
    const docs = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(Object.keys(docs.paths)).toEqual(
      expect.arrayContaining([
        '/api/company-application',
        '/api/company-application/{id}',
        '/api/company-application/{id}/confirm',
        '/api/company-application/{id}/status',
      ]),
    );
    const body = docs.paths['/api/company-application'].post.requestBody.content['application/json'].schema;
    expect(body).toEqual({ $ref: '#/components/schemas/CompanyApplicationSubmit' });
    const submit = docs.components.schemas.CompanyApplicationSubmit;
    expect(submit.additionalProperties).toBe(false);
    expect(submit.required).toEqual(expect.arrayContaining(['email', 'phoneNumber', 'birthDate']));
  });

  describe('POST /api/company-application', () => {
    it('stores an unconfirmed application with one studio from the company data and mails the confirmation link', async () => {
      const body = applicationBody({ email: '  Lena.Lichtenberg@Studio-Test.EXAMPLE ', phoneNumber2: '' });
      const res = await anonymous.post('/api/company-application', body);
      expect(res.statusCode).toBe(201);
      const { id } = res.json();
      expect(id).toMatch(/^[0-9a-f-]{36}$/);

      const row = await rowOf(id);
      expect(row).toMatchObject({
        status: 'Unconfirmed',
        email: 'lena.lichtenberg@studio-test.example',
        firstName: 'Lena',
        companyName: body.companyName,
        phoneNumber2: null,
        website: 'https://lichtblick.example',
        stores: [{ name: body.companyName, address: body.address, country: 'Deutschland' }],
      });
      // Seven calendar days after the submission (createdAt is the database's clock: a minute's leeway).
      expect(Math.abs(differenceInMinutes(row.confirmUntil, addDays(row.createdAt, 7)))).toBeLessThan(1);

      const mail = await mails().waitFor((m) => m.to === 'lena.lichtenberg@studio-test.example');
      const link = new RegExp(`http://localhost:8080/company-application/${id}/confirm\\?token=[A-Za-z0-9_-]{43}`);
      expect(mail.subject).toBe('Bitte bestätigen Sie Ihre Registrierung bei Lumio');
      expect(mail.text).toContain('Guten Tag Frau Lichtenberg,');
      expect(mail.text).toMatch(link);
      expect(mail.text).toContain('Der Link ist 7 Tage gültig.');
      expect(mail.html).toMatch(new RegExp(`href="${link.source}"`));
      expect(mail.html).toContain('E-Mail-Adresse bestätigen');
    });

    it('accepts the optional fields empty, null or absent', async () => {
      const { phoneNumber2: _p, website: _w, memberId: _m, ...required } = applicationBody();
      const absent = await anonymous.post('/api/company-application', required);
      expect(absent.statusCode).toBe(201);
      const nulls = await anonymous.post(
        '/api/company-application',
        applicationBody({ website: null as unknown as string, memberId: '' }),
      );
      expect(nulls.statusCode).toBe(201);
      expect(await rowOf(absent.json().id)).toMatchObject({ phoneNumber2: null, website: null, memberId: null });
    });

    it('accepts an applicant who turned 16 yesterday', async () => {
      // Yesterday in any time zone is at the latest today in Germany, so the applicant is 16 there.
      const birthDate = lightFormat(subDays(addYears(new Date(), -16), 1), 'yyyy-MM-dd');
      const res = await anonymous.post('/api/company-application', applicationBody({ birthDate }));
      expect(res.statusCode).toBe(201);
      expect(await rowOf(res.json().id)).toMatchObject({ birthDate });
    });

    const T = VALIDATION_TEXTS;
    it.each<[string, Record<string, unknown>, string]>([
      ['a phone number with letters', { phoneNumber: '+49 30 12345' }, `phoneNumber: ${T.invalidPhoneNumber}`],
      ['a phone number with a plus inside', { phoneNumber: '0049+3012345' }, `phoneNumber: ${T.invalidPhoneNumber}`],
      ['a phone number of 17 characters', { phoneNumber: '+4930123456789012' }, `phoneNumber: ${T.tooLong}`],
      ['a phone number of 9 characters', { phoneNumber: '+49301234' }, `phoneNumber: ${T.tooShort}`],
      ['a second phone number with letters', { phoneNumber2: 'zwei' }, `phoneNumber2: ${T.invalidPhoneNumber}`],
      ['a second phone number that is too short', { phoneNumber2: '12345' }, `phoneNumber2: ${T.tooShort}`],
      ['an e-mail without @', { email: 'lena.studio-test.example' }, `email: ${T.email}`],
      ['an e-mail without a domain dot', { email: 'lena@localhost' }, `email: ${T.email}`],
      ['an e-mail with a space', { email: 'lena licht@studio.example' }, `email: ${T.email}`],
      ['a German birth date', { birthDate: '17.03.1984' }, `birthDate: ${T.birthDate}`],
      ['a birth date that does not exist', { birthDate: '1984-02-30' }, `birthDate: ${T.birthDate}`],
      ['a birth date in the future', { birthDate: '2999-01-01' }, `birthDate: ${T.birthDateInFuture}`],
      ['a birth date next year', { birthDate: isoYearsFromNow(1) }, `birthDate: ${T.birthDateInFuture}`],
      ['an applicant of 15 years', { birthDate: isoYearsFromNow(-15) }, `birthDate: ${T.tooYoung}`],
      ['a birth date before 1900', { birthDate: '1899-12-31' }, `birthDate: ${T.birthDate}`],
      ['the birth year 0000', { birthDate: '0000-01-01' }, `birthDate: ${T.birthDate}`],
      ['the birth year 0001', { birthDate: '0001-01-01' }, `birthDate: ${T.birthDate}`],
      ['an empty birth date (the form sends it for an invalid one)', { birthDate: '' }, `birthDate: ${T.required}`],
      ['an unknown legal form', { legalForm: 'Ltd.' }, `legalForm: ${T.option}`],
      ['an unknown country', { country: 'Italien' }, `country: ${T.option}`],
      ['an unknown salutation', { salutation: 'Dr.' }, `salutation: ${T.option}`],
      ['a blank first name', { firstName: '   ' }, `firstName: ${T.required}`],
      ['a first name of 201 characters', { firstName: 'L'.repeat(201) }, `firstName: ${T.textTooLong}`],
      ['a number instead of a text', { lastName: 42 }, 'lastName:'],
      ['an unknown field', { password: 'geheim' }, 'password: Unbekanntes Feld'],
      ['a document id that is no uuid', { documentIds: ['../../etc/passwd'] }, 'documentIds.0: Ungültige Anlage.'],
      [
        'more than 20 documents',
        { documentIds: Array.from({ length: 21 }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`) },
        'documentIds: Es sind höchstens 20 Anlagen erlaubt.',
      ],
    ])('refuses %s with the form’s German message and writes nothing', async (_name, overrides, message) => {
      const body = applicationBody(overrides as never);
      const before = await snapshotTables(app);
      const res = await anonymous.post('/api/company-application', body);
      expect(res.statusCode).toBe(400);
      const error = errorOf(res);
      expect(error.errorCode).toBe('VALIDATION_FAILED');
      expect(error.messages).toHaveLength(1);
      expect(error.messages[0].startsWith(message)).toBe(true);
      expect(await snapshotTables(app)).toEqual(before);
      expect(mailsTo(body.email.trim().toLowerCase())).toHaveLength(0);
    });

    it.each([
      'firstName',
      'lastName',
      'salutation',
      'birthDate',
      'email',
      'companyName',
      'legalForm',
      'address',
      'country',
      'phoneNumber',
    ])('refuses an application without %s', async (field) => {
      const body: Record<string, unknown> = { ...applicationBody() };
      delete body[field];
      const res = await anonymous.post('/api/company-application', body);
      expect(res.statusCode).toBe(400);
      expect(errorOf(res).messages).toEqual([`${field}: ${VALIDATION_TEXTS.required}`]);
    });

    it('names every broken field at once', async () => {
      const res = await anonymous.post(
        '/api/company-application',
        applicationBody({ email: 'kaputt', phoneNumber: '12', country: 'Atlantis' }),
      );
      expect(errorOf(res).messages).toEqual([
        `email: ${VALIDATION_TEXTS.email}`,
        `country: ${VALIDATION_TEXTS.option}`,
        `phoneNumber: ${VALIDATION_TEXTS.tooShort}`,
      ]);
    });

    /** What a caller sees of an answer: status, headers that matter and the body's shape. */
    const shapeOf = (res: Awaited<ReturnType<Client['post']>>) => ({
      status: res.statusCode,
      contentType: res.headers['content-type'],
      keys: Object.keys(res.json()).sort(),
      id: /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/.test(res.json().id),
    });

    it('answers an e-mail that belongs to a user exactly like a new one, and mails the account owner instead', async () => {
      const fresh = await anonymous.post('/api/company-application', applicationBody());
      const [{ n: applicationsBefore }] = await app.db
        .select({ n: sql<number>`count(*)::int` })
        .from(companyApplications);
      const known = await anonymous.post(
        '/api/company-application',
        applicationBody({ email: DEMO.owner.toUpperCase() }),
      );
      expect(shapeOf(known)).toEqual(shapeOf(fresh));
      expect(shapeOf(known)).toMatchObject({ status: 201, id: true });
      const [{ n: applicationsAfter }] = await app.db
        .select({ n: sql<number>`count(*)::int` })
        .from(companyApplications);
      expect(applicationsAfter).toBe(applicationsBefore);
      // The id of the known address's answer confirms nothing and names nothing.
      expect(
        (await anonymous.get(`/api/company-application/${known.json().id}/confirm?token=${'a'.repeat(43)}`)).statusCode,
      ).toBe(404);

      const mail = await mails().waitFor((m) => m.to === DEMO.owner);
      expect(mail.subject).toBe('Registrierungsversuch mit Ihrer E-Mail-Adresse bei Lumio');
      expect(mail.text).toContain('Guten Tag Herr Sonnenschein,');
      expect(mail.text).toContain(
        'jemand hat versucht, mit Ihrer E-Mail-Adresse ein Fotostudio bei Lumio zu registrieren',
      );
      expect(mail.text).toContain('http://localhost:8080/dashboard');
      expect(mail.text).toContain('Passwort vergessen?');
      // Nothing the caller typed reaches the mail (it could be an attacker's text).
      expect(mail.text).not.toContain(applicationBody().companyName);
      expect(mailsTo(DEMO.owner).filter((m) => m.subject.startsWith('Bitte bestätigen'))).toHaveLength(0);
    });

    it('answers an e-mail of an open or a still confirmable application like a new one, stores no second one, and tells the address; an expired one is replaced', async () => {
      const open = await openApplication(app);
      const again = await anonymous.post(
        '/api/company-application',
        applicationBody({ email: open.body.email.toUpperCase() }),
      );
      expect(again.statusCode).toBe(201);
      expect(again.json().id).not.toBe(open.id);
      const pendingMail = await mails().waitFor(
        (m) => m.to === open.body.email && m.subject === 'Registrierungsversuch mit Ihrer E-Mail-Adresse bei Lumio',
      );
      expect(pendingMail.text).toContain('liegt bereits ein Antrag');

      const unconfirmed = await submitApplication(app);
      const second = await anonymous.post(
        '/api/company-application',
        applicationBody({ email: unconfirmed.body.email }),
      );
      expect(second.statusCode).toBe(201);
      const sameEmail = await app.db
        .select()
        .from(companyApplications)
        .where(eq(companyApplications.email, unconfirmed.body.email));
      expect(sameEmail).toHaveLength(1);

      await app.db
        .update(companyApplications)
        .set({ confirmUntil: new Date(Date.now() - 1000) })
        .where(eq(companyApplications.id, unconfirmed.id));
      const afterExpiry = await anonymous.post(
        '/api/company-application',
        applicationBody({ email: unconfirmed.body.email }),
      );
      expect(afterExpiry.statusCode).toBe(201);
      expect(await rowOf(afterExpiry.json().id)).toMatchObject({ status: 'Unconfirmed' });
    });

    it('takes the documents of a known address out of the way and refuses unknown ones alike', async () => {
      const doc = await uploadDocument(app, 'Gewerbeanmeldung.png');
      const known = await anonymous.post(
        '/api/company-application',
        applicationBody({ email: DEMO.owner, documentIds: [doc] }),
      );
      expect(known.statusCode).toBe(201);
      expect(await app.db.select().from(documents).where(eq(documents.id, doc))).toHaveLength(0);
      for (const email of [DEMO.owner, `neu-${Date.now()}@studio-test.example`]) {
        const res = await anonymous.post('/api/company-application', applicationBody({ email, documentIds: [doc] }));
        expect(res.statusCode).toBe(400);
        expect(errorOf(res).messages).toEqual(['Document not found']);
      }
    });

    it('lets only one of two simultaneous applications with the same e-mail through, answering both alike', async () => {
      const email = `doppelt-${Date.now()}@studio-test.example`;
      const results = await Promise.all([
        anonymous.post('/api/company-application', applicationBody({ email })),
        anonymous.post('/api/company-application', applicationBody({ email })),
      ]);
      expect(results.map((r) => r.statusCode).sort()).toEqual([201, 201]);
      const rows = await app.db.select().from(companyApplications).where(eq(companyApplications.email, email));
      expect(rows).toHaveLength(1);
    });

    it('attaches uploaded documents, which the detail then lists by name', async () => {
      const first = await uploadDocument(app, 'Gewerbeanmeldung.png');
      const second = await uploadDocument(app, 'Handwerkskarte.png');
      const { id } = await openApplication(app, { documentIds: [first, second, first] });
      const attached = await app.db.select().from(documents).where(eq(documents.applicationId, id));
      expect(attached).toHaveLength(2);
      const detail = (await admin.get(`/api/company-application/${id}`)).json();
      expect(detail.documents).toEqual([
        { id: first, name: 'Gewerbeanmeldung.png' },
        { id: second, name: 'Handwerkskarte.png' },
      ]);
    });

    it('refuses unknown or already attached documents with "Document not found" and writes nothing', async () => {
      const free = await uploadDocument(app);
      const taken = await uploadDocument(app);
      await submitApplication(app, { documentIds: [taken] });

      for (const documentIds of [
        [free, '7a1c1e4e-2b1f-4c57-9a53-2f5d2b0c9e11'],
        [free, taken],
      ]) {
        const body = applicationBody({ documentIds });
        const before = await snapshotTables(app);
        const res = await anonymous.post('/api/company-application', body);
        expect(res.statusCode).toBe(400);
        expect(errorOf(res).messages).toEqual(['Document not found']);
        expect(await snapshotTables(app)).toEqual(before);
        expect(mailsTo(body.email)).toHaveLength(0);
      }
      const [stillFree] = await app.db.select().from(documents).where(eq(documents.id, free));
      expect(stillFree.applicationId).toBeNull();
    });
  });

  describe('GET /api/company-application/{id}/confirm', () => {
    it('answers the submit with the id only, which confirms nothing without the mailed token', async () => {
      const body = applicationBody();
      const submitted = await anonymous.post('/api/company-application', body);
      expect(Object.keys(submitted.json())).toEqual(['id']);
      const { id } = submitted.json();
      const mailed = await mailedConfirmPath(app, body.email);
      const before = await snapshotTables(app);
      for (const path of [
        `/api/company-application/${id}/confirm`,
        `/api/company-application/${id}/confirm?token=`,
        `/api/company-application/${id}/confirm?token=${'A'.repeat(43)}`,
        `/api/company-application/${id}/confirm?token=${mailed.split('token=')[1].slice(0, 42)}`,
      ]) {
        const res = await anonymous.get(path);
        expect(res.statusCode).toBe(404);
        expect(errorOf(res).messages).toEqual(['No application found']);
      }
      expect(await snapshotTables(app)).toEqual(before);
      expect((await rowOf(id)).status).toBe('Unconfirmed');
    });

    it("does not confirm one application with another application's token", async () => {
      const mine = await submitApplication(app);
      const theirs = await submitApplication(app);
      const myToken = (await mailedConfirmPath(app, mine.body.email)).split('token=')[1];
      const res = await anonymous.get(`/api/company-application/${theirs.id}/confirm?token=${myToken}`);
      expect(res.statusCode).toBe(404);
      expect((await rowOf(theirs.id)).status).toBe('Unconfirmed');
    });

    it('opens the application; a replayed link is harmless', async () => {
      const { id, body } = await submitApplication(app);
      const link = await mailedConfirmPath(app, body.email);
      const first = await anonymous.get(link);
      expect(first.statusCode).toBe(200);
      expect(first.json()).toEqual({ id });
      const row = await rowOf(id);
      expect(row.status).toBe('Open');
      expect(row.confirmedAt).toBeInstanceOf(Date);

      const replay = await anonymous.get(link);
      expect(replay.statusCode).toBe(200);
      expect(replay.json()).toEqual({ id });
      expect(await rowOf(id)).toEqual(row);
    });

    it('answers "No application found" for an expired link and leaves the application unconfirmed', async () => {
      const { id, body } = await submitApplication(app);
      const link = await mailedConfirmPath(app, body.email);
      await app.db
        .update(companyApplications)
        .set({ confirmUntil: new Date(Date.now() - 60_000) })
        .where(eq(companyApplications.id, id));
      const before = await snapshotTables(app);
      const res = await anonymous.get(link);
      expect(res.statusCode).toBe(404);
      expect(errorOf(res).messages).toEqual(['No application found']);
      expect(await snapshotTables(app)).toEqual(before);
      expect((await rowOf(id)).status).toBe('Unconfirmed');
    });

    it.each(['0d0f7a52-4b0e-4d7e-9f61-6c1c8b1f2a33', 'kein-antrag', "1' or '1'='1"])(
      'answers "No application found" for the id %s',
      async (id) => {
        const res = await anonymous.get(`/api/company-application/${encodeURIComponent(id)}/confirm`);
        expect(res.statusCode).toBe(404);
        expect(errorOf(res).messages).toEqual(['No application found']);
      },
    );

    it.each(['Rejected', 'Approved'] as const)(
      'tells a link opened after the decision (%s) that the application was already decided, changing nothing',
      async (decision) => {
        const { id, body } = await openApplication(app);
        const link = await mailedConfirmPath(app, body.email);
        expect((await admin.put(`/api/company-application/${id}/status`, { status: decision })).statusCode).toBe(200);
        const before = await snapshotTables(app);
        const res = await anonymous.get(link);
        expect(res.statusCode).toBe(409);
        expect(errorOf(res).messages).toEqual(['Application already decided']);
        expect(await snapshotTables(app)).toEqual(before);
        expect((await rowOf(id)).status).toBe(decision);
      },
    );
  });

  describe('GET /api/company-application (open applications)', () => {
    const tag = `Liste${Date.now().toString(36)}`;
    let ids: { anna: string; bruno: string; clara: string };

    beforeAll(async () => {
      const anna = await openApplication(app, {
        firstName: 'Anna',
        lastName: `Zeller ${tag}`,
        companyName: `C-Foto ${tag}`,
      });
      const bruno = await openApplication(app, {
        firstName: 'Bruno',
        lastName: `Yilmaz ${tag}`,
        companyName: `A-Foto ${tag}`,
      });
      const clara = await openApplication(app, {
        firstName: 'Clara',
        lastName: `Xander ${tag}`,
        companyName: `B-Foto ${tag}`,
      });
      await submitApplication(app, { lastName: `Unbestätigt ${tag}` });
      const decided = await openApplication(app, { lastName: `Entschieden ${tag}` });
      await admin.put(`/api/company-application/${decided.id}/status`, { status: 'Rejected' });
      ids = { anna: anna.id, bruno: bruno.id, clara: clara.id };
    });

    it('lists only open applications, newest first, with the list columns', async () => {
      const res = await admin.get(`/api/company-application?filter=${tag}`);
      expect(res.statusCode).toBe(200);
      const page = res.json();
      expect(page).toMatchObject({ pageIndex: 0, pageSize: 20, orderBy: null, filter: tag, totalItemCount: 3 });
      expect(page.items.map((i: { id: string }) => i.id)).toEqual([ids.clara, ids.bruno, ids.anna]);
      expect(Object.keys(page.items[0]).sort()).toEqual(
        ['companyName', 'email', 'firstName', 'id', 'lastModifiedAt', 'lastName', 'legalForm'].sort(),
      );
      expect(page.items[0]).toMatchObject({ firstName: 'Clara', legalForm: 'GmbH' });
      expect(new Date(page.items[0].lastModifiedAt).getTime()).toBeGreaterThan(Date.now() - 120_000);
    });

    it('sorts by company name and last name, both ways', async () => {
      const byCompany = (await admin.get(`/api/company-application?filter=${tag}&orderBy=companyName`)).json();
      expect(byCompany.items.map((i: { firstName: string }) => i.firstName)).toEqual(['Bruno', 'Clara', 'Anna']);
      const byName = (await admin.get(`/api/company-application?filter=${tag}&orderBy=lastName%20desc`)).json();
      expect(byName.items.map((i: { firstName: string }) => i.firstName)).toEqual(['Anna', 'Bruno', 'Clara']);
    });

    it('searches first name, last name, e-mail and company name case-insensitively', async () => {
      const search = async (term: string) =>
        (await admin.get(`/api/company-application?filter=${encodeURIComponent(term)}`)).json().items as {
          id: string;
        }[];
      expect((await search('bruno')).map((i) => i.id)).toContain(ids.bruno);
      expect((await search(`yilmaz ${tag}`.toUpperCase())).map((i) => i.id)).toEqual([ids.bruno]);
      expect((await search(`c-foto ${tag}`)).map((i) => i.id)).toEqual([ids.anna]);
      const [anna] = await app.db.select().from(companyApplications).where(eq(companyApplications.id, ids.anna));
      expect((await search(anna.email)).map((i) => i.id)).toEqual([ids.anna]);
    });

    it('pages; a page of one gives the count for the dashboard badge', async () => {
      const total = (await admin.get('/api/company-application?pageSize=1')).json();
      expect(total.items).toHaveLength(1);
      const [{ n }] = (
        await app.db.execute(sql`select count(*)::int as n from company_applications where status = 'Open'`)
      ).rows as { n: number }[];
      expect(total.totalItemCount).toBe(n);
      const second = (await admin.get(`/api/company-application?filter=${tag}&pageSize=2&pageIndex=1`)).json();
      expect(second.items.map((i: { id: string }) => i.id)).toEqual([ids.anna]);
    });

    it.each(['orderBy=status', 'orderBy=birthDate', 'pageSize=500', 'status=Approved'])(
      'refuses the query %s',
      async (query) => {
        const res = await admin.get(`/api/company-application?${query}`);
        expect(res.statusCode).toBe(400);
        expect(errorOf(res).errorCode).toBe('VALIDATION_FAILED');
      },
    );
  });

  describe('GET /api/company-application/{id}', () => {
    it('shows every field of the open application with its studio list', async () => {
      const { id, body } = await openApplication(app, { salutation: 'Divers', phoneNumber2: '+4917012345678' });
      const res = await admin.get(`/api/company-application/${id}`);
      expect(res.statusCode).toBe(200);
      const detail = res.json();
      expect(detail).toEqual({
        id,
        status: 'Open',
        email: body.email,
        salutation: 'Divers',
        firstName: body.firstName,
        lastName: body.lastName,
        birthDate: body.birthDate,
        companyName: body.companyName,
        legalForm: body.legalForm,
        address: body.address,
        country: body.country,
        phoneNumber: body.phoneNumber,
        phoneNumber2: '+4917012345678',
        website: body.website,
        memberId: body.memberId,
        createdAt: expect.any(String),
        lastModifiedAt: expect.any(String),
        documents: [],
        stores: [{ name: body.companyName, address: body.address, country: body.country }],
      });
    });

    it('does not show an unconfirmed, an unknown or a malformed id', async () => {
      const { id } = await submitApplication(app);
      for (const target of [id, '4b7d0c53-1f7e-4f43-a3a4-0c2f3e8f5d21', 'nicht-da']) {
        const res = await admin.get(`/api/company-application/${target}`);
        expect(res.statusCode).toBe(404);
        expect(errorOf(res).messages).toEqual(['No application found']);
      }
    });
  });

  describe('PUT /api/company-application/{id}/status', () => {
    it('rejects: status Rejected, a German mail to the applicant, a second decision is a 409 that writes nothing', async () => {
      const { id, body } = await openApplication(app, { salutation: 'Herr', lastName: 'Roth' });
      const res = await admin.put(`/api/company-application/${id}/status`, { status: 'Rejected' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ id, status: 'Rejected', email: body.email });
      const row = await rowOf(id);
      expect(row.decidedAt).toBeInstanceOf(Date);
      expect(row.companyId).toBeNull();

      const mail = await mails().waitFor((m) => m.to === body.email && m.subject.includes('abgelehnt'));
      expect(mail.subject).toBe('Ihr Antrag bei Lumio wurde abgelehnt');
      expect(mail.text).toContain('Guten Tag Herr Roth,');
      expect(mail.text).toContain(`„${body.companyName}“`);
      expect(mail.html).toContain('Ihr Antrag wurde abgelehnt');

      for (const status of ['Rejected', 'Approved']) {
        const before = await snapshotTables(app);
        const again = await admin.put(`/api/company-application/${id}/status`, { status });
        expect(again.statusCode).toBe(409);
        expect(errorOf(again).messages).toEqual(['Application already decided']);
        expect(await snapshotTables(app)).toEqual(before);
      }
      expect(mailsTo(body.email).filter((m) => m.subject.includes('abgelehnt'))).toHaveLength(1);
    });

    it('refuses to decide an unconfirmed or unknown application', async () => {
      const { id } = await submitApplication(app);
      for (const target of [id, '9a3c5e0f-6b1d-4c2e-8f7a-1d2e3f4a5b6c']) {
        const before = await snapshotTables(app);
        const res = await admin.put(`/api/company-application/${target}/status`, { status: 'Approved' });
        expect(res.statusCode).toBe(404);
        expect(errorOf(res).messages).toEqual(['No application found']);
        expect(await snapshotTables(app)).toEqual(before);
      }
    });

    it.each([{ status: 'Open' }, { status: 'approved' }, {}, { status: 'Approved', companyId: 'x' }])(
      'refuses the body %j',
      async (body) => {
        const { id } = await openApplication(app);
        const res = await admin.put(`/api/company-application/${id}/status`, body);
        expect(res.statusCode).toBe(400);
        expect((await rowOf(id)).status).toBe('Open');
      },
    );

    it('approves: company, studio and owner in one go; the activation link leads to a password and a real login', async () => {
      const { id, body } = await openApplication(app, {
        salutation: 'Frau',
        firstName: 'Olga',
        lastName: 'Ostermann',
        birthDate: '1979-11-05',
        companyName: 'Fotostudio Ostermann e.K.',
        legalForm: 'e.K.',
        country: 'Österreich',
        phoneNumber2: '+4366412345678',
      });
      const res = await admin.put(`/api/company-application/${id}/status`, { status: 'Approved' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ id, status: 'Approved' });

      const row = await rowOf(id);
      expect(row.companyId).toBeTruthy();
      const [company] = await app.db.select().from(companies).where(eq(companies.id, row.companyId!));
      expect(company).toMatchObject({
        name: 'Fotostudio Ostermann e.K.',
        legalForm: 'e.K.',
        address: body.address,
        country: 'Österreich',
        phoneNumber: body.phoneNumber,
        phoneNumber2: '+4366412345678',
        website: body.website,
        memberId: body.memberId,
      });
      const studios = await app.db.select().from(stores).where(eq(stores.companyId, company.id));
      expect(studios).toMatchObject([
        { name: 'Fotostudio Ostermann e.K.', address: body.address, country: 'Österreich' },
      ]);
      const [owner] = await app.db.select().from(users).where(eq(users.email, body.email));
      expect(owner).toMatchObject({
        role: 'Owner',
        status: 'Approved',
        companyId: company.id,
        firstName: 'Olga',
        lastName: 'Ostermann',
        salutation: 'Frau',
        birthDate: '1979-11-05',
        passwordHash: null,
      });

      const mail = await mails().waitFor(
        (m) => m.to === body.email && m.subject === 'Ihr Lumio-Konto wurde eingerichtet',
      );
      expect(mail.text).toContain('Guten Tag Frau Ostermann,');
      expect(mail.text).toContain('72 Stunden');
      const link = /http:\/\/localhost:8080\/realms\/lumio\/login-actions\/set-password\?token=[\w-]{43}/.exec(
        mail.text,
      )?.[0];
      expect(link).toBeDefined();
      expect(mail.html).toContain(`href="${link}"`);

      // The owner follows the link, sets a password and logs in for real.
      const page = await app.inject({ method: 'GET', url: link!.replace('http://localhost:8080', '') });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('Passwort festlegen');
      const token = new URL(link!).searchParams.get('token')!;
      const saved = await app.inject({
        method: 'POST',
        url: '/realms/lumio/login-actions/set-password',
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'http://localhost:8080' },
        payload: new URLSearchParams({
          token,
          'password-new': 'Sonnenlicht2026',
          'password-confirm': 'Sonnenlicht2026',
        }).toString(),
      });
      expect(saved.statusCode).toBe(200);
      expect(saved.body).toContain('Ihr Passwort wurde gespeichert.');
      expect(saved.body).toContain('Jetzt anmelden');

      const { accessToken } = await loginAs(app, body.email, 'Sonnenlicht2026');
      const ownerClient = apiClient(app, accessToken);
      const self = await ownerClient.get('/api/self');
      expect(self.statusCode).toBe(200);
      expect(self.json()).toMatchObject({
        email: body.email,
        role: 'Owner',
        status: 'Approved',
        salutation: 'Frau',
        birthDate: '1979-11-05',
        associatedEntity: { id: company.id },
      });
      // Initial registration is unfinished: the company screens stay closed until the eID binding.
      expect((await ownerClient.get(`/api/company/${company.id}`)).statusCode).toBe(403);
      expect((await admin.get(`/api/company/${company.id}`)).json()).toMatchObject({
        name: 'Fotostudio Ostermann e.K.',
      });
    });

    it('decides a double click once: exactly one company and one owner', async () => {
      const { id, body } = await openApplication(app, { companyName: `Doppelklick ${Date.now()} GmbH` });
      const before = await snapshotTables(app);
      const results = await Promise.all([
        admin.put(`/api/company-application/${id}/status`, { status: 'Approved' }),
        admin.put(`/api/company-application/${id}/status`, { status: 'Approved' }),
      ]);
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      const refused = results.find((r) => r.statusCode === 409)!;
      expect(errorOf(refused).messages).toEqual(['Application already decided']);
      expect(await app.db.select().from(companies).where(eq(companies.name, body.companyName))).toHaveLength(1);
      expect(await app.db.select().from(users).where(eq(users.email, body.email))).toHaveLength(1);
      expect(await snapshotTables(app)).not.toEqual(before);
      await mails().waitFor((m) => m.to === body.email && m.subject === 'Ihr Lumio-Konto wurde eingerichtet');
      expect(mailsTo(body.email).filter((m) => m.subject === 'Ihr Lumio-Konto wurde eingerichtet')).toHaveLength(1);
    });

    it('decides approve and reject racing each other once', async () => {
      const { id } = await openApplication(app);
      const results = await Promise.all([
        admin.put(`/api/company-application/${id}/status`, { status: 'Approved' }),
        admin.put(`/api/company-application/${id}/status`, { status: 'Rejected' }),
      ]);
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      const winner = results.find((r) => r.statusCode === 200)!.json().status;
      expect((await rowOf(id)).status).toBe(winner);
    });

    it('refuses an approval whose e-mail became a user in the meantime and writes nothing', async () => {
      const { id, body } = await openApplication(app);
      await app.db.insert(users).values({
        email: body.email.toUpperCase(),
        firstName: 'Zwischen',
        lastName: 'Zeitig',
        role: 'Employee',
      });
      const before = await snapshotTables(app);
      const res = await admin.put(`/api/company-application/${id}/status`, { status: 'Approved' });
      expect(res.statusCode).toBe(409);
      expect(errorOf(res).messages).toEqual(['E-mail already in use']);
      expect(await snapshotTables(app)).toEqual(before);
      expect((await rowOf(id)).status).toBe('Open');
      expect(mailsTo(body.email).filter((m) => m.subject === 'Ihr Lumio-Konto wurde eingerichtet')).toHaveLength(0);
    });
  });

  it('rate limits the public calls per address', async () => {
    const limited = await buildTestApp({ RATE_LIMIT_PUBLIC_PER_MINUTE: '2' });
    try {
      const client = apiClient(limited);
      const submits = [];
      const bodies = [applicationBody(), applicationBody(), applicationBody()];
      for (const body of bodies) submits.push(await client.post('/api/company-application', body));
      expect(submits.map((r) => r.statusCode)).toEqual([201, 201, 429]);
      expect(errorOf(submits[2]).messages).toEqual(['Too many requests']);
      const confirms = [];
      const link = await mailedConfirmPath(limited, bodies[0].email);
      for (let i = 0; i < 3; i += 1) confirms.push(await client.get(link));
      expect(confirms.map((r) => r.statusCode)).toEqual([200, 200, 429]);
    } finally {
      await limited.close();
    }
  });
});
