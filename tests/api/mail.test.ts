import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../../server/app';
import { loadConfig } from '../../server/config';
import { openDatabase, type Database } from '../../server/db/client';
import { composeMail, renderMail } from '../../server/mail';
import { startMailCatcher, type MailCatcher } from '../../server/mail/catcher';
import { buildTestApp } from './helpers/app';

const BRAND = {
  name: 'Lumio Bildtechnik GmbH',
  address: 'Musterstraße 1, 10115 Berlin',
  register: 'Amtsgericht Berlin-Charlottenburg, HRB 000000',
  vatId: 'DE000000000',
  contact: 'kontakt@lumio.example',
};

function germanMail(to: string, marker: string) {
  return composeMail(
    to,
    `Bitte bestätigen Sie Ihre Registrierung – Größe ${marker}`,
    {
      title: 'Registrierung bestätigen',
      paragraphs: [
        'Sehr geehrte Frau Müller,',
        'vielen Dank für Ihre Anmeldung bei Lumio. Bitte bestätigen Sie Ihre E-Mail-Adresse.',
      ],
      button: {
        label: 'E-Mail-Adresse bestätigen',
        url: `http://localhost:8080/company-application/${marker}/confirm`,
      },
      afterButton: ['Der Link ist 7 Tage gültig.'],
    },
    BRAND,
  );
}

