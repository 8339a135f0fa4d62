import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EID_SESSION_MINUTES } from '../../src/domain/eid';
import { companies, eidBindings, eidReviews, eidSessions, users } from '../../server/db/schema';
import { eidPlugin } from '../../server/eid';
import { DEMO_BOUND_CARD, SIMULATOR_ANSWERS, type SimulatorAnswer } from '../../server/eid/simulator';
import { EID_BOUND_SUBJECT } from '../../server/mail/templates/eid-bound';
import { EID_REVIEW_OPENED_SUBJECT } from '../../server/mail/templates/eid-review-opened';
import { eidSessionRepository } from '../../server/modules/eid-binding/eid-binding.repository';
import { eidBindingService } from '../../server/modules/eid-binding/eid-binding.service';
import { apiClient, buildTestApp, captureLog, DEMO, errorOf } from './helpers/app';
import {
  answerOnPhone,
  bindWith,
  cardOnPage,
  checkStatus,
  companyPerson,
  demoClient,
  eidStateOf,
  phonePage,
  startBinding,
  type Client,
} from './helpers/eid';
import { snapshotTables } from './helpers/snapshot';

const MINUTE_MS = 60_000;
const UNKNOWN_SESSION = '0b6f0a52-5d0e-4d8e-9a43-6b1a2c3d4e5f';

