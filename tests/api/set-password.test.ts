import { createHash } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD_RULES, PASSWORD_TEXTS } from '../../src/domain/password';
import { loginThrottles, passwordSetupTokens, users } from '../../server/db/schema';
import { IdpUserExistsError, type IdpAdminPort } from '../../server/idp/admin-port';
import { loginThrottleKeys, recordLoginAttempt } from '../../server/idp/login-throttle';
import { apiClient, buildTestApp, DEMO } from './helpers/app';
import { loginAs, refreshTokens } from './helpers/login';

const PAGE = '/realms/lumio/login-actions/set-password';
const ORIGIN = 'http://localhost:8080';
const GOOD = 'Fotolicht2026!';

let counter = 0;

/** The text a user reads on the page (tags dropped, entities decoded). */
function visibleText(res: LightMyRequestResponse): string {
  return res.body
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)))
    .replace(/\s+/g, ' ');
}

describe('IdP-admin port and the set-password page', () => {
  let app: FastifyInstance;
  let port: IdpAdminPort;

  beforeAll(async () => {
    app = await buildTestApp();
    port = app.idpAdmin!;
  });
  afterAll(() => app.close());

  /** A new owner as an approval creates one, with a setup link. */
  async function newUserWithLink() {
    counter += 1;
    const email = `konto-${counter}-${Date.now()}@studio-test.example`;
    return app.db.transaction(async (tx) => {
      const { id } = await port.createUser(tx, {
        email: `  ${email.toUpperCase()} `,
        firstName: 'Paula',
        lastName: 'Passwort',
        salutation: 'Frau',
        birthDate: '1990-02-01',
        role: 'Owner',
        status: 'Approved',
        companyId: null,
        systemIntegratorId: null,
      });
      const link = await port.createPasswordSetupLink(tx, id);
      return { id, email, link, token: new URL(link).searchParams.get('token')! };
    });
  }

  const open = (url: string) => app.inject({ method: 'GET', url: url.replace(ORIGIN, '') });
  function submit(fields: Record<string, string>, headers: Record<string, string> = { origin: ORIGIN }) {
    return app.inject({
      method: 'POST',
      url: PAGE,
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      payload: new URLSearchParams(fields).toString(),
    });
  }
  const userRow = async (id: string) => (await app.db.select().from(users).where(eq(users.id, id)))[0];
  const tokenRow = async (token: string) =>
    (
      await app.db
        .select()
        .from(passwordSetupTokens)
        .where(eq(passwordSetupTokens.tokenHash, createHash('sha256').update(token).digest('hex')))
    )[0];

  describe('the embedded port', () => {
    it('creates the user lower-cased without a password and a 72-hour link whose token is stored only hashed', async () => {
      const before = Date.now();
      const { id, email, link, token } = await newUserWithLink();
      expect(await userRow(id)).toMatchObject({ email, role: 'Owner', status: 'Approved', passwordHash: null });
      expect(link).toMatch(/^http:\/\/localhost:8080\/realms\/lumio\/login-actions\/set-password\?token=[\w-]{43}$/);
      const stored = await tokenRow(token);
      expect(stored.userId).toBe(id);
      expect(stored.usedAt).toBeNull();
      const hours = (stored.expiresAt.getTime() - before) / 3_600_000;
      expect(hours).toBeGreaterThan(71.99);
      expect(hours).toBeLessThan(72.01);
      const all = await app.db.select().from(passwordSetupTokens);
      expect(JSON.stringify(all)).not.toContain(token);
    });

    it('refuses an e-mail that exists already and leaves the transaction usable', async () => {
      const result = await app.db.transaction(async (tx) => {
        const error = await port
          .createUser(tx, {
            email: DEMO.owner,
            firstName: 'Doppelt',
            lastName: 'Vorhanden',
            salutation: null,
            birthDate: null,
            role: 'Owner',
            status: 'Approved',
            companyId: null,
            systemIntegratorId: null,
          })
          .catch((err: unknown) => err);
        const [row] = await tx.select({ id: users.id }).from(users).where(eq(users.email, DEMO.owner));
        return { error, row };
      });
      expect(result.error).toBeInstanceOf(IdpUserExistsError);
      expect(result.row.id).toBeTruthy();
    });
  });

  describe('GET the page', () => {
    it('shows the German form with the password rules, both fields and the token in a hidden field', async () => {
      const { email, link, token } = await newUserWithLink();
      const res = await open(link);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.headers['referrer-policy']).toBe('same-origin');
      expect(res.headers['content-security-policy']).toContain("form-action 'self'");
      expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(res.body).toContain('<title>Passwort festlegen – Lumio</title>');
      const text = visibleText(res);
      expect(text).toContain('Passwort festlegen');
      for (const rule of PASSWORD_RULES) expect(text).toContain(rule);
      expect(PASSWORD_RULES).toEqual(['Mindestens 12 Zeichen', 'Mindestens ein Buchstabe', 'Mindestens eine Ziffer']);
      expect(res.body).toMatch(/<label for="password-new">Passwort<\/label>/);
      expect(res.body).toMatch(/<label for="password-confirm">Passwort wiederholen<\/label>/);
      expect(res.body).toContain(`<input type="hidden" name="token" value="${token}">`);
      expect(res.body).toContain(`method="post" action="${PAGE}"`);
      expect(res.body).toContain(`value="${email}"`);
    });

    it.each([
      ['an unknown token', `${PAGE}?token=${'A'.repeat(43)}`],
      ['a malformed token', `${PAGE}?token=%3Cscript%3E`],
      ['no token', PAGE],
    ])('says the link is invalid for %s', async (_name, url) => {
      const res = await open(url);
      expect(res.statusCode).toBe(404);
      expect(visibleText(res)).toContain('Dieser Link ist ungültig.');
      expect(visibleText(res)).toContain('Einen neuen Link erhalten Sie vom Lumio-Support: kontakt@lumio.example');
      expect(res.body).not.toContain('<script');
    });

    it('says that an expired link ran out after 72 hours and where a new one comes from', async () => {
      const { id, link, token } = await newUserWithLink();
      await app.db
        .update(passwordSetupTokens)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(passwordSetupTokens.tokenHash, (await tokenRow(token)).tokenHash));
      const page = await open(link);
      expect(page.statusCode).toBe(410);
      const text = visibleText(page);
      expect(text).toContain('Link abgelaufen');
      expect(text).toContain('Dieser Link ist abgelaufen: Links zum Festlegen des Passworts gelten 72 Stunden.');
      expect(text).toContain('Einen neuen Link erhalten Sie vom Lumio-Support: kontakt@lumio.example');
      expect(page.body).toContain('href="mailto:kontakt@lumio.example"');
      const post = await submit({ token, 'password-new': GOOD, 'password-confirm': GOOD });
      expect(post.statusCode).toBe(410);
      expect(visibleText(post)).toContain('Dieser Link ist abgelaufen');
      expect((await userRow(id)).passwordHash).toBeNull();
    });

    it('says that a link replaced by a newer one no longer works, while the newer one does', async () => {
      const { id, link } = await newUserWithLink();
      const newer = await app.db.transaction((tx) => port.createPasswordSetupLink(tx, id));
      const old = await open(link);
      expect(old.statusCode).toBe(410);
      expect(visibleText(old)).toContain(
        'Für Ihr Konto wurde inzwischen ein neuer Link verschickt; dieser hier gilt nicht mehr.',
      );
      expect((await open(newer)).statusCode).toBe(200);
    });
  });

  describe('POST the form', () => {
    it.each([
      ['too short', 'Kurz123', PASSWORD_TEXTS.tooShort],
      ['without a digit', 'NurBuchstabenHier', PASSWORD_TEXTS.digit],
      ['without a letter', '123456789012345', PASSWORD_TEXTS.letter],
      ['empty', '', PASSWORD_TEXTS.required],
      ['over 128 characters', `a1${'x'.repeat(127)}`, PASSWORD_TEXTS.tooLong],
    ])('refuses a password %s with the rule’s German message and changes nothing', async (_name, password, message) => {
      const { id, token } = await newUserWithLink();
      const res = await submit({ token, 'password-new': password, 'password-confirm': password });
      expect(res.statusCode).toBe(400);
      expect(visibleText(res)).toContain(message);
      expect(res.body).toContain(`name="token" value="${token}"`);
      expect((await userRow(id)).passwordHash).toBeNull();
      expect((await tokenRow(token)).usedAt).toBeNull();
    });

    it('refuses two different passwords', async () => {
      const { id, token } = await newUserWithLink();
      const res = await submit({ token, 'password-new': GOOD, 'password-confirm': `${GOOD}x` });
      expect(res.statusCode).toBe(400);
      expect(visibleText(res)).toContain('Die beiden Passwörter stimmen nicht überein.');
      expect((await userRow(id)).passwordHash).toBeNull();
    });

    it('refuses a post from another site and changes nothing', async () => {
      const { id, token } = await newUserWithLink();
      for (const origin of ['https://angreifer.example', 'null']) {
        const res = await submit({ token, 'password-new': GOOD, 'password-confirm': GOOD }, { origin });
        expect(res.statusCode).toBe(403);
        expect(visibleText(res)).toContain('Die Anfrage kam nicht von dieser Seite.');
      }
      expect((await userRow(id)).passwordHash).toBeNull();
      expect((await tokenRow(token)).usedAt).toBeNull();
    });

    it('sets the password, clears the login throttle, spends every link of the user, and the real login works', async () => {
      // The newest of two links sets the password; afterwards both tell the user it is set.
      const { id, email, link: earlier } = await newUserWithLink();
      const newest = await app.db.transaction((tx) => port.createPasswordSetupLink(tx, id));
      const token = new URL(newest).searchParams.get('token')!;
      // Failed logins from this test's address (inject's 127.0.0.1), each after the previous
      // wait, the last one just now: a wait of minutes runs. And one from another address.
      const here = loginThrottleKeys(email, '127.0.0.1');
      for (let failure = 15; failure >= 1; failure--) {
        await recordLoginAttempt(app.db, here, false, new Date(Date.now() - (failure - 1) * 16 * 60_000));
      }
      const elsewhere = loginThrottleKeys(email, '198.51.100.77');
      await recordLoginAttempt(app.db, elsewhere, false, new Date());
      expect(await recordLoginAttempt(app.db, here, true, new Date())).toEqual({ throttled: true });

      const res = await submit({ token, 'password-new': GOOD, 'password-confirm': GOOD });
      expect(res.statusCode).toBe(200);
      const text = visibleText(res);
      expect(text).toContain('Ihr Passwort wurde gespeichert.');
      expect(res.body).toMatch(
        /<a class="button" id="kc-login-link" href="http:\/\/localhost:8080\/">Jetzt anmelden<\/a>/,
      );

      const user = await userRow(id);
      expect(user.passwordHash).toMatch(/^scrypt\$/);
      const accountRows = await app.db
        .select()
        .from(loginThrottles)
        .where(inArray(loginThrottles.keyHash, [here.account.hash, here.pair.hash, elsewhere.pair.hash]));
      expect(accountRows).toEqual([]);
      expect((await tokenRow(token)).usedAt).toBeInstanceOf(Date);

      // Both links are spent now: a replay and the other link say the same.
      const replay = await submit({
        token,
        'password-new': 'Anderes2026Passwort',
        'password-confirm': 'Anderes2026Passwort',
      });
      expect(replay.statusCode).toBe(410);
      const used = 'Mit diesem Link wurde Ihr Passwort bereits festgelegt.';
      expect(visibleText(replay)).toContain(used);
      expect(visibleText(await open(earlier))).toContain(used);
      expect((await userRow(id)).passwordHash).toBe(user.passwordHash);

      const { accessToken } = await loginAs(app, email, GOOD);
      const self = await apiClient(app, accessToken).get('/api/self');
      expect(self.json()).toMatchObject({ email, role: 'Owner', status: 'Approved' });
    });

    it('ends every session of an account that had a password when a link sets a new one', async () => {
      const { id, email, token: first } = await newUserWithLink();
      expect((await submit({ token: first, 'password-new': GOOD, 'password-confirm': GOOD })).statusCode).toBe(200);
      const session = await loginAs(app, email, GOOD);
      expect((await apiClient(app, session.accessToken).get('/api/self')).statusCode).toBe(200);
      // A new link for the same account (e.g. sent again by the provider), used by someone else.
      const link = await app.db.transaction((tx) => port.createPasswordSetupLink(tx, id));
      const token = new URL(link).searchParams.get('token')!;
      const next = 'Neues-Licht-2027';
      expect((await submit({ token, 'password-new': next, 'password-confirm': next })).statusCode).toBe(200);

      expect((await apiClient(app, session.accessToken).get('/api/self')).statusCode).toBe(401);
      const refreshed = await refreshTokens(app, session.refreshToken);
      expect(refreshed.statusCode).toBe(400);
      // The new password signs in afresh (the API takes its tokens from the next second on).
      expect((await loginAs(app, email, next)).refreshToken).toBeTruthy();
    });

    it('lets only one of two simultaneous submits of one link through', async () => {
      const { id, token } = await newUserWithLink();
      const results = await Promise.all([
        submit({ token, 'password-new': 'ErstesPasswort1', 'password-confirm': 'ErstesPasswort1' }),
        submit({ token, 'password-new': 'ZweitesPasswort2', 'password-confirm': 'ZweitesPasswort2' }),
      ]);
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 410]);
      expect((await userRow(id)).passwordHash).not.toBeNull();
    });
  });

  it('rate limits the page with a German answer', async () => {
    const limited = await buildTestApp({ RATE_LIMIT_PUBLIC_PER_MINUTE: '2' });
    try {
      const url = `${PAGE}?token=${'B'.repeat(43)}`;
      const answers = [];
      for (let i = 0; i < 3; i += 1) answers.push(await limited.inject({ method: 'GET', url }));
      expect(answers.map((r) => r.statusCode)).toEqual([404, 404, 429]);
      expect(answers[2].headers['content-type']).toContain('text/html');
      expect(visibleText(answers[2])).toContain('Zu viele Versuche.');
    } finally {
      await limited.close();
    }
  });
});
