import { formatDate, todayInGermany } from '../../../src/domain/dates';
import type { MailMessage } from '../mailer';
import { composeMail, type BrandOwner } from '../layout';
import { greeting, type Addressee } from './greeting';

export interface DataExportReadyMail extends Addressee {
  to: string;
  /** Until when the export can be downloaded. */
  expiresAt: Date;
  /** The profile page, where the export is downloaded (never the file itself). */
  pageUrl: string;
}

export const DATA_EXPORT_READY_SUBJECT = 'Ihre Daten stehen zum Herunterladen bereit';

/** Sent once a person's data export is ready (issue 28 part 3): a link to the profile, not the file. */
export function dataExportReadyMail(mail: DataExportReadyMail, brandOwner?: BrandOwner): MailMessage {
  return composeMail(
    mail.to,
    DATA_EXPORT_READY_SUBJECT,
    {
      title: 'Ihre Daten stehen bereit',
      paragraphs: [
        greeting(mail),
        'die von Ihnen angeforderte Zusammenstellung Ihrer Daten („Meine Daten“) ist fertig.',
        `Sie können sie nach der Anmeldung in Ihrer Profilverwaltung unter „Meine Daten“ bis zum ${formatDate(todayInGermany(mail.expiresAt))} herunterladen. Danach wird sie gelöscht; Sie können jederzeit eine neue anfordern.`,
        'Falls Sie diese Zusammenstellung nicht angefordert haben, wenden Sie sich bitte an den Lumio-Support.',
      ],
      button: { label: 'Zu Meine Daten', url: mail.pageUrl },
    },
    brandOwner,
  );
}
