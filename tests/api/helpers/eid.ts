import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { decodeJwt, importJWK, SignJWT } from 'jose';
import { expect } from 'vitest';
import { EID_SESSION_HEADER, type EidBindingStarted } from '../../../src/domain/eid';
import type { Role, UserStatus } from '../../../src/domain/roles';
import { auditEvents, companies, eidBindings, eidReviews, mailOutbox, users } from '../../../server/db/schema';
import type { AppConfig } from '../../../server/config';
import type { Db } from '../../../server/db/client';
import type { SimulatorAnswer } from '../../../server/eid/simulator';
import { loadIdpSecrets } from '../../../server/idp/keys';
import { apiClient, DEMO } from './app';
import { loginAs } from './login';

export type Client = ReturnType<typeof apiClient>;

export interface PersonOverrides {
  firstName?: string;
  lastName?: string;
  birthDate?: string | null;
  salutation?: string | null;
  role?: Extract<Role, 'Owner' | 'AccountAdministrator' | 'Employee'>;
  /** A company of the person's own instead of Fotostudio Sonnenschein (an owner who may delete it). */
  ownCompany?: boolean;
}

const signers = new WeakMap<FastifyInstance, Promise<(userId: string) => Promise<string>>>();

/**
 * Signs access tokens as the embedded IdP does, with its own key and the claims of a real login
 * (as tests/api/self.test.ts does): the eID tests make dozens of people, and a login each would
 * cost a password hash each.
 */
function signerOf(app: FastifyInstance): Promise<(userId: string) => Promise<string>> {
  let signer = signers.get(app);
  if (!signer) {
    signer = (async () => {
      const claims = decodeJwt((await loginAs(app, DEMO.employee)).accessToken);
      const { signingKey } = await loadIdpSecrets(app.db as Db, { idpCookieSecret: 'unused' } as AppConfig);
      const key = await importJWK(signingKey, 'RS256');
      return (userId: string) => {
        const now = Math.floor(Date.now() / 1000);
        return new SignJWT({ ...claims, sub: userId, iat: now, exp: now + 3600 })
          .setProtectedHeader({ alg: 'RS256', typ: 'at+jwt', kid: signingKey.kid })
          .sign(key);
      };
    })();
    signers.set(app, signer);
  }
  return signer;
}

/** A client with an access token of the user, signed as the embedded IdP signs them. */
export async function clientOf(app: FastifyInstance, userId: string): Promise<Client> {
  return apiClient(app, await (await signerOf(app))(userId));
}

/** A client of a demo user (tests/api/helpers/app.ts DEMO). */
export async function demoClient(app: FastifyInstance, email: string): Promise<Client> {
  const [user] = await app.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return clientOf(app, user.id);
}

let counter = 0;

/**
 * A new user of Fotostudio Sonnenschein in `status` with an access token of their own, so that a
 * test binds a card of its own and shares no one with other tests.
 */
export async function companyPerson(app: FastifyInstance, status: UserStatus, overrides: PersonOverrides = {}) {
  counter += 1;
  const [company] = overrides.ownCompany
    ? await app.db
        .insert(companies)
        .values({
          name: `eID-Test ${counter} GmbH`,
          legalForm: 'GmbH',
          address: 'Testweg 1, 10115 Berlin',
          country: 'Deutschland',
          phoneNumber: '+4930123456789',
        })
        .returning()
    : await app.db.select().from(companies).where(eq(companies.name, 'Fotostudio Sonnenschein GmbH'));
  const email = `eid-${counter}@studio-sonnenschein.example`;
  const [row] = await app.db
    .insert(users)
    .values({
      email,
      firstName: overrides.firstName ?? 'Paula',
      lastName: overrides.lastName ?? `Probe${counter}`,
      salutation: overrides.salutation === undefined ? 'Frau' : overrides.salutation,
      birthDate: overrides.birthDate === undefined ? '1990-05-01' : overrides.birthDate,
      role: overrides.role ?? 'Employee',
      status,
      companyId: company.id,
    })
    .returning();
  const client = await clientOf(app, row.id);
  return { row, client };
}
export type Person = Awaited<ReturnType<typeof companyPerson>>;

/** POST /api/user/eid/bind, expected to start a session. */
export async function startBinding(client: Client): Promise<EidBindingStarted> {
  const res = await client.post('/api/user/eid/bind');
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as EidBindingStarted;
}

/** The status check of the verify screen. */
export function checkStatus(client: Client, sessionId: string | undefined) {
  return client.get(
    '/api/user/eid/bind',
    sessionId === undefined ? {} : { headers: { [EID_SESSION_HEADER]: sessionId } },
  );
}

/** The simulator's phone page as the QR code opens it. */
export function phonePage(app: FastifyInstance, mobileToken: string) {
  return app.inject({ method: 'GET', url: `/dev/eid/${encodeURIComponent(mobileToken)}` });
}

/** A press of one of the phone page's buttons; `card` is the card field (default: as prefilled). */
export async function answerOnPhone(app: FastifyInstance, mobileToken: string, answer: SimulatorAnswer, card?: string) {
  const fields = new URLSearchParams({ answer });
  fields.set('card', card ?? cardOnPage((await phonePage(app, mobileToken)).body));
  return app.inject({
    method: 'POST',
    url: `/dev/eid/${encodeURIComponent(mobileToken)}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: fields.toString(),
  });
}

/** The card number the phone page prefills. */
export function cardOnPage(html: string): string {
  const match = /<input id="card" name="card" value="([^"]*)"/.exec(html);
  if (!match) throw new Error('no card field on the page');
  return match[1];
}

/** Starts a session, answers on the phone and checks the status once: the whole binding. */
export async function bindWith(app: FastifyInstance, client: Client, answer: SimulatorAnswer, card?: string) {
  const started = await startBinding(client);
  const phone = await answerOnPhone(app, started.mobileToken, answer, card);
  expect(phone.statusCode, phone.body).toBe(200);
  return { started, res: await checkStatus(client, started.sessionId) };
}

/** What the database holds about a person's eID and its traces. */
export async function eidStateOf(app: FastifyInstance, userId: string) {
  const [user] = await app.db.select().from(users).where(eq(users.id, userId));
  const bindings = await app.db.select().from(eidBindings).where(eq(eidBindings.userId, userId));
  const reviews = await app.db.select().from(eidReviews).where(eq(eidReviews.userId, userId));
  const audit = await app.db
    .select({ action: auditEvents.action })
    .from(auditEvents)
    .where(eq(auditEvents.entityId, userId));
  const mails = await app.db.select({ kind: mailOutbox.kind }).from(mailOutbox).where(eq(mailOutbox.reference, userId));
  return {
    status: user?.status,
    bindings,
    reviews,
    actions: audit.map((row) => row.action),
    mailKinds: mails.map((row) => row.kind),
  };
}
