import type { IdentityField } from '../../../src/domain/eid';
import type { MailMessage } from '../mailer';
import { composeMail, type BrandOwner } from '../layout';
import { notYouNotice } from './eid-next-step';
import { greeting, type Addressee } from './greeting';

export interface EidReviewOpenedMail extends Addressee {
  to: string;
  /** Which of the compared fields differ (never the card's values). */
  differences: IdentityField[];
}

export const EID_REVIEW_OPENED_SUBJECT = 'Ihre eID-Verifizierung wird geprüft';

const FIELD_NAMES: Record<IdentityField, string> = {
  firstName: 'Vorname',
  lastName: 'Nachname',
  birthDate: 'Geburtsdatum',
};

/** Sent when the card's data differ from the profile: a LumioAdmin reviews them (dialog verifyPendingApproval). */
export function eidReviewOpenedMail(mail: EidReviewOpenedMail, brandOwner?: BrandOwner): MailMessage {
  const fields = mail.differences.map((field) => FIELD_NAMES[field]).join(', ');
  return composeMail(
    mail.to,
    EID_REVIEW_OPENED_SUBJECT,
    {
      title: 'Ihre Angaben werden geprüft',
      paragraphs: [
        greeting(mail),
        `Sie haben sich mit Ihrem Personalausweis bei Lumio ausgewiesen. Die Daten des Ausweises weichen jedoch von den Angaben in Ihrem Benutzerkonto ab (${fields}).`,
        'Deshalb prüft ein Mitarbeiter von Lumio Ihre Angaben von Hand. Sobald die Prüfung abgeschlossen ist, erhalten Sie eine E-Mail. Bis dahin ist nichts weiter zu tun.',
        notYouNotice(brandOwner),
      ],
    },
    brandOwner,
  );
}