describe('mail in embedded mode', () => {
  let app: FastifyInstance;
  let catcher: MailCatcher;

  beforeAll(async () => {
    app = await buildTestApp({ SEED_DEMO_DATA: 'false' });
    catcher = app.mailCatcher!;
  });
  afterAll(() => app.close());

  it('delivers a German mail over SMTP to the catcher, with subject, umlauts, HTML and text', async () => {
    const marker = randomBytes(4).toString('hex');
    await app.mailer.send(germanMail('erika.mueller@example.de', marker));

    const mail = await catcher.waitFor((m) => m.subject.endsWith(marker));
    expect(mail.subject).toBe(`Bitte bestätigen Sie Ihre Registrierung – Größe ${marker}`);
    expect(mail.to).toBe('erika.mueller@example.de');
    expect(mail.from).toBe('"Lumio" <no-reply@lumio.example>');
    expect(mail.messageId).toBeTruthy();
    expect(mail.html).toContain('<html lang="de">');
    expect(mail.html).toContain('Sehr geehrte Frau Müller,');
    expect(mail.html).toContain(`href="http://localhost:8080/company-application/${marker}/confirm"`);
    expect(mail.html).toContain('E-Mail-Adresse bestätigen');
    expect(mail.text).toContain('Sehr geehrte Frau Müller,');
    expect(mail.text).toContain(
      `E-Mail-Adresse bestätigen:\nhttp://localhost:8080/company-application/${marker}/confirm`,
    );
    expect(mail.text).toContain('Der Link ist 7 Tage gültig.');
    expect(mail.text).toContain('Mit freundlichen Grüßen\nIhr Lumio-Team');
    expect(mail.text).toContain('Lumio Bildtechnik GmbH, Musterstraße 1, 10115 Berlin');
    expect(catcher.get(mail.id)).toEqual(mail);
  });

  it('lists caught mails at /dev/mail, newest first, each linking to its page', async () => {
    const first = randomBytes(4).toString('hex');
    const second = randomBytes(4).toString('hex');
    await app.mailer.send(germanMail('erste@example.de', first));
    await app.mailer.send(germanMail('zweite@example.de', second));
    const older = await catcher.waitFor((m) => m.subject.endsWith(first));
    const newer = await catcher.waitFor((m) => m.subject.endsWith(second));

    const res = await app.inject({ method: 'GET', url: '/dev/mail' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.body).toContain('<h1>Abgefangene E-Mails</h1>');
    const newerAt = res.body.indexOf(`href="/dev/mail/${newer.id}"`);
    const olderAt = res.body.indexOf(`href="/dev/mail/${older.id}"`);
    expect(newerAt).toBeGreaterThan(-1);
    expect(olderAt).toBeGreaterThan(newerAt);
    expect(res.body).toContain(`Bitte bestätigen Sie Ihre Registrierung – Größe ${second}`);
    expect(res.body).toContain('zweite@example.de');
  });

  it('shows one mail at /dev/mail/{id} in a sandboxed frame, with its links clickable', async () => {
    const marker = randomBytes(4).toString('hex');
    await app.mailer.send(germanMail('ansicht@example.de', marker));
    const mail = await catcher.waitFor((m) => m.subject.endsWith(marker));

    const res = await app.inject({ method: 'GET', url: `/dev/mail/${mail.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-security-policy']).toContain("default-src 'none'");
    const link = `http://localhost:8080/company-application/${marker}/confirm`;
    expect(res.body).toContain(`<li><a href="${link}">${link}</a></li>`);
    const frame = /<iframe title="E-Mail-Inhalt" sandbox="([^"]*)" srcdoc="([^"]*)"><\/iframe>/.exec(res.body);
    expect(frame).not.toBeNull();
    expect(frame![1]).not.toContain('allow-scripts');
    expect(frame![1]).not.toContain('allow-same-origin');
    expect(frame![1]).toContain('allow-top-navigation-by-user-activation');
    const srcdoc = frame![2].replace(/&#(\d+);/g, (_, c: string) => String.fromCharCode(Number(c)));
    expect(srcdoc).toContain('<base target="_top">');
    expect(srcdoc).toContain(`href="${link}"`);
    expect(res.body).toContain('<pre>Registrierung bestätigen');
  });

  it('answers an unknown mail id with 404', async () => {
    const res = await app.inject({ method: 'GET', url: '/dev/mail/gibt-es-nicht' });
    expect(res.statusCode).toBe(404);
  });

  it('simulates a relay outage from /dev/mail: the catcher refuses mails with 451 until it is ended', async () => {
    const on = await app.inject({
      method: 'POST',
      url: '/dev/mail/outage',
      headers: { origin: 'http://localhost:8080' },
      payload: { on: 'true' },
    });
    expect(on.statusCode).toBe(303);
    expect(on.headers.location).toBe('/dev/mail');
    const page = await app.inject({ method: 'GET', url: '/dev/mail' });
    expect(page.body).toContain('Simulierter Ausfall: Der SMTP-Fänger weist gerade jede Mail vorübergehend ab (451).');
    expect(page.body).toContain('Ausfall beenden');
    await expect(app.mailer.send(germanMail('ausfall@example.de', 'ausfall'))).rejects.toMatchObject({
      responseCode: 451,
    });

    const foreign = await app.inject({
      method: 'POST',
      url: '/dev/mail/outage',
      headers: { origin: 'https://angreifer.example' },
      payload: { on: 'false' },
    });
    expect(foreign.statusCode).toBe(403);
    expect(catcher.outage).toBe(true);

    await app.inject({ method: 'POST', url: '/dev/mail/outage', payload: { on: 'false' } });
    expect(catcher.outage).toBe(false);
    expect((await app.inject({ method: 'GET', url: '/dev/mail' })).body).toContain('SMTP-Ausfall simulieren');
    await app.mailer.send(germanMail('ausfall@example.de', 'wieder-da'));
    await catcher.waitFor((m) => m.subject.endsWith('wieder-da'));
  });

  it('offers the mails as JSON at /dev/mail.json for the e2e tests', async () => {
    const marker = randomBytes(4).toString('hex');
    await app.mailer.send(germanMail('json@example.de', marker));
    const mail = await catcher.waitFor((m) => m.subject.endsWith(marker));

    const res = await app.inject({ method: 'GET', url: '/dev/mail.json' });
    expect(res.statusCode).toBe(200);
    const list = res.json() as Record<string, string>[];
    expect(list[0]).toEqual({
      id: mail.id,
      date: mail.date.toISOString(),
      from: '"Lumio" <no-reply@lumio.example>',
      to: 'json@example.de',
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
    });
  });

  it('keeps a malicious mail from running script on the /dev/mail pages', async () => {
    await app.mailer.send({
      to: 'x@example.de',
      subject: '<img src=x onerror=alert(1)>',
      html: '<p>Hallo</p><script>alert(1)</script>',
      text: '</pre><script>alert(1)</script>',
    });
    const mail = await catcher.waitFor((m) => m.subject.startsWith('<img'));
    const list = await app.inject({ method: 'GET', url: '/dev/mail' });
    expect(list.body).not.toContain('<img src=x');
    const page = await app.inject({ method: 'GET', url: `/dev/mail/${mail.id}` });
    expect(page.body).not.toContain('<script>');
    expect(page.body).not.toContain('</pre><script>');
  });
});

describe('mail catcher', () => {
  it('keeps at most its limit of mails, dropping the oldest', async () => {
    const catcher = await startMailCatcher({ limit: 2 });
    const { createTransport } = await import('nodemailer');
    const transport = createTransport({ host: '127.0.0.1', port: catcher.port, ignoreTLS: true, pool: true });
    try {
      for (const subject of ['eins', 'zwei', 'drei']) {
        await transport.sendMail({ from: 'a@example.de', to: 'b@example.de', subject, text: subject });
      }
      expect(catcher.list().map((m) => m.subject)).toEqual(['drei', 'zwei']);
    } finally {
      transport.close();
      await catcher.close();
    }
  });

  it('rejects waitFor when no matching mail arrives in time', async () => {
    const catcher = await startMailCatcher();
    try {
      await expect(catcher.waitFor((m) => m.subject === 'nie', 50)).rejects.toThrow(/no matching mail/);
    } finally {
      await catcher.close();
    }
  });
});

describe('mail layout', () => {
  it('escapes every text it puts into the HTML part', () => {
    const { html, text } = renderMail({
      title: 'Antrag von <b>Müller & Söhne</b>',
      paragraphs: ['Firma: "Foto<script>alert(1)</script>"\nzweite Zeile'],
      button: { label: 'Öffnen <jetzt>', url: 'https://portal.example.de/a?b=1&c="2"' },
    });
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<b>');
    expect(html).toContain('Antrag von &#60;b&#62;Müller &#38; Söhne&#60;/b&#62;');
    expect(html).toContain('&#60;script&#62;alert(1)&#60;/script&#62;&#34;<br>zweite Zeile');
    expect(html).toContain('href="https://portal.example.de/a?b=1&#38;c=%222%22"');
    expect(text).toContain('Antrag von <b>Müller & Söhne</b>');
    expect(text).toContain('Öffnen <jetzt>:\nhttps://portal.example.de/a?b=1&c=%222%22');
  });

  it('refuses a button link that is not an absolute http(s) URL', () => {
    expect(() =>
      renderMail({ title: 'T', paragraphs: [], button: { label: 'x', url: 'javascript:alert(1)' } }),
    ).toThrow(/http\(s\)/);
    expect(() => renderMail({ title: 'T', paragraphs: [], button: { label: 'x', url: '/relativ' } })).toThrow(
      /absolute URL/,
    );
  });

  it('ends with the closing, the automatic-mail notice and, when given, the provider imprint', () => {
    const { text } = renderMail({ title: 'Titel', paragraphs: ['Absatz'], closing: 'Viele Grüße' });
    expect(text).toBe(
      'Titel\n\nAbsatz\n\nViele Grüße\n\n--\nDiese E-Mail wurde automatisch versandt. Bitte antworten Sie nicht auf diese E-Mail.\n',
    );
  });
});

describe('mail without embedded mode', () => {
  let relay: MailCatcher;
  let database: Database;
  let app: FastifyInstance;

  beforeAll(async () => {
    // The "real relay": an SMTP server of its own, which SMTP_URL points at.
    relay = await startMailCatcher();
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      EMBEDDED: 'false',
      PUBLIC_URL: 'https://portal.example.de',
      // The database is handed to build() below; the URL only satisfies the configuration check.
      DATABASE_URL: 'postgres://lumio@127.0.0.1:1/lumio',
      // Only contacted when a token has to be verified; this test sends none.
      KEYCLOAK_URL: 'http://127.0.0.1:1',
      KEYCLOAK_ADMIN_CLIENT_SECRET: 'service-account-secret',
      SMTP_URL: `smtp://127.0.0.1:${relay.port}`,
      MAIL_FROM: 'Lumio <no-reply@portal.example.de>',
      DOCUMENT_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
    });
    database = await openDatabase({ dataDir: 'memory://' });
    app = await build({ config, database, logger: false });
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
    await relay?.close();
  });

  it.each(['/dev/mail', '/dev/mail.json', '/dev/mail/123'])('has no %s (404)', async (url) => {
    const res = await app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(404);
    expect(app.printRoutes()).not.toContain('dev/');
  });

  it('has no catcher and sends through SMTP_URL, from MAIL_FROM', async () => {
    expect(app.mailCatcher).toBeUndefined();
    await app.mailer.send(
      composeMail('inhaber@example.de', 'Ihr Zugang zu Lumio – Passwort festlegen', {
        title: 'Passwort festlegen',
        paragraphs: ['Guten Tag Herr Weiß,'],
        button: { label: 'Passwort festlegen', url: 'https://portal.example.de/realms/lumio/passwort/abc' },
      }),
    );
    const mail = await relay.waitFor((m) => m.to === 'inhaber@example.de');
    expect(mail.subject).toBe('Ihr Zugang zu Lumio – Passwort festlegen');
    expect(mail.from).toBe('"Lumio" <no-reply@portal.example.de>');
    expect(mail.text).toContain('Guten Tag Herr Weiß,');
  });

  it('rejects send when the relay cannot be reached, so callers can react', async () => {
    await relay.close();
    await expect(app.mailer.send({ to: 'a@example.de', subject: 'x', html: '<p>x</p>', text: 'x' })).rejects.toThrow();
  });
});