describe('the eID binding (/api/user/eid/bind and the simulator’s phone page)', () => {
  let app: FastifyInstance;
  /** The binding service's clock runs this far ahead of the real one. */
  let clockOffsetMs = 0;
  const clients: Record<string, Client> = {};

  beforeAll(async () => {
    app = await buildTestApp({}, { clock: () => new Date(Date.now() + clockOffsetMs) });
    for (const [key, email] of Object.entries(DEMO)) clients[key] = await demoClient(app, email);
    clients.anonymous = apiClient(app);
  });
  afterAll(() => app.close());

  const mailTo = (email: string, subject: string) =>
    app.mailCatcher!.waitFor((m) => m.to === email && m.subject === subject);

  describe('who may bind', () => {
    it('refuses anonymous callers with 401', async () => {
      for (const res of [
        await clients.anonymous.post('/api/user/eid/bind'),
        await checkStatus(clients.anonymous, UNKNOWN_SESSION),
      ]) {
        expect(res.statusCode).toBe(401);
        expect(errorOf(res).messages).toEqual(['Unauthorized']);
      }
    });

    it.each(['systemAdmin', 'lumioAdmin', 'integrator'])(
      'refuses %s with 403, for the start and the status check',
      async (key) => {
        const before = await snapshotTables(app);
        for (const res of [
          await clients[key].post('/api/user/eid/bind'),
          await checkStatus(clients[key], UNKNOWN_SESSION),
        ]) {
          expect(res.statusCode).toBe(403);
          expect(errorOf(res).messages).toEqual(['Forbidden']);
        }
        expect(await snapshotTables(app)).toEqual(before);
      },
    );

    it.each(['owner', 'accountAdmin', 'employee'])(
      'answers %s, whose ID is bound, 409 eID already bound',
      async (key) => {
        const before = await snapshotTables(app);
        const res = await clients[key].post('/api/user/eid/bind');
        expect(res.statusCode).toBe(409);
        expect(errorOf(res).messages).toEqual(['eID already bound']);
        expect(await snapshotTables(app)).toEqual(before);
        expect((await checkStatus(clients[key], UNKNOWN_SESSION)).statusCode).toBe(404);
      },
    );

    it('refuses a Verified person (bound, waiting for the company) like a finished one', async () => {
      const { client } = await companyPerson(app, 'Verified');
      const res = await client.post('/api/user/eid/bind');
      expect(res.statusCode).toBe(409);
      expect(errorOf(res).messages).toEqual(['eID already bound']);
    });

    it('starts a session for the owner whose registration is unfinished: a QR code of the phone page, a short code, 10 minutes', async () => {
      const startedAt = Date.now();
      const started = await startBinding(clients.unverifiedOwner);
      expect(Object.keys(started).sort()).toEqual([
        'expiresAt',
        'mobileToken',
        'qrValue',
        'sessionId',
        'transactionCode',
      ]);
      expect(started.sessionId).toMatch(/^[0-9a-f-]{36}$/);
      expect(started.mobileToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(started.transactionCode).toMatch(/^[A-HJ-NP-Z2-9]{6}$/);
      // The QR code encodes {PUBLIC_URL}/dev/eid/{mobileToken} (the test app's PUBLIC_URL).
      expect(started.qrValue).toBe(`http://localhost:8080/dev/eid/${started.mobileToken}`);
      const minutes = (Date.parse(started.expiresAt) - startedAt) / MINUTE_MS;
      expect(minutes).toBeGreaterThan(EID_SESSION_MINUTES - 0.1);
      expect(minutes).toBeLessThanOrEqual(EID_SESSION_MINUTES + 0.1);
      expect((await checkStatus(clients.unverifiedOwner, started.sessionId)).statusCode).toBe(204);
    });

    it.each(['Owner', 'AccountAdministrator', 'Employee'] as const)(
      'starts a session for an Unverified %s',
      async (role) => {
        const { client } = await companyPerson(app, role === 'Owner' ? 'Approved' : 'Unverified', { role });
        const started = await startBinding(client);
        const res = await checkStatus(client, started.sessionId);
        expect(res.statusCode).toBe(204);
        expect(res.body).toBe('');
      },
    );
  });

  describe('the phone page', () => {
    it('shows Lumio, the person, the transaction code, the own card and one button per answer, in German', async () => {
      const { row, client } = await companyPerson(app, 'Unverified', { firstName: 'Jörg', lastName: 'Weiß' });
      const started = await startBinding(client);
      const res = await phonePage(app, started.mobileToken);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain('<html lang="de">');
      expect(res.body).toContain('Lumio');
      expect(res.body).toContain('Jörg Weiß');
      expect(res.body).toContain(started.transactionCode);
      expect(cardOnPage(res.body)).toMatch(/^[A-Z0-9]{9}$/);
      for (const label of Object.values(SIMULATOR_ANSWERS)) expect(res.body).toContain(`>${label}</button>`);
      expect(row.id).not.toBe('');
    });

    it('has a strict policy of its own: no script, its one style block, no framing, no referrer to other sites', async () => {
      const { client } = await companyPerson(app, 'Unverified');
      const res = await phonePage(app, (await startBinding(client)).mobileToken);
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toMatch(
        /^default-src 'none'; style-src 'sha256-[A-Za-z0-9+/=]+'; form-action 'self'; frame-ancestors 'none'/,
      );
      expect(res.headers['referrer-policy']).toBe('same-origin');
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.body).not.toMatch(/<script/i);
    });

    it('answers an unknown token with a German page, 404', async () => {
      for (const res of [
        await phonePage(app, 'gibt-es-nicht'),
        await answerOnPhone(app, 'gibt-es-nicht', 'match', 'T22000129'),
      ]) {
        expect(res.statusCode).toBe(404);
        expect(res.body).toContain('Dieser Link ist ungültig oder wurde bereits verwendet.');
      }
    });

    it('refuses a post from another site, and keeps the session open', async () => {
      const { client } = await companyPerson(app, 'Unverified');
      const started = await startBinding(client);
      const res = await app.inject({
        method: 'POST',
        url: `/dev/eid/${started.mobileToken}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://evil.example' },
        payload: 'answer=match&card=T22000129',
      });
      expect(res.statusCode).toBe(403);
      expect((await phonePage(app, started.mobileToken)).statusCode).toBe(200);
      expect((await checkStatus(client, started.sessionId)).statusCode).toBe(204);
    });

    it('asks again for a card number that is not one, and for an answer that is none', async () => {
      const { client } = await companyPerson(app, 'Unverified');
      const started = await startBinding(client);
      const badCard = await answerOnPhone(app, started.mobileToken, 'match', '<b>x</b>');
      expect(badCard.statusCode).toBe(400);
      expect(badCard.body).toContain('Die Ausweisnummer besteht aus 1 bis 40 Buchstaben (A–Z) und Ziffern.');
      expect(badCard.body).not.toContain('<b>x</b>');
      const noAnswer = await app.inject({
        method: 'POST',
        url: `/dev/eid/${started.mobileToken}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'answer=everything',
      });
      expect(noAnswer.statusCode).toBe(400);
      expect(noAnswer.body).toContain('Bitte wählen Sie eine der Antworten.');
      expect((await checkStatus(client, started.sessionId)).statusCode).toBe(204);
    });
  });

  describe('every answer of the simulator', () => {
    it('matching data: an Unverified employee becomes Verified, the card is bound, the person is mailed', async () => {
      const { row, client } = await companyPerson(app, 'Unverified');
      const { res } = await bindWith(app, client, 'match');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ outcome: 'matched', status: 'Verified' });
      const state = await eidStateOf(app, row.id);
      expect(state.status).toBe('Verified');
      expect(state.bindings).toHaveLength(1);
      expect(state.bindings[0]).toMatchObject({
        documentType: 'ID',
        pseudonymHash: expect.stringMatching(/^[0-9a-f]{64}$/),
      });
      expect(state.bindings[0].boundAt).not.toBeNull();
      expect(state.reviews).toEqual([]);
      expect(state.actions).toEqual(['eid.bound']);
      const mail = await mailTo(row.email, EID_BOUND_SUBJECT);
      expect(mail.text).toContain('Guten Tag Frau');
      expect(mail.text).toContain('mit Ihrem Lumio-Konto verknüpft');
      expect(mail.text).toContain('Sobald Ihr Unternehmen Ihr Konto freigegeben hat');
      expect(mail.text).toContain('Falls Sie das nicht selbst veranlasst haben');
    });

    it('matching data: an Approved owner becomes VerifiedAndApproved and may use the portal at once', async () => {
      const { row, client } = await companyPerson(app, 'Approved', { role: 'Owner' });
      expect((await client.get(`/api/company/${row.companyId}`)).statusCode).toBe(403);
      const { res } = await bindWith(app, client, 'match');
      expect(res.json()).toEqual({ outcome: 'matched', status: 'VerifiedAndApproved' });
      expect((await client.get(`/api/company/${row.companyId}`)).statusCode).toBe(200);
      const mail = await mailTo(row.email, EID_BOUND_SUBJECT);
      expect(mail.text).toContain('Ihre Registrierung ist damit abgeschlossen');
    });

    it('matches after normalisation: the card’s capitals, umlauts written out, ß as ss, hyphens', async () => {
      const { row, client } = await companyPerson(app, 'Unverified', { firstName: 'Jürgen', lastName: 'Groß-Böhm' });
      const { res } = await bindWith(app, client, 'match');
      expect(res.json()).toEqual({ outcome: 'matched', status: 'Verified' });
      expect((await eidStateOf(app, row.id)).status).toBe('Verified');
    });

    it.each([
      ['otherBirthDate', ['birthDate'], '1991-05-01', 'PROBE'],
      ['otherName', ['lastName'], '1990-05-01', 'MUSTERMANN'],
    ] as const)(
      '%s: the status stays, a review with the card’s data is opened, the person is mailed',
      async (answer, differences, cardBirthDate, cardFamilyName) => {
        const { row, client } = await companyPerson(app, 'Approved');
        const { res } = await bindWith(app, client, answer);
        expect(res.statusCode).toBe(200);
        expect(res.json()).toEqual({ outcome: 'reviewPending', status: 'Approved' });
        const state = await eidStateOf(app, row.id);
        expect(state.status).toBe('Approved');
        expect(state.bindings).toHaveLength(1);
        expect(state.bindings[0].boundAt).toBeNull();
        expect(state.reviews).toHaveLength(1);
        expect(state.reviews[0]).toMatchObject({ givenNames: 'PAULA', birthDate: cardBirthDate, decidedAt: null });
        expect(state.reviews[0].familyName).toContain(cardFamilyName);
        expect(state.actions).toEqual(['eid.review-opened']);
        const mail = await mailTo(row.email, EID_REVIEW_OPENED_SUBJECT);
        expect(mail.text).toContain(differences[0] === 'birthDate' ? '(Geburtsdatum)' : '(Nachname)');
        expect(mail.text).toContain('Sobald die Prüfung abgeschlossen ist, erhalten Sie eine E-Mail.');
        // While the review is open, no second binding starts.
        const again = await client.post('/api/user/eid/bind');
        expect(again.statusCode).toBe(409);
        expect(errorOf(again).messages).toEqual(['eID review pending']);
      },
    );

    it.each([
      ['alreadyBound', 409, 'EID_DOCUMENT_ALREADY_BOUND', 'eID verification failed'],
      ['sessionExpired', 410, 'EID_SESSION_EXPIRED', 'eID verification failed'],
      ['unreadable', 502, 'EID_RESPONSE_UNREADABLE', 'eID verification failed'],
      ['unknownDocument', 422, 'EID_UNKNOWN_DOCUMENT', 'eID verification failed'],
      ['unknownUser', 422, 'EID_UNKNOWN_USER', 'eID verification failed'],
      ['tokenCannotBeIssued', 503, 'EID_TOKEN_CANNOT_BE_ISSUED', 'eID verification failed'],
      ['cancel', 409, 'EID_CANCELLED', 'eID verification cancelled'],
    ] as const)('%s: %i %s, and nothing changes', async (answer: SimulatorAnswer, status, errorCode, message) => {
      const { row, client } = await companyPerson(app, 'Unverified');
      const { res } = await bindWith(app, client, answer);
      expect(res.statusCode).toBe(status);
      expect(errorOf(res)).toMatchObject({ errorCode, messages: [message], status });
      const state = await eidStateOf(app, row.id);
      expect(state).toMatchObject({ status: 'Unverified', bindings: [], reviews: [], actions: [], mailKinds: [] });
      // The person may start again at once.
      expect((await client.post('/api/user/eid/bind')).statusCode).toBe(201);
    });

    it('already bound: the simulator presents the demo card, which the demo data binds to the demo owner', async () => {
      const [owner] = await app.db.select().from(users).where(eq(users.email, DEMO.owner));
      const [binding] = await app.db.select().from(eidBindings).where(eq(eidBindings.userId, owner.id));
      expect(binding.boundAt).not.toBeNull();
      const { client } = await companyPerson(app, 'Unverified');
      const { res } = await bindWith(app, client, 'match', DEMO_BOUND_CARD);
      expect(errorOf(res).errorCode).toBe('EID_DOCUMENT_ALREADY_BOUND');
    });
  });

  describe('one card, one account', () => {
    it('refuses the card another user bound: the page of that user showed its number', async () => {
      const first = await companyPerson(app, 'Unverified');
      const started = await startBinding(first.client);
      const card = cardOnPage((await phonePage(app, started.mobileToken)).body);
      await answerOnPhone(app, started.mobileToken, 'match', card);
      expect((await checkStatus(first.client, started.sessionId)).json()).toMatchObject({ outcome: 'matched' });

      const second = await companyPerson(app, 'Unverified');
      const { res } = await bindWith(app, second.client, 'match', card.toLowerCase());
      expect(res.statusCode).toBe(409);
      expect(errorOf(res)).toMatchObject({
        errorCode: 'EID_DOCUMENT_ALREADY_BOUND',
        messages: ['eID verification failed'],
      });
      expect(await eidStateOf(app, second.row.id)).toMatchObject({ status: 'Unverified', bindings: [], mailKinds: [] });
    });

    it('refuses the card while the first user’s review is open, too', async () => {
      const first = await companyPerson(app, 'Approved');
      const started = await startBinding(first.client);
      const card = cardOnPage((await phonePage(app, started.mobileToken)).body);
      await answerOnPhone(app, started.mobileToken, 'otherName', card);
      expect((await checkStatus(first.client, started.sessionId)).json()).toMatchObject({ outcome: 'reviewPending' });

      const second = await companyPerson(app, 'Unverified');
      const { res } = await bindWith(app, second.client, 'match', card);
      expect(errorOf(res).errorCode).toBe('EID_DOCUMENT_ALREADY_BOUND');
    });

    it('keeps only a hash of the card: the card number appears nowhere in the database', async () => {
      const { row, client } = await companyPerson(app, 'Unverified');
      const started = await startBinding(client);
      const card = cardOnPage((await phonePage(app, started.mobileToken)).body);
      await answerOnPhone(app, started.mobileToken, 'match', card);
      await checkStatus(client, started.sessionId);
      const dump = JSON.stringify([
        await app.db.select().from(eidBindings).where(eq(eidBindings.userId, row.id)),
        await app.db.select().from(eidSessions).where(eq(eidSessions.userId, row.id)),
      ]);
      expect(dump).not.toContain(card);
      expect(dump).not.toContain(started.mobileToken);
    });
  });

  describe('a session is its user’s, used once, and ends', () => {
    it('answers another user’s session id like an unknown one, and lets it run on for its owner', async () => {
      const owner = await companyPerson(app, 'Unverified');
      const other = await companyPerson(app, 'Unverified');
      const started = await startBinding(owner.client);
      await answerOnPhone(app, started.mobileToken, 'match');
      const before = await snapshotTables(app);
      const res = await checkStatus(other.client, started.sessionId);
      expect(res.statusCode).toBe(404);
      expect(errorOf(res).messages).toEqual(['Session not found']);
      expect(await snapshotTables(app)).toEqual(before);
      expect((await checkStatus(owner.client, started.sessionId)).json()).toEqual({
        outcome: 'matched',
        status: 'Verified',
      });
    });

    it.each([
      ['a missing header', undefined],
      ['an empty header', ''],
      ['no uuid', 'sitzung-1'],
      ['an unknown uuid', UNKNOWN_SESSION],
      ['SQL', "' or 1=1 --"],
      ['10 kB', 'a'.repeat(10 * 1024)],
    ])('answers %s with 404 Session not found', async (_case, header) => {
      const { client } = await companyPerson(app, 'Unverified');
      await startBinding(client);
      const res = await checkStatus(client, header);
      expect(res.statusCode).toBe(404);
      expect(errorOf(res)).toMatchObject({ errorCode: 'NOT_FOUND', messages: ['Session not found'] });
    });

    it('takes the session id in capitals as well', async () => {
      const { client } = await companyPerson(app, 'Unverified');
      const started = await startBinding(client);
      expect((await checkStatus(client, started.sessionId.toUpperCase())).statusCode).toBe(204);
    });

    it('has one effect however often it is asked: one binding, one audit row, one mail, the same answer', async () => {
      const { row, client } = await companyPerson(app, 'Unverified');
      const started = await startBinding(client);
      await answerOnPhone(app, started.mobileToken, 'match');
      const first = await checkStatus(client, started.sessionId);
      const second = await checkStatus(client, started.sessionId);
      expect(first.statusCode).toBe(200);
      expect(second.statusCode).toBe(200);
      expect(second.json()).toEqual(first.json());
      const state = await eidStateOf(app, row.id);
      expect(state.bindings).toHaveLength(1);
      expect(state.actions).toEqual(['eid.bound']);
      expect(state.mailKinds).toEqual(['eid-bound']);
      // The phone cannot answer a used token again.
      for (const res of [
        await phonePage(app, started.mobileToken),
        await answerOnPhone(app, started.mobileToken, 'otherName', 'T1'),
      ]) {
        expect(res.statusCode).toBe(404);
        expect(res.body).toContain('ungültig oder wurde bereits verwendet');
      }
      expect((await checkStatus(client, started.sessionId)).json()).toEqual(first.json());
    });

    it('repeats an error answer as well', async () => {
      const { client } = await companyPerson(app, 'Unverified');
      const { started, res } = await bindWith(app, client, 'cancel');
      const again = await checkStatus(client, started.sessionId);
      expect(again.statusCode).toBe(res.statusCode);
      expect(errorOf(again).errorCode).toBe('EID_CANCELLED');
    });

    it('expires after 10 minutes: 410 EID_SESSION_EXPIRED, and the phone page refuses the token', async () => {
      const { row, client } = await companyPerson(app, 'Unverified');
      const started = await startBinding(client);
      try {
        clockOffsetMs = EID_SESSION_MINUTES * MINUTE_MS - 1000;
        expect((await checkStatus(client, started.sessionId)).statusCode).toBe(204);
        expect((await phonePage(app, started.mobileToken)).statusCode).toBe(200);
        clockOffsetMs = EID_SESSION_MINUTES * MINUTE_MS + 1000;
        expect((await phonePage(app, started.mobileToken)).statusCode).toBe(404);
        const res = await checkStatus(client, started.sessionId);
        expect(res.statusCode).toBe(410);
        expect(errorOf(res)).toMatchObject({ errorCode: 'EID_SESSION_EXPIRED', messages: ['eID verification failed'] });
      } finally {
        clockOffsetMs = 0;
      }
      // Recorded: back in time, the answer stays, and the phone still cannot answer.
      expect((await answerOnPhone(app, started.mobileToken, 'match', 'T1')).statusCode).toBe(404);
      expect((await checkStatus(client, started.sessionId)).statusCode).toBe(410);
      expect(await eidStateOf(app, row.id)).toMatchObject({ status: 'Unverified', bindings: [], actions: [] });
    });

    it('does not accept an answer that arrives after the end', async () => {
      const { row, client } = await companyPerson(app, 'Unverified');
      const started = await startBinding(client);
      await answerOnPhone(app, started.mobileToken, 'match');
      try {
        clockOffsetMs = EID_SESSION_MINUTES * MINUTE_MS + 1000;
        expect((await checkStatus(client, started.sessionId)).statusCode).toBe(410);
      } finally {
        clockOffsetMs = 0;
      }
      expect((await eidStateOf(app, row.id)).status).toBe('Unverified');
    });

    it('ends the earlier session when a new one starts', async () => {
      const { client } = await companyPerson(app, 'Unverified');
      const earlier = await startBinding(client);
      const later = await startBinding(client);
      expect(later.mobileToken).not.toBe(earlier.mobileToken);
      expect((await phonePage(app, earlier.mobileToken)).statusCode).toBe(404);
      const old = await checkStatus(client, earlier.sessionId);
      expect(old.statusCode).toBe(410);
      expect(errorOf(old).errorCode).toBe('EID_SESSION_EXPIRED');
      expect((await checkStatus(client, later.sessionId)).statusCode).toBe(204);
    });

    it('answers from the status the person has when the card answers: no binding the machine refuses', async () => {
      const matching = await companyPerson(app, 'Unverified');
      const differing = await companyPerson(app, 'Unverified');
      const sessions = [await startBinding(matching.client), await startBinding(differing.client)];
      // Meanwhile the person's status moved on where the status machine takes no binding.
      for (const person of [matching, differing]) {
        await app.db.update(users).set({ status: 'Verified' }).where(eq(users.id, person.row.id));
      }
      await answerOnPhone(app, sessions[0].mobileToken, 'match');
      await answerOnPhone(app, sessions[1].mobileToken, 'otherName');
      const matched = await checkStatus(matching.client, sessions[0].sessionId);
      expect(matched.statusCode).toBe(409);
      expect(errorOf(matched).messages).toEqual(['eID already bound']);
      const differed = await checkStatus(differing.client, sessions[1].sessionId);
      expect(differed.statusCode).toBe(409);
      expect(errorOf(differed).errorCode).toBe('EID_DOCUMENT_DOES_NOT_MATCH_USER');
      for (const person of [matching, differing]) {
        expect(await eidStateOf(app, person.row.id)).toMatchObject({ bindings: [], reviews: [], mailKinds: [] });
      }
    });

    it('deletes sessions a day after their end, with the cleanup', async () => {
      const { row, client } = await companyPerson(app, 'Unverified');
      await startBinding(client);
      const repo = eidSessionRepository(app.db);
      await repo.deleteEndedBefore(new Date());
      expect(await app.db.select().from(eidSessions).where(eq(eidSessions.userId, row.id))).toHaveLength(1);
      await repo.deleteEndedBefore(new Date(Date.now() + (EID_SESSION_MINUTES + 1) * MINUTE_MS));
      expect(await app.db.select().from(eidSessions).where(eq(eidSessions.userId, row.id))).toHaveLength(0);
    });
  });

  describe('no eID rows outlive their user', () => {
    it('deletes the binding, review and sessions with the person, and with the company', async () => {
      const person = await companyPerson(app, 'Approved');
      await bindWith(app, person.client, 'otherName');
      await startBinding((await companyPerson(app, 'Unverified')).client);
      expect((await eidStateOf(app, person.row.id)).reviews).toHaveLength(1);
      const deleted = await clients.owner.delete(`/api/company/${person.row.companyId}/user/${person.row.id}`);
      expect(deleted.statusCode).toBe(204);
      expect(await eidStateOf(app, person.row.id)).toMatchObject({ bindings: [], reviews: [] });
      expect(await app.db.select().from(eidSessions).where(eq(eidSessions.userId, person.row.id))).toEqual([]);

      const leaving = await companyPerson(app, 'Approved', { role: 'Owner', ownCompany: true });
      await bindWith(app, leaving.client, 'otherBirthDate');
      expect((await eidStateOf(app, leaving.row.id)).reviews).toHaveLength(1);
      const gone = await leaving.client.delete(`/api/company/${leaving.row.companyId}`);
      expect(gone.statusCode).toBe(204);
      expect(await app.db.select().from(companies).where(eq(companies.id, leaving.row.companyId!))).toEqual([]);
      expect(await eidStateOf(app, leaving.row.id)).toMatchObject({ bindings: [], reviews: [] });
      expect(await app.db.select().from(eidSessions).where(eq(eidSessions.userId, leaving.row.id))).toEqual([]);
    });

    it('closes the open review when the company rejects the person: the card’s data go, the card is free', async () => {
      const person = await companyPerson(app, 'Unverified');
      const started = await startBinding(person.client);
      const card = cardOnPage((await phonePage(app, started.mobileToken)).body);
      await answerOnPhone(app, started.mobileToken, 'otherBirthDate', card);
      await checkStatus(person.client, started.sessionId);
      const rejected = await clients.owner.put(`/api/company/${person.row.companyId}/user/${person.row.id}/status`, {
        status: 'Rejected',
      });
      expect(rejected.statusCode).toBe(200);
      expect(await eidStateOf(app, person.row.id)).toMatchObject({ status: 'Rejected', bindings: [], reviews: [] });
      expect(await app.db.select().from(eidReviews).where(eq(eidReviews.userId, person.row.id))).toEqual([]);
      const next = await companyPerson(app, 'Unverified');
      expect((await bindWith(app, next.client, 'match', card)).res.statusCode).toBe(200);
    });
  });

  describe('without an eID service', () => {
    it('says so once at start and has no phone page', async () => {
      const log = captureLog();
      const bare = Fastify({ logger: { level: 'info', stream: log.stream } });
      bare.decorate('config', { ...app.config, devRoutes: false });
      await bare.register(eidPlugin, { clock: () => new Date() });
      await bare.ready();
      try {
        expect(bare.eid).toBeUndefined();
        expect(log.text().match(/no eID service is configured/g)).toHaveLength(1);
        expect((await bare.inject({ method: 'GET', url: '/dev/eid/irgendwas' })).statusCode).toBe(404);
      } finally {
        await bare.close();
      }
    });

    it('answers a start 503 EID_TOKEN_CANNOT_BE_ISSUED and writes nothing', async () => {
      const { row } = await companyPerson(app, 'Unverified');
      const service = eidBindingService({
        db: app.db,
        config: app.config,
        outbox: app.mailOutbox,
        eid: undefined,
        pseudonymKey: randomBytes(32),
        clock: () => new Date(),
        log: app.log,
      });
      const user = { ...row, companyId: row.companyId!, systemIntegratorId: null, registrationFinished: false };
      const before = await snapshotTables(app);
      await expect(service.start(user)).rejects.toMatchObject({
        status: 503,
        errorCode: 'EID_TOKEN_CANNOT_BE_ISSUED',
        messages: ['eID verification failed'],
      });
      expect(await snapshotTables(app)).toEqual(before);
    });
  });
});
