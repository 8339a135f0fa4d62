import { expect, type APIRequestContext } from '@playwright/test';

/**
 * Where the caught mails are: the portal's own /dev/mail in embedded mode, the standalone catcher
 * (`npm run mail-catcher`, http://localhost:8025) when the portal runs against a real Keycloak.
 */
const MAIL_BASE_URL = process.env.E2E_MAIL_URL ?? '';

/** One entry of GET /dev/mail.json (embedded mode's mail catcher, newest first). */
export interface CaughtMail {
  id: string;
  date: string;
  from: string;
  /** The envelope recipients, comma-separated. */
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface MailQuery {
  to: string;
  /** The mail's exact subject. */
  subject?: string;
}

const isAddressedTo = (mail: CaughtMail, address: string) =>
  mail.to
    .split(',')
    .map((recipient) => recipient.trim().toLowerCase())
    .includes(address.toLowerCase());

/** Every caught mail to the address (and with the subject, when given), newest first. */
export async function mailsTo(request: APIRequestContext, query: MailQuery): Promise<CaughtMail[]> {
  const response = await request.get(`${MAIL_BASE_URL}/dev/mail.json`);
  expect(response.status(), 'GET /dev/mail.json').toBe(200);
  const mails = (await response.json()) as CaughtMail[];
  return mails.filter(
    (mail) => isAddressedTo(mail, query.to) && (query.subject === undefined || mail.subject === query.subject),
  );
}

/**
 * The newest mail matching the query. The server sends mails after it answered (after the
 * commit), so this polls the catcher until the mail is there instead of sleeping.
 */
export async function waitForMail(request: APIRequestContext, query: MailQuery): Promise<CaughtMail> {
  let found: CaughtMail | undefined;
  await expect
    .poll(
      async () => {
        found = (await mailsTo(request, query))[0];
        return found !== undefined;
      },
      { message: `Mail an ${query.to}${query.subject ? ` mit Betreff „${query.subject}“` : ''}`, timeout: 15_000 },
    )
    .toBe(true);
  return found!;
}

/** The absolute http(s) links of the mail's HTML part, entities decoded, in document order. */
export function linksIn(mail: CaughtMail): string[] {
  const links: string[] = [];
  for (const match of mail.html.matchAll(/href\s*=\s*"([^"]*)"/gi)) {
    const href = match[1]
      .replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)))
      .replace(/&#x([0-9a-f]+);/gi, (_, code: string) => String.fromCharCode(parseInt(code, 16)))
      .replace(/&quot;/g, '"')
      .replace(/&amp;/g, '&');
    if (/^https?:\/\//i.test(href) && !links.includes(href)) links.push(href);
  }
  return links;
}

/**
 * The set-password link of an activation mail, whichever identity provider runs: the embedded one
 * serves the page below its realm, with Keycloak it is the portal's own page (docs/idp-admin-port.md).
 */
export const SET_PASSWORD_LINK = /\/(?:realms\/lumio\/login-actions|account)\/set-password\?token=/;

/** The one link of the mail whose URL matches, e.g. the confirmation or set-password link. */
export function linkMatching(mail: CaughtMail, pattern: RegExp): string {
  const matching = linksIn(mail).filter((link) => pattern.test(link));
  expect(matching, `Link ${pattern} in der Mail „${mail.subject}“`).toHaveLength(1);
  return matching[0];
}
