import { inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../server/db/client';
import { loginThrottles, users } from '../../server/db/schema';
import { loginThrottleKeys } from '../../server/idp/login-throttle';
import { hashPassword } from '../../server/idp/passwords';
import { buildTestApp, DEMO } from './helpers/app';
import { formAction, loginAs, startLogin, submitLogin } from './helpers/login';

const INVALID = 'Ungültiger Benutzername oder Passwort.';

describe('embedded identity provider login form', () => {
  let app: FastifyInstance & { database: Database };

  async function addUser(email: string, password: string | null) {
    const passwordHash = password === null ? null : await hashPassword(password);
    const [user] = await app.database.db
      .insert(users)
      .values({ email, firstName: 'Test', lastName: 'Nutzer', role: 'Employee', passwordHash })
      .returning();
    return user;
  }

  beforeAll(async () => {
    app = await buildTestApp();
  });
  afterAll(() => app.close());

  it('shows a German login form with Keycloak field names', async () => {
    const start = await startLogin(app);
    expect(start.loginPath).toMatch(/^\/realms\/lumio\/login-actions\/authenticate\/[\w-]+$/);
    const res = await start.jar.inject(app, { method: 'GET', url: start.loginPath });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.body).toContain('<html lang="de">');
    expect(res.body).toContain('<title>Anmelden – Lumio</title>');
    expect(res.body).toMatch(/<label for="username">E-Mail-Adresse<\/label>\s*<input id="username" name="username"/);
    expect(res.body).toMatch(
      /<label for="password">Passwort<\/label>\s*<input id="password" name="password" type="password"/,
    );
    expect(res.body).toMatch(/<button id="kc-login"[^>]*>Anmelden<\/button>/);
    expect(formAction(res.body)).toBe(start.loginPath);
    expect(res.body).not.toMatch(/<(link|img|script)\b/);
  });

  it('refuses a wrong password and an unknown e-mail with the same message, keeping the username', async () => {
    const start = await startLogin(app);
    const wrong = await submitLogin(app, start, DEMO.owner, 'falsch');
    expect(wrong.statusCode).toBe(200);
    expect(wrong.body).toContain(INVALID);
    expect(wrong.body).toContain(`value="${DEMO.owner}"`);
    const unknown = await submitLogin(app, start, 'niemand@lumio.example', 'lumio-demo');
    expect(unknown.body).toContain(INVALID);
    expect(unknown.body).toContain('value="niemand@lumio.example"');
  });

  it('answers an empty field with the German message, without counting a failed attempt', async () => {
    const user = await addUser('leer@lumio.example', 'richtig-12345');
    const start = await startLogin(app);
    const form = await start.jar.inject(app, { method: 'GET', url: start.loginPath });
    // The browser leaves empty fields to the server, which answers in German.
    expect(form.body).toMatch(/<form id="kc-form-login"[^>]* novalidate>/);
    for (const [username, password] of [
      ['leer@lumio.example', ''],
      ['', 'richtig-12345'],
      ['   ', ''],
    ]) {
      const res = await submitLogin(app, start, username, password);
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain(INVALID);
    }
    // Nothing was recorded against the account (or the address): no throttle row exists.
    const keys = loginThrottleKeys(user.email, '127.0.0.1');
    const rows = await app.database.db
      .select()
      .from(loginThrottles)
      .where(inArray(loginThrottles.keyHash, [keys.account.hash, keys.pair.hash]));
    expect(rows).toEqual([]);
  });

  it('escapes what the user typed when it shows the form again', async () => {
    const start = await startLogin(app);
    const res = await submitLogin(app, start, '"><script>alert(1)</script>', 'x');
    expect(res.body).toContain(INVALID);
    expect(res.body).not.toContain('<script>alert(1)</script>');
    expect(res.body).toContain('&#34;&#62;&#60;script&#62;alert(1)&#60;/script&#62;');
  });

  it('finds the account regardless of the e-mail case', async () => {
    await expect(loginAs(app, DEMO.systemAdmin.toUpperCase())).resolves.toHaveProperty('accessToken');
  });

  it('never lets a user without a password in', async () => {
    const user = await addUser('ohne-passwort@lumio.example', null);
    const start = await startLogin(app);
    expect((await submitLogin(app, start, user.email, '')).body).toContain(INVALID);
    expect((await submitLogin(app, start, user.email, 'irgendwas')).body).toContain(INVALID);
  });
});

describe('embedded identity provider login rate limit', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp({ RATE_LIMIT_PUBLIC_PER_MINUTE: '3' });
  });
  afterAll(() => app.close());

  it('answers too many form posts from one address with the form and a German message', async () => {
    const start = await startLogin(app);
    for (let attempt = 1; attempt <= 3; attempt++) {
      expect((await submitLogin(app, start, DEMO.owner, 'falsch')).statusCode).toBe(200);
    }
    const limited = await submitLogin(app, start, DEMO.owner, 'lumio-demo');
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['content-type']).toContain('text/html');
    expect(limited.body).toContain(
      'Zu viele Anmeldeversuche. Bitte warten Sie eine Minute und versuchen Sie es dann erneut.',
    );
    expect(limited.body).toContain('id="kc-login"');
  });
});
