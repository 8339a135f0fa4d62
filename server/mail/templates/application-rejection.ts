import type { MailMessage } from '../mailer';
import { composeMail, type BrandOwner } from '../layout';
import { greeting, type Addressee } from './greeting';

export interface ApplicationRejectionMail extends Addressee {
  to: string;
  companyName: string;
  /** The rejected application's documents are deleted after this many days. */
  retentionDays: number;
}

export const APPLICATION_REJECTION_SUBJECT = 'Ihr Antrag bei Lumio wurde abgelehnt';

/** Sent after a rejection; names the provider's contact for questions. */
export function applicationRejectionMail(mail: ApplicationRejectionMail, brandOwner: BrandOwner): MailMessage {
  return composeMail(
    mail.to,
    APPLICATION_REJECTION_SUBJECT,
    {
      title: 'Ihr Antrag wurde abgelehnt',
      paragraphs: [
        greeting(mail),
        `leider können wir Ihren Antrag auf Registrierung des Fotostudios „${mail.companyName}“ bei Lumio nach der Prüfung Ihrer Angaben nicht annehmen.`,
        `Ihre hochgeladenen Unterlagen werden nach ${mail.retentionDays} Tagen gelöscht. Bei Fragen wenden Sie sich bitte an ${brandOwner.contact}.`,
      ],
    },
    brandOwner,
  );
}
