import type { MailMessage } from '../mailer';
import { composeMail, type BrandOwner } from '../layout';
import { greeting, type Addressee } from './greeting';

export interface EmailChangeConfirmationMail extends Addressee {
  /** The NEW address: only its owner can confirm the change. */
  to: string;
  /** {PUBLIC_URL}/user-email-change-request/{id}/confirm?token=… (or the administrator's route). */
  confirmUrl: string;
  validHours: number;
}

export const EMAIL_CHANGE_CONFIRMATION_SUBJECT = 'Bitte bestätigen Sie Ihre neue E-Mail-Adresse';

/** Sent to the new address after a user asked for the change on the profile page. */
export function emailChangeConfirmationMail(mail: EmailChangeConfirmationMail, brandOwner?: BrandOwner): MailMessage {
  return composeMail(
    mail.to,
    EMAIL_CHANGE_CONFIRMATION_SUBJECT,
    {
      title: 'Neue E-Mail-Adresse bestätigen',
      paragraphs: [
        greeting(mail),
        `Sie möchten die E-Mail-Adresse Ihres Lumio-Kontos in ${mail.to} ändern. Bitte bestätigen Sie die neue Adresse über den folgenden Link.`,
      ],
      button: { label: 'E-Mail-Adresse bestätigen', url: mail.confirmUrl },
      afterButton: [
        `Der Link ist ${mail.validHours} Stunden gültig und kann nur einmal verwendet werden. Mit der Bestätigung werden alle bestehenden Anmeldungen beendet; danach melden Sie sich mit der neuen E-Mail-Adresse an.`,
        'Falls Sie diese Änderung nicht angefordert haben, können Sie diese E-Mail ignorieren. Ihre bisherige E-Mail-Adresse bleibt dann bestehen.',
      ],
    },
    brandOwner,
  );
}
