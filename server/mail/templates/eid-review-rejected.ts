import type { MailMessage } from '../mailer';
import { composeMail, type BrandOwner } from '../layout';
import { greeting, type Addressee } from './greeting';

export interface EidReviewRejectedMail extends Addressee {
  to: string;
  loginUrl: string;
  /** The reviewer's reason as written in the reject dialog (src/domain/eidReviewReason.ts). */
  reason: string;
}

export const EID_REVIEW_REJECTED_SUBJECT = 'Ihre eID-Verifizierung wurde nicht bestätigt';

/**
 * Sent when a LumioAdmin rejects the review: the card is not bound, why (the reviewer's reason,
 * issue 25), and what to do next. The layout escapes the reason in the HTML part.
 */
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
        `Begründung der Prüfung:\n${mail.reason}`,
        'So geht es weiter: Prüfen Sie in der Profilverwaltung, ob Vorname, Nachname und Geburtsdatum genau so wie auf Ihrem Ausweis stehen. Halten Sie dann Ihren Personalausweis bereit und starten Sie die Verifizierung unter „eID-Verifizierung“ erneut.',
        help,
      ],
      button: { label: 'Zu Lumio', url: mail.loginUrl },
    },
    brandOwner,
  );
}
