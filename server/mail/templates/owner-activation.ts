import type { MailMessage } from '../mailer';
import { composeMail, type BrandOwner } from '../layout';
import { greeting, type Addressee } from './greeting';

export interface OwnerActivationMail extends Addressee {
  to: string;
  companyName: string;
  /** The IdP-admin port's one-time set-password link. */
  setPasswordUrl: string;
  validHours: number;
  /** A LumioAdmin sent the mail again: the text says that earlier links no longer work. */
  resent?: boolean;
}

export const OWNER_ACTIVATION_SUBJECT = 'Ihr Lumio-Konto wurde eingerichtet';

/** Sent after an approval: the new owner sets a password, then logs in and verifies the identity (eID). */
export function ownerActivationMail(mail: OwnerActivationMail, brandOwner?: BrandOwner): MailMessage {
  return composeMail(
    mail.to,
    OWNER_ACTIVATION_SUBJECT,
    {
      title: 'Ihr Antrag wurde angenommen',
      paragraphs: [
        greeting(mail),
        `Ihr Antrag für „${mail.companyName}“ wurde geprüft und angenommen. Wir haben Ihr Unternehmen, Ihr Studio und Ihr Benutzerkonto mit der Rolle „Fotostudio-Inhaber“ angelegt.`,
        `Legen Sie jetzt Ihr Passwort fest. Danach melden Sie sich mit Ihrer E-Mail-Adresse ${mail.to} an und verifizieren Ihre Identität mit Ihrem Personalausweis (eID-Verifizierung).`,
      ],
      button: { label: 'Passwort festlegen', url: mail.setPasswordUrl },
      afterButton: [
        `Der Link ist ${mail.validHours} Stunden gültig und kann nur einmal verwendet werden.`,
        ...(mail.resent
          ? ['Sie erhalten diese E-Mail erneut mit einem neuen Link. Links aus früheren E-Mails gelten nicht mehr.']
          : []),
      ],
    },
    brandOwner,
  );
}
