import { formatDate } from '../../../src/domain/dates';
import type { MailMessage } from '../mailer';
import { composeMail, type BrandOwner } from '../layout';
import { greeting, type Addressee } from './greeting';

export interface ReportReadyMail extends Addressee {
  to: string;
  /** yyyy-MM-dd, the period the report covers. */
  startDate: string;
  endDate: string;
  /** The page identification-process-reports, where the report is downloaded (never the file itself). */
  pageUrl: string;
}

export const REPORT_READY_SUBJECT = 'Ihre Vorgangsauswertung ist fertig';

/** Sent to the requester once their report is Completed (issue 14): a link to the page, not to the file. */
export function reportReadyMail(mail: ReportReadyMail, brandOwner?: BrandOwner): MailMessage {
  return composeMail(
    mail.to,
    REPORT_READY_SUBJECT,
    {
      title: 'Ihre Vorgangsauswertung ist fertig',
      paragraphs: [
        greeting(mail),
        `die von Ihnen angeforderte Vorgangsauswertung für den Zeitraum ${formatDate(mail.startDate)} bis ${formatDate(mail.endDate)} ist fertig.`,
        'Sie finden sie unter „Vorgangsauswertung anfordern“ in der Liste der Ergebnisse und können sie dort herunterladen, nachdem Sie sich angemeldet haben.',
      ],
      button: { label: 'Zur Vorgangsauswertung', url: mail.pageUrl },
    },
    brandOwner,
  );
}
