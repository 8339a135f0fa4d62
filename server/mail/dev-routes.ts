import type { FastifyInstance } from 'fastify';
import { forbidden, notFound } from '../errors';
import { renderView } from '../html';
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

const EMBEDDED_INTRO =
  'Eingebetteter Modus: Alle E-Mails des Portals landen hier (neueste zuerst) und werden nicht zugestellt.';

/** The templates are server/views/dev-mail/. */
function listPage(mails: CaughtMail[], outage: boolean, intro: string): string {
  return renderView('dev-mail/list', { style: STYLE, mails, outage, intro, formatDate: dateFormat.format });
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
  const srcdoc = withTopTarget(mail.html);
  return renderView('dev-mail/mail', {
    style: STYLE,
    mail,
    links: linksOf(mail.html),
    srcdoc,
    formatDate: dateFormat.format,
  });
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
