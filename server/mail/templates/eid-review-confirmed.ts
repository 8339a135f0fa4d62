import type { UserStatus } from '../../../src/domain/roles';
import type { MailMessage } from '../mailer';
import { composeMail, type BrandOwner } from '../layout';
import { afterBinding } from './eid-next-step';
import { greeting, type Addressee } from './greeting';

export interface EidReviewConfirmedMail extends Addressee {
  to: string;
  /** The status the confirmation moved the person to. */
  status: UserStatus;
  loginUrl: string;
}

export const EID_REVIEW_CONFIRMED_SUBJECT = 'Ihre eID-Verifizierung wurde bestätigt';

/** Sent when a LumioAdmin confirms the review: the ID is bound as if the data had matched. */
export function eidReviewConfirmedMail(mail: EidReviewConfirmedMail, brandOwner?: BrandOwner): MailMessage {
  return composeMail(
    mail.to,
    EID_REVIEW_CONFIRMED_SUBJECT,
    {
      title: 'Ihre Identität ist bestätigt',
      paragraphs: [
        greeting(mail),
        'Lumio hat die Abweichung zwischen Ihrem Personalausweis und den Angaben in Ihrem Benutzerkonto geprüft und Ihre Identität bestätigt. Ihr Ausweis ist jetzt mit Ihrem Konto verknüpft.',
        afterBinding(mail.status),
      ],
      button: { label: 'Zu Lumio', url: mail.loginUrl },
    },
    brandOwner,
  );
}
