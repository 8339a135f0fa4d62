import type { MailMessage } from '../mailer';
import { composeMail, type BrandOwner } from '../layout';
import { greeting, type Addressee } from './greeting';

export interface RegistrationAttemptMail extends Addressee {
  to: string;
  /** What the address already has: an account, or an application still waiting (open or unconfirmed). */
  holds: 'account' | 'application';
  /** {PUBLIC_URL}/dashboard: the portal sends a visitor who is not logged in to its login page. */
  loginUrl: string;
}

export const REGISTRATION_ATTEMPT_SUBJECT = 'Registrierungsversuch mit Ihrer E-Mail-Adresse bei Lumio';

/**
 * Sent instead of a refusal when someone registers a studio with an address that already has an
 * account or a pending application (issue 24): the registration answers alike either way, so only
 * the address's owner learns of the attempt. Names come from the stored account or application,
 * never from the request (its author may be anyone).
 */
export function registrationAttemptMail(mail: RegistrationAttemptMail, brandOwner?: BrandOwner): MailMessage {
  const contact = brandOwner ? brandOwner.contact : 'den Lumio-Support';
  const paragraphs =
    mail.holds === 'account'
      ? [
          greeting(mail),
          'jemand hat versucht, mit Ihrer E-Mail-Adresse ein Fotostudio bei Lumio zu registrieren. Für diese Adresse besteht bereits ein Lumio-Konto, daher wurde keine neue Registrierung angelegt.',
          'Wenn Sie das waren: Melden Sie sich einfach mit dieser E-Mail-Adresse und Ihrem Passwort im Portal an. Haben Sie Ihr Passwort vergessen, wählen Sie auf der Anmeldeseite „Passwort vergessen?“ oder wenden Sie sich an ' +
            `${contact}.`,
        ]
      : [
          greeting(mail),
          'jemand hat versucht, mit Ihrer E-Mail-Adresse ein Fotostudio bei Lumio zu registrieren. Für diese Adresse liegt bereits ein Antrag vor, daher wurde kein zweiter angelegt.',
          'Wenn Sie das waren: Sie müssen nichts weiter tun. Haben Sie Ihre E-Mail-Adresse noch nicht bestätigt, öffnen Sie bitte den Link aus unserer ersten E-Mail. Nach der Prüfung Ihres Antrags erhalten Sie eine E-Mail, mit der Sie die Anmeldung fortsetzen können.',
        ];
  return composeMail(
    mail.to,
    REGISTRATION_ATTEMPT_SUBJECT,
    {
      title: 'Registrierungsversuch',
      paragraphs,
      ...(mail.holds === 'account' ? { button: { label: 'Zur Anmeldung', url: mail.loginUrl } } : {}),
      afterButton: [
        `Falls Sie das nicht waren, können Sie diese E-Mail ignorieren; an Ihrem ${mail.holds === 'account' ? 'Konto' : 'Antrag'} wurde nichts geändert.`,
      ],
    },
    brandOwner,
  );
}
