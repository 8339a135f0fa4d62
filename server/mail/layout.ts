import type { AppConfig } from '../config';
import { escapeHtml } from '../html';
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

/** Escaped text with its line breaks kept. */
function htmlText(value: string): string {
  return escapeHtml(value).replace(/\r?\n/g, '<br>');
}

function footerLines(brandOwner: BrandOwner | undefined): string[] {
  if (!brandOwner) return [AUTOMATIC_NOTICE];
  return [
    AUTOMATIC_NOTICE,
    `${brandOwner.name}, ${brandOwner.address}`,
    `${brandOwner.register}, USt-IdNr. ${brandOwner.vatId}, Kontakt: ${brandOwner.contact}`,
  ];
}

const FONT = 'font-family:Arial,Helvetica,sans-serif';
const paragraphHtml = (text: string) =>
  `<p style="margin:0 0 16px;${FONT};font-size:15px;line-height:1.5;color:#1d2b3a">${htmlText(text)}</p>`;

/**
 * The portal's mail layout: the same content as a branded HTML part (tables and inline styles,
 * which every mail client renders) and a plain-text part. Every value is escaped, so names an
 * applicant typed cannot inject markup.
 */
export function renderMail(content: MailContent, brandOwner?: BrandOwner): RenderedMail {
  const button = content.button ? { label: content.button.label, url: checkedUrl(content.button.url) } : undefined;
  const after = content.afterButton ?? [];
  const closing = content.closing ?? DEFAULT_CLOSING;
  const footer = footerLines(brandOwner);

  const buttonHtml = button
    ? `<table role="presentation" cellpadding="0" cellspacing="0" style="margin:8px 0 24px"><tr>
<td style="border-radius:6px;background:#1d4f91"><a href="${escapeHtml(button.url)}" style="display:inline-block;padding:12px 22px;${FONT};font-size:15px;font-weight:bold;color:#ffffff;text-decoration:none;border-radius:6px">${htmlText(button.label)}</a></td>
</tr></table>
<p style="margin:0 0 16px;${FONT};font-size:13px;line-height:1.5;color:#5b6b7c">Falls die Schaltfläche nicht funktioniert, kopieren Sie diesen Link in Ihren Browser:<br><a href="${escapeHtml(button.url)}" style="color:#1d4f91;word-break:break-all">${escapeHtml(button.url)}</a></p>`
    : '';

  const html = `<!DOCTYPE html>
<html lang="de">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(content.title)}</title>
</head>
<body style="margin:0;padding:0;background:#eef2f7">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#eef2f7"><tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:600px;background:#ffffff;border-radius:10px">
<tr><td style="padding:24px 32px 8px;${FONT};font-size:22px;font-weight:bold;color:#1d2b3a"><span style="color:#f5a623">&#9679;</span> Lumio</td></tr>
<tr><td style="padding:8px 32px 24px">
<h1 style="margin:0 0 20px;${FONT};font-size:20px;color:#1d2b3a">${htmlText(content.title)}</h1>
${content.paragraphs.map(paragraphHtml).join('\n')}
${buttonHtml}
${after.map(paragraphHtml).join('\n')}
${paragraphHtml(closing)}
</td></tr>
</table>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:600px"><tr><td style="padding:16px 32px;${FONT};font-size:12px;line-height:1.5;color:#5b6b7c">
${footer.map(htmlText).join('<br>\n')}
</td></tr></table>
</td></tr></table>
</body>
</html>
`;

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
