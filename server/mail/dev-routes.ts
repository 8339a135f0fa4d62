import type { FastifyInstance } from 'fastify';
import { forbidden, notFound } from '../errors';
import { escapeHtml } from '../idp/login-page';
import type { CaughtMail, MailCatcher } from './catcher';

/*
 * /dev/mail: the embedded mode's mailbox for developers and the e2e tests. Registered only by
 * the mail plugin in embedded mode, outside /api (no token, no anti-forgery token needed).
 */

const dateFormat = new Intl.DateTimeFormat('de-DE', {
  dateStyle: 'medium',
  timeStyle: 'medium',
  timeZone: 'Europe/Berlin',
});

/*
 * The mail's own HTML is shown in a sandboxed iframe (no scripts, no same-origin rights), whose
 * srcdoc inherits this policy; inline styles and images are what mails use. The injected
 * <base target="_top"> makes a click on a mail link open the target in the whole tab.
 */
const CONTENT_SECURITY_POLICY =
  "default-src 'none'; style-src 'unsafe-inline'; img-src data: http: https:; form-action 'self'; frame-ancestors 'self'";

const STYLE = `
body{margin:0;padding:24px;font-family:system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif;color:#1d2b3a;background:#f4f6fa}
h1{font-size:22px;margin:0 0 16px}
table{border-collapse:collapse;width:100%;background:#fff}
th,td{text-align:left;padding:8px 12px;border-bottom:1px solid #dde3ea;font-size:14px;vertical-align:top}
a{color:#1d4f91}
dl{display:grid;grid-template-columns:max-content 1fr;gap:4px 16px;background:#fff;padding:12px 16px;margin:0 0 16px}
dt{font-weight:600}
dd{margin:0}
iframe{width:100%;height:70vh;border:1px solid #dde3ea;background:#fff}
pre{white-space:pre-wrap;background:#fff;padding:12px 16px;border:1px solid #dde3ea}
`;

function page(title: string, body: string): string {
  return `<!DOCTYPE html>
<html lang="de">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
${body}
</body>
</html>`;
}

/** The switch of the simulated relay outage (server/mail/catcher.ts), to watch the outbox retry. */
function outageForm(outage: boolean): string {
  const state = outage
    ? '<strong>Simulierter Ausfall: Der SMTP-Fänger weist gerade jede Mail vorübergehend ab (451).</strong> Das Portal versucht es mit wachsenden Abständen erneut.'
    : 'Der SMTP-Fänger nimmt Mails an.';
  const button = outage ? 'Ausfall beenden' : 'SMTP-Ausfall simulieren';
  return `<form method="post" action="/dev/mail/outage"><p>${state}
<input type="hidden" name="on" value="${outage ? 'false' : 'true'}"><button type="submit">${button}</button></p></form>`;
}

const EMBEDDED_INTRO =
  'Eingebetteter Modus: Alle E-Mails des Portals landen hier (neueste zuerst) und werden nicht zugestellt.';

function listPage(mails: CaughtMail[], outage: boolean, intro: string): string {
  const rows = mails
    .map(
      (m) => `<tr><td>${escapeHtml(dateFormat.format(m.date))}</td><td>${escapeHtml(m.to)}</td>
<td><a href="/dev/mail/${encodeURIComponent(m.id)}">${escapeHtml(m.subject || '(ohne Betreff)')}</a></td></tr>`,
    )
    .join('\n');
  const body = mails.length
    ? `<table><thead><tr><th>Empfangen</th><th>An</th><th>Betreff</th></tr></thead><tbody>
${rows}
</tbody></table>`
    : '<p>Noch keine E-Mails abgefangen.</p>';
  return page(
    'Abgefangene E-Mails',
    `<h1>Abgefangene E-Mails</h1>
<p>${escapeHtml(intro)} <a href="/dev/mail.json">Als JSON</a></p>
${outageForm(outage)}
${body}`,
  );
}

