import type { MailMessage } from '../mailer';
import { composeMail, type BrandOwner } from '../layout';
import { greeting, type Addressee } from './greeting';

export interface EidReviewRejectedMail extends Addressee {
  to: string;
  loginUrl: string;
}

export const EID_REVIEW_REJECTED_SUBJECT = 'Ihre eID-Verifizierung wurde nicht bestätigt';

/** Sent when a LumioAdmin rejects the review: the card is not bound, the person may try again. */
export function eidReviewRejectedMail(mail: EidReviewRejectedMail, brandOwner?: BrandOwner): MailMessage {
  const help = brandOwner
    ? `Bei Fragen hilft Ihnen der Lumio-Support unter ${brandOwner.contact}.`
    : 'Bei Fragen hilft Ihnen der Lumio-Support.';
  return composeMail(
    mail.to,
    EID_REVIEW_REJECTED_SUBJECT,
    {
      title: 'Ihre eID-Verifizierung wurde nicht bestätigt',
      paragraphs: [
        greeting(mail),
        'Lumio konnte die Daten Ihres Personalausweises nicht Ihrem Benutzerkonto zuordnen. Der Ausweis wurde deshalb nicht mit Ihrem Konto verknüpft, und die Daten des Ausweises wurden gelöscht.',
        `Bitte prüfen Sie Ihre Angaben und starten Sie die eID-Verifizierung unter „eID-Verifizierung“ erneut. ${help}`,
      ],
      button: { label: 'Zu Lumio', url: mail.loginUrl },
    },
    brandOwner,
  );
}
