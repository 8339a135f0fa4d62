import type { MailMessage } from '../mailer';
import { composeMail, type BrandOwner } from '../layout';
import { greeting, type Addressee } from './greeting';

export interface PasswordResetMail extends Addressee {
  to: string;
  /** The one-time set-password link (the embedded identity provider's page). */
  setPasswordUrl: string;
  validMinutes: number;
}

export const PASSWORD_RESET_SUBJECT = 'Neues Passwort für Lumio festlegen';

/**
 * 'Passwort vergessen?' of the embedded identity provider: a one-time link to the set-password
 * page. Setting the password does not sign in: the login afterwards still asks for the second
 * factor of those who have one.
 */
export function passwordResetMail(mail: PasswordResetMail, brandOwner?: BrandOwner): MailMessage {
  return composeMail(
    mail.to,
    PASSWORD_RESET_SUBJECT,
    {
      title: 'Neues Passwort festlegen',
      paragraphs: [
        greeting(mail),
        `für Ihr Lumio-Konto ${mail.to} wurde ein neues Passwort angefordert. Über den folgenden Link legen Sie es fest; danach melden Sie sich mit dem neuen Passwort an.`,
      ],
      button: { label: 'Neues Passwort festlegen', url: mail.setPasswordUrl },
      afterButton: [
        `Der Link ist ${mail.validMinutes} Minuten gültig und kann nur einmal verwendet werden.`,
        'Wenn Sie kein neues Passwort angefordert haben, können Sie diese E-Mail ignorieren: Ihr bisheriges Passwort bleibt gültig.',
      ],
    },
    brandOwner,
  );
}