/** The absolute http(s) links of a mail, so they can be followed from the page directly. */
export function linksOf(html: string): string[] {
  const links = new Set<string>();
  for (const match of html.matchAll(/href\s*=\s*"([^"]*)"/gi)) {
    const href = match[1]
      .replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)))
      .replace(/&quot;/g, '"')
      .replace(/&amp;/g, '&');
    if (/^https?:\/\//i.test(href)) links.add(href);
  }
  return [...links];
}

/** Lets mail links replace the whole tab instead of loading inside the sandboxed frame. */
function withTopTarget(html: string): string {
  const base = '<base target="_top">';
  return /<head[^>]*>/i.test(html) ? html.replace(/<head[^>]*>/i, (head) => `${head}${base}`) : `${base}${html}`;
}

function mailPage(mail: CaughtMail): string {
  const links = linksOf(mail.html);
  const linkList = links.length
    ? `<h2>Links in dieser E-Mail</h2><ul>${links
        .map((l) => `<li><a href="${escapeHtml(l)}">${escapeHtml(l)}</a></li>`)
        .join('')}</ul>`
    : '';
  const htmlPart = mail.html
    ? `<h2>HTML</h2><iframe title="E-Mail-Inhalt" sandbox="allow-popups allow-popups-to-escape-sandbox allow-top-navigation-by-user-activation" srcdoc="${escapeHtml(withTopTarget(mail.html))}"></iframe>`
    : '';
  return page(
    mail.subject || 'E-Mail',
    `<p><a href="/dev/mail">Zurück zur Übersicht</a></p>
<h1>${escapeHtml(mail.subject || '(ohne Betreff)')}</h1>
<dl>
<dt>Empfangen</dt><dd>${escapeHtml(dateFormat.format(mail.date))}</dd>
<dt>Von</dt><dd>${escapeHtml(mail.from)}</dd>
<dt>An</dt><dd>${escapeHtml(mail.to)}</dd>
</dl>
${linkList}
${htmlPart}
<h2>Text</h2>
<pre>${escapeHtml(mail.text)}</pre>`,
  );
}

function asJson(mail: CaughtMail) {
  return {
    id: mail.id,
    date: mail.date.toISOString(),
    from: mail.from,
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
  };
}

export interface DevMailRoutesOptions {
  /** The origin the outage form is posted from; default the portal's PUBLIC_URL. */
  ownOrigin?: string;
  /** The sentence above the list: where the mails come from. */
  intro?: string;
}

/**
 * The mailbox pages: in the portal's embedded mode (server/mail/index.ts), and in the standalone
 * catcher for the portal in production mode and Keycloak (scripts/mail-catcher.ts), which has no
 * app.config and says so through the options.
 */
export function registerDevMailRoutes(
  app: FastifyInstance,
  catcher: MailCatcher,
  options: DevMailRoutesOptions = {},
): void {
  const hide = { schema: { hide: true } };
  const intro = options.intro ?? EMBEDDED_INTRO;

  app.get('/dev/mail', hide, async (_request, reply) =>
    reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('content-security-policy', CONTENT_SECURITY_POLICY)
      .send(listPage(catcher.list(), catcher.outage, intro)),
  );

  // A form of this page only: a post from another site (Origin) is refused.
  const ownOrigin = options.ownOrigin ?? new URL(app.config.publicUrl).origin;
  app.post<{ Body: { on?: string } }>('/dev/mail/outage', hide, async (request, reply) => {
    if (request.headers.origin !== undefined && request.headers.origin !== ownOrigin) throw forbidden();
    catcher.setOutage(request.body?.on === 'true');
    return reply.redirect('/dev/mail', 303);
  });

  app.get('/dev/mail.json', hide, async (_request, reply) =>
    reply.header('cache-control', 'no-store').send(catcher.list().map(asJson)),
  );

  app.get<{ Params: { id: string } }>('/dev/mail/:id', hide, async (request, reply) => {
    const mail = catcher.get(request.params.id);
    if (!mail) throw notFound();
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('content-security-policy', CONTENT_SECURITY_POLICY)
      .send(mailPage(mail));
  });
}
