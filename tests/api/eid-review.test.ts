import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EidReviewDetail, EidReviewListItem } from '../../src/domain/eidReview';
import { EID_REVIEW_REASON_MAX_LENGTH, EID_REVIEW_REASON_TEXTS } from '../../src/domain/eidReviewReason';
import { auditEvents, eidReviews, users } from '../../server/db/schema';
import { DEMO_EID_REVIEW_EMAIL } from '../../server/db/seed';
import { EID_REVIEW_CONFIRMED_SUBJECT } from '../../server/mail/templates/eid-review-confirmed';
import { EID_REVIEW_REJECTED_SUBJECT } from '../../server/mail/templates/eid-review-rejected';
import { apiClient, buildTestApp, DEMO, errorOf } from './helpers/app';
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
  type Person,
} from './helpers/eid';
import { snapshotTables } from './helpers/snapshot';

interface ReviewPage {
  totalItemCount: number;
  orderBy: string | null;
  items: EidReviewListItem[];
}

const UNKNOWN_REVIEW = '0b6f0a52-5d0e-4d8e-9a43-6b1a2c3d4e5f';
const REASON = 'Der Nachname auf dem Ausweis ist ein anderer als im Profil.';

describe('the review of differing eID data (/api/eid-review)', () => {
  let app: FastifyInstance;
  let admin: Client;
  let adminId: string;
  const others: Record<string, Client> = {};
  let seededReviewId: string;

  beforeAll(async () => {
    app = await buildTestApp();
    admin = await demoClient(app, DEMO.lumioAdmin);
    adminId = (await app.db.select().from(users).where(eq(users.email, DEMO.lumioAdmin)))[0].id;
    for (const [key, email] of Object.entries(DEMO)) {
      if (email !== DEMO.lumioAdmin) others[key] = await demoClient(app, email);
    }
    const [lena] = await app.db.select().from(users).where(eq(users.email, DEMO_EID_REVIEW_EMAIL));
    seededReviewId = (await app.db.select().from(eidReviews).where(eq(eidReviews.userId, lena.id)))[0].id;
  });
  afterAll(() => app.close());

  /** A person whose card's data differ (`answer`), so that a review of their own is open. */
  async function inReview(status: 'Unverified' | 'Approved', answer: 'otherName' | 'otherBirthDate' = 'otherName') {
    const person = await companyPerson(app, status);
    const started = await startBinding(person.client);
    const card = cardOnPage((await phonePage(app, started.mobileToken)).body);
    await answerOnPhone(app, started.mobileToken, answer, card);
    expect((await checkStatus(person.client, started.sessionId)).json()).toMatchObject({ outcome: 'reviewPending' });
    const [review] = await app.db.select().from(eidReviews).where(eq(eidReviews.userId, person.row.id));
    return { ...person, reviewId: review.id, card };
  }

  const list = async (query = '') => {
    const res = await admin.get(`/api/eid-review${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as ReviewPage;
  };
  /** A rejection carries a reason unless the test says otherwise. */
  const decide = (id: string, decision: string, client = admin, reason = REASON) =>
    client.put(`/api/eid-review/${id}/decision`, decision === 'reject' ? { decision, reason } : { decision });
  const mailTo = (email: string, subject: string) =>
    app.mailCatcher!.waitFor((m) => m.to === email && m.subject === subject);

  describe('only for LumioAdmin', () => {
    it('refuses anonymous callers with 401', async () => {
      const anonymous = apiClient(app);
      for (const res of [
        await anonymous.get('/api/eid-review'),
        await anonymous.get(`/api/eid-review/${seededReviewId}`),
        await anonymous.put(`/api/eid-review/${seededReviewId}/decision`, { decision: 'confirm' }),
      ]) {
        expect(res.statusCode).toBe(401);
      }
    });

    it.each(['systemAdmin', 'integrator', 'owner', 'accountAdmin', 'employee', 'unverifiedOwner'])(
      'refuses %s with 403 and changes nothing',
      async (key) => {
        const before = await snapshotTables(app);
        for (const res of [
          await others[key].get('/api/eid-review'),
          await others[key].get(`/api/eid-review/${seededReviewId}`),
          await decide(seededReviewId, 'confirm', others[key]),
          await decide(seededReviewId, 'reject', others[key]),
        ]) {
          expect(res.statusCode).toBe(403);
          expect(errorOf(res).messages).toEqual(['Forbidden']);
        }
        expect(await snapshotTables(app)).toEqual(before);
      },
    );
  });

  describe('the list of open reviews', () => {
    it('lists the demo review with the person and the company', async () => {
      const page = await list();
      const item = page.items.find((entry) => entry.id === seededReviewId);
      expect(item).toMatchObject({
        firstName: 'Lena',
        lastName: 'Lindner',
        email: DEMO_EID_REVIEW_EMAIL,
        companyName: 'Fotostudio Sonnenschein GmbH',
      });
      expect(Object.keys(item!).sort()).toEqual(
        ['companyId', 'companyName', 'createdAt', 'email', 'firstName', 'id', 'lastName', 'userId'].sort(),
      );
      expect(page.totalItemCount).toBe(page.items.length);
    });

    it('shows the newest first, sorts by last name and company, and searches', async () => {
      const later = await inReview('Approved');
      const newest = await list();
      expect(newest.items[0].id).toBe(later.reviewId);
      const times = newest.items.map((item) => Date.parse(item.createdAt));
      expect(times).toEqual([...times].sort((a, b) => b - a));

      const byName = await list('?orderBy=lastName');
      const names = byName.items.map((item) => item.lastName);
      expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
      expect((await list('?orderBy=companyName%20desc')).totalItemCount).toBe(newest.totalItemCount);

      const found = await list('?filter=LINDNER');
      expect(found.items.map((item) => item.id)).toEqual([seededReviewId]);
      expect((await list(`?filter=${encodeURIComponent(later.row.email)}`)).items).toHaveLength(1);
      expect((await list('?pageSize=1')).items).toHaveLength(1);
    });

    it.each(['?orderBy=email', '?orderBy=givenNames', '?pageSize=101', '?status=open'])(
      'refuses %s with 400',
      async (query) => {
        const res = await admin.get(`/api/eid-review${query}`);
        expect(res.statusCode).toBe(400);
        expect(errorOf(res).errorCode).toBe('VALIDATION_FAILED');
      },
    );
  });

  describe('one review', () => {
    it('shows the profile beside what the card said, and where they differ', async () => {
      const res = await admin.get(`/api/eid-review/${seededReviewId}`);
      expect(res.statusCode).toBe(200);
      const detail = res.json() as EidReviewDetail;
      expect(detail.user).toMatchObject({
        salutation: 'Frau',
        firstName: 'Lena',
        lastName: 'Lindner',
        birthDate: '1992-11-03',
        email: DEMO_EID_REVIEW_EMAIL,
        role: 'Employee',
        status: 'Approved',
        companyName: 'Fotostudio Sonnenschein GmbH',
      });
      expect(detail.document).toEqual({
        givenNames: 'LENA',
        familyName: 'LINDNER-BERG',
        birthDate: '1992-11-03',
        documentType: 'ID',
      });
      expect(detail.differences).toEqual(['lastName']);
    });

    it('names a differing birth date', async () => {
      const person = await inReview('Unverified', 'otherBirthDate');
      const detail = (await admin.get(`/api/eid-review/${person.reviewId}`)).json() as EidReviewDetail;
      expect(detail.differences).toEqual(['birthDate']);
      expect(detail.document.birthDate).toBe('1991-05-01');
      expect(detail.user.birthDate).toBe('1990-05-01');
    });

    it('answers a malformed id 400 and an unknown one 404', async () => {
      for (const res of [await admin.get('/api/eid-review/abc'), await decide('abc', 'confirm')]) {
        expect(res.statusCode).toBe(400);
        expect(errorOf(res).messages).toEqual(['Invalid eID review id']);
      }
      for (const res of [
        await admin.get(`/api/eid-review/${UNKNOWN_REVIEW}`),
        await decide(UNKNOWN_REVIEW, 'reject'),
      ]) {
        expect(res.statusCode).toBe(404);
        expect(errorOf(res).messages).toEqual(['eID review not found']);
      }
    });

    it.each([
      { decision: 'maybe' },
      {},
      { decision: 'confirm', status: 'VerifiedAndApproved' },
      { decision: 'confirm', reason: REASON },
      { decision: 'reject' },
      { decision: 'reject', reason: null },
      { decision: 'reject', reason: 42 },
      { decision: 'reject', reason: '' },
      { decision: 'reject', reason: ' \u00a0 ' },
      { decision: 'reject', reason: 'x'.repeat(EID_REVIEW_REASON_MAX_LENGTH + 1) },
      { decision: 'reject', reason: 'Erste Zeile\nzweite Zeile' },
    ])('refuses the decision body %j with 400 and changes nothing', async (body) => {
      const before = await snapshotTables(app);
      const res = await admin.put(`/api/eid-review/${seededReviewId}/decision`, body);
      expect(res.statusCode).toBe(400);
      expect(errorOf(res)).toMatchObject({ errorCode: 'VALIDATION_FAILED', status: 400 });
      expect(await snapshotTables(app)).toEqual(before);
    });

    it.each([
      [{ decision: 'reject' }, `reason: ${EID_REVIEW_REASON_TEXTS.reasonRequired}`],
      [{ decision: 'reject', reason: '   ' }, `reason: ${EID_REVIEW_REASON_TEXTS.reasonRequired}`],
      [{ decision: 'reject', reason: 'x'.repeat(501) }, `reason: ${EID_REVIEW_REASON_TEXTS.reasonTooLong}`],
      [{ decision: 'confirm', reason: REASON }, 'reason: Unbekanntes Feld'],
    ])('says in German what is wrong with %j', async (body, message) => {
      const res = await admin.put(`/api/eid-review/${seededReviewId}/decision`, body);
      expect(errorOf(res).messages).toEqual([message]);
    });
  });

  describe('the decision', () => {
    async function expectDecided(person: Person & { reviewId: string }, decision: 'confirm' | 'reject') {
      const [review] = await app.db.select().from(eidReviews).where(eq(eidReviews.id, person.reviewId));
      expect(review).toMatchObject({
        decision,
        reason: decision === 'reject' ? REASON : null,
        decidedBy: adminId,
        givenNames: null,
        familyName: null,
        birthDate: null,
      });
      expect(review.decidedAt).not.toBeNull();
      expect((await admin.get(`/api/eid-review/${person.reviewId}`)).statusCode).toBe(404);
      expect((await list('?pageSize=100')).items.map((item) => item.id)).not.toContain(person.reviewId);
      for (const again of ['confirm', 'reject']) {
        const before = await snapshotTables(app);
        const res = await decide(person.reviewId, again);
        expect(res.statusCode).toBe(409);
        expect(errorOf(res).messages).toEqual(['eID review already decided']);
        expect(await snapshotTables(app)).toEqual(before);
      }
    }

    it('confirm: an Approved person becomes VerifiedAndApproved, the card is bound, mailed and recorded', async () => {
      const person = await inReview('Approved');
      const res = await decide(person.reviewId, 'confirm');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ status: 'VerifiedAndApproved' });
      const state = await eidStateOf(app, person.row.id);
      expect(state.status).toBe('VerifiedAndApproved');
      expect(state.bindings).toHaveLength(1);
      expect(state.bindings[0].boundAt).not.toBeNull();
      expect(state.actions).toEqual(['eid.review-opened', 'eid.review-confirmed']);
      expect(state.mailKinds.sort()).toEqual(['eid-review-confirmed', 'eid-review-opened']);
      const [audit] = await app.db.select().from(auditEvents).where(eq(auditEvents.action, 'eid.review-confirmed'));
      expect(audit).toMatchObject({ actorId: adminId, companyId: person.row.companyId });
      const mail = await mailTo(person.row.email, EID_REVIEW_CONFIRMED_SUBJECT);
      expect(mail.text).toContain('Ihre Identität bestätigt');
      expect(mail.text).toContain('Ihre Registrierung ist damit abgeschlossen');
      await expectDecided(person, 'confirm');
      // Registration finished: the company is the person's now.
      expect((await person.client.get(`/api/company/${person.row.companyId}`)).statusCode).toBe(200);
    });

    it('confirm: an Unverified person becomes Verified and waits for the company', async () => {
      const person = await inReview('Unverified');
      expect((await decide(person.reviewId, 'confirm')).json()).toEqual({ status: 'Verified' });
      const mail = await mailTo(person.row.email, EID_REVIEW_CONFIRMED_SUBJECT);
      expect(mail.text).toContain('Sobald Ihr Unternehmen Ihr Konto freigegeben hat');
    });

    it('confirm: the demo review moves Lena Lindner on', async () => {
      const res = await decide(seededReviewId, 'confirm');
      expect(res.json()).toEqual({ status: 'VerifiedAndApproved' });
    });

    it('reject: the status stays, the card is released, the person is mailed and may try again', async () => {
      const person = await inReview('Approved');
      expect((await person.client.get('/api/self')).json()).toMatchObject({ eidReview: 'open', eidReviewReason: null });
      const res = await decide(person.reviewId, 'reject', admin, `  ${REASON}  `);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ status: 'Approved' });
      const state = await eidStateOf(app, person.row.id);
      expect(state).toMatchObject({ status: 'Approved', bindings: [] });
      expect(state.actions).toEqual(['eid.review-opened', 'eid.review-rejected']);
      const mail = await mailTo(person.row.email, EID_REVIEW_REJECTED_SUBJECT);
      expect(mail.text).toContain(`Begründung der Prüfung:\n${REASON}\n`);
      expect(mail.text).toContain('Halten Sie dann Ihren Personalausweis bereit');
      expect(mail.text).toContain('starten Sie die Verifizierung unter „eID-Verifizierung“ erneut');
      expect(mail.text).toContain('Bei Fragen hilft Ihnen der Lumio-Support');
      expect(mail.html).toContain(REASON);
      // The trimmed reason is kept with the review, in the audit row and in the person's /api/self.
      await expectDecided(person, 'reject');
      const rows = await app.db.select().from(auditEvents).where(eq(auditEvents.action, 'eid.review-rejected'));
      expect(rows.find((row) => row.entityId === person.row.id)?.after).toMatchObject({ reviewReason: REASON });
      expect((await person.client.get('/api/self')).json()).toMatchObject({
        eidReview: 'rejected',
        eidReviewReason: REASON,
      });
      // The same card binds now, with data that match.
      const { res: again } = await bindWith(app, person.client, 'match', person.card);
      expect(again.json()).toEqual({ outcome: 'matched', status: 'VerifiedAndApproved' });
    });

    it('shows the decisions in the person’s history for the company', async () => {
      const person = await inReview('Unverified');
      await decide(person.reviewId, 'reject');
      const owner = others.owner;
      const history = await owner.get(`/api/company/${person.row.companyId}/user/${person.row.id}/history`);
      expect(history.statusCode).toBe(200);
      const actions = (history.json() as { items: { action: string }[] }).items.map((item) => item.action);
      expect(actions).toEqual(['eid.review-rejected', 'eid.review-opened']);
    });

    it('reject: the reason is mailed with its markup escaped', async () => {
      const person = await inReview('Unverified');
      await decide(person.reviewId, 'reject', admin, 'Name <b>Müller</b> & Geburtsdatum weichen ab');
      const mail = await mailTo(person.row.email, EID_REVIEW_REJECTED_SUBJECT);
      expect(mail.text).toContain('Name <b>Müller</b> & Geburtsdatum weichen ab');
      expect(mail.html).toContain('Name &#60;b&#62;Müller&#60;/b&#62; &#38; Geburtsdatum weichen ab');
      expect(mail.html).not.toContain('<b>Müller</b>');
    });

    it('reject: only the person and LumioAdmin read the reason, never the company’s Owner or AccountAdministrator', async () => {
      const person = await inReview('Approved');
      await decide(person.reviewId, 'reject');
      const { companyId, id: userId } = person.row;
      const [owner] = await app.db.select().from(users).where(eq(users.email, DEMO.owner));
      // The demo company's people are the ones the demo Owner and AccountAdministrator manage.
      expect(owner.companyId).toBe(companyId);
      for (const reader of [others.owner, others.accountAdmin]) {
        for (const path of [
          `/api/company/${companyId}/user/${userId}/history`,
          `/api/company/${companyId}/user/${userId}`,
          `/api/company/${companyId}/user?pageSize=100`,
          `/api/company/${companyId}/history?pageSize=100`,
          '/api/self',
          '/api/dashboard',
        ]) {
          const res = await reader.get(path);
          expect(res.body, `${path} must not tell the reason`).not.toContain(REASON);
        }
      }
      const adminHistory = await admin.get(`/api/company/${companyId}/history?pageSize=100`);
      expect(adminHistory.statusCode).toBe(200);
      const rejected = (
        adminHistory.json() as { items: { action: string; entityId: string; changes: unknown[] }[] }
      ).items.filter((item) => item.action === 'eid.review-rejected' && item.entityId === userId);
      expect(rejected[0].changes).toContainEqual({ field: 'reviewReason', before: null, after: REASON });
      expect((await person.client.get('/api/self')).json()).toMatchObject({ eidReviewReason: REASON });
    });

    it('a new review after a rejection takes the reason out of /api/self until it is decided', async () => {
      const person = await inReview('Unverified');
      await decide(person.reviewId, 'reject');
      expect((await person.client.get('/api/self')).json()).toMatchObject({ eidReviewReason: REASON });
      const started = await startBinding(person.client);
      await answerOnPhone(app, started.mobileToken, 'otherName', person.card);
      expect((await checkStatus(person.client, started.sessionId)).json()).toMatchObject({ outcome: 'reviewPending' });
      expect((await person.client.get('/api/self')).json()).toMatchObject({ eidReview: 'open', eidReviewReason: null });
    });
  });
});
