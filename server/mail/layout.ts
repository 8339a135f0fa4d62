import type { AppConfig } from '../config';
import { renderView } from '../html';
import type { MailMessage } from './mailer';

/** What a mail says; every text is plain (German) text, never HTML. */
export interface MailContent {
  /** The heading inside the mail. */
  title: string;
  /** Paragraphs before the button, e.g. the salutation line and the explanation. Line breaks are kept. */
  paragraphs: string[];
  /** One call to action; the URL must be absolute http(s) (it is also written out in the text part). */
  button?: { label: string; url: string };
  /** Paragraphs after the button, e.g. how long the link is valid. */
  afterButton?: string[];
  /** Defaults to 'Mit freundlichen Grüßen' / 'Ihr Lumio-Team'. */
  closing?: string;
}

export type BrandOwner = AppConfig['brandOwner'];

export interface RenderedMail {
  html: string;
  text: string;
}

const DEFAULT_CLOSING = 'Mit freundlichen Grüßen\nIhr Lumio-Team';
const AUTOMATIC_NOTICE = 'Diese E-Mail wurde automatisch versandt. Bitte antworten Sie nicht auf diese E-Mail.';

function checkedUrl(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new Error(`mail button needs an absolute URL, got ${JSON.stringify(url)}`);
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') {
    throw new Error(`mail button needs an http(s) URL, got ${parsed.protocol}`);
  }
  return parsed.toString();
}

function footerLines(brandOwner: BrandOwner | undefined): string[] {
  if (!brandOwner) return [AUTOMATIC_NOTICE];
  return [
    AUTOMATIC_NOTICE,
    `${brandOwner.name}, ${brandOwner.address}`,
    `${brandOwner.register}, USt-IdNr. ${brandOwner.vatId}, Kontakt: ${brandOwner.contact}`,
  ];
}

/**
 * The portal's mail layout: the same content as a branded HTML part (server/views/mail/html.eta)
 * and a plain-text part. Every value is escaped, so names an applicant typed cannot inject markup.
 */
export function renderMail(content: MailContent, brandOwner?: BrandOwner): RenderedMail {
  const button = content.button ? { label: content.button.label, url: checkedUrl(content.button.url) } : undefined;
  const after = content.afterButton ?? [];
  const closing = content.closing ?? DEFAULT_CLOSING;
  const footer = footerLines(brandOwner);
  const html = renderView('mail/html', { ...content, button, afterButton: after, closing, footer });

  const textBlocks = [
    content.title,
    ...content.paragraphs,
    ...(button ? [`${button.label}:\n${button.url}`] : []),
    ...after,
    closing,
    `--\n${footer.join('\n')}`,
  ];
  return { html, text: `${textBlocks.join('\n\n')}\n` };
}

/** A ready-to-send message: `app.mailer.send(composeMail(to, subject, content, app.config.brandOwner))`. */
export function composeMail(to: string, subject: string, content: MailContent, brandOwner?: BrandOwner): MailMessage {
  return { to, subject, ...renderMail(content, brandOwner) };
}
