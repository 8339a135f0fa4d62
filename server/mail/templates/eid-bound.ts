import type { UserStatus } from '../../../src/domain/roles';
import type { MailMessage } from '../mailer';
import { composeMail, type BrandOwner } from '../layout';
import { afterBinding, germanDateTime, notYouNotice } from './eid-next-step';
import { greeting, type Addressee } from './greeting';

export interface EidBoundMail extends Addressee {
  to: string;
  /** The status the binding moved the person to (Verified or VerifiedAndApproved). */
  status: UserStatus;
  boundAt: Date;
  /** The portal's start page, where the login starts. */
  loginUrl: string;
}

export const EID_BOUND_SUBJECT = 'Ein Ausweis wurde mit Ihrem Lumio-Konto verknüpft';

/**
 * Sent when the eID binding matched: the confirmation, and a security notice at the same time,
 * since whoever holds the card and its PIN could have done it.
 */
export function eidBoundMail(mail: EidBoundMail, brandOwner?: BrandOwner): MailMessage {
  return composeMail(
    mail.to,
    EID_BOUND_SUBJECT,
    {
      title: 'Ihr Ausweis ist verknüpft',
      paragraphs: [
        greeting(mail),
        `am ${germanDateTime(mail.boundAt)} Uhr wurde ein Personalausweis per eID-Verifizierung mit Ihrem Lumio-Konto verknüpft. Ihre Identität ist damit bestätigt.`,
        afterBinding(mail.status),
        notYouNotice(brandOwner),
      ],
      button: { label: 'Zu Lumio', url: mail.loginUrl },
    },
    brandOwner,
  );
}
