import { statementMonthLabel as monthInWords } from '../../../src/domain/statements';
import type { UsageCounts } from '../../../src/domain/usage';
import type { MailMessage } from '../mailer';
import { composeMail, type BrandOwner } from '../layout';
import { greeting, type Addressee } from './greeting';

export interface StatementIssuedMail extends Addressee {
  to: string;
  companyName: string;
  /** yyyy-MM */
  month: string;
  totals: UsageCounts;
  /** Corrections of earlier months in this statement (each −1). */
  corrections: number;
  /** The statement's page in the portal (never the PDF: it may hold several studios' data). */
  pageUrl: string;
}

const count = (n: number) => n.toLocaleString('de-DE');

export const statementIssuedSubject = (month: string) => `Ihre Abrechnung für ${monthInWords(month)} ist ausgestellt`;

/**
 * Sent to the company's Owners when a month's statement is issued (issue 27, part 4): the month's
 * totals and a link to the statement; the statement itself only behind the login.
 */
export function statementIssuedMail(mail: StatementIssuedMail, brandOwner?: BrandOwner): MailMessage {
  const { totals } = mail;
  const lines = [
    `Abrechenbare Vorgänge: ${count(totals.billable)}`,
    `davon aus Vorgangspaketen (Prepaid): ${count(totals.prepaid)}`,
    `davon nach Verbrauch (Postpaid): ${count(totals.postpaid)}`,
    `Stornierte Vorgänge (nicht berechnet): ${count(totals.cancelled)}`,
  ];
  if (mail.corrections > 0) lines.push(`Korrekturen früherer Monate: ${count(mail.corrections)}`);
  return composeMail(
    mail.to,
    statementIssuedSubject(mail.month),
    {
      title: `Abrechnung ${monthInWords(mail.month)}`,
      paragraphs: [
        greeting(mail),
        `die Abrechnung von ${mail.companyName} für ${monthInWords(mail.month)} ist ausgestellt. Sie ändert sich nicht mehr; eine spätere Stornierung erscheint als Korrektur in der Abrechnung des Folgemonats.`,
        lines.join('\n'),
        'Die Abrechnung mit allen Studios und Geräten finden Sie im Portal unter „Abrechnungen“; dort können Sie sie als PDF oder CSV herunterladen, nachdem Sie sich angemeldet haben.',
      ],
      button: { label: 'Zur Abrechnung', url: mail.pageUrl },
    },
    brandOwner,
  );
}
