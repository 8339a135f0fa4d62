import type { MailMessage } from '../mailer';
import { composeMail, type BrandOwner } from '../layout';
import { greeting, type Addressee } from './greeting';

export interface EmployeeRegisteredMail extends Addressee {
  to: string;
  companyName: string;
  /** The IdP-admin port's one-time set-password link. */
  setPasswordUrl: string;
  validHours: number;
}

export const EMPLOYEE_REGISTERED_SUBJECT = 'Ihre Registrierung bei Lumio: die nächsten Schritte';

/**
 * The second mail of the registration by invitation (spec section 2): what is left before the
 * person can work with Lumio — a password, the login, the eID verification, the company's approval.
 */
export function employeeRegisteredMail(mail: EmployeeRegisteredMail, brandOwner?: BrandOwner): MailMessage {
  return composeMail(
    mail.to,
    EMPLOYEE_REGISTERED_SUBJECT,
    {
      title: 'Registrierung erfolgreich',
      paragraphs: [
        greeting(mail),
        `Ihr Benutzerkonto bei „${mail.companyName}“ wurde angelegt. So schließen Sie Ihre Registrierung ab:`,
        [
          '1. Legen Sie über den folgenden Link Ihr Passwort fest.',
          `2. Melden Sie sich mit Ihrer E-Mail-Adresse ${mail.to} und Ihrem Passwort bei Lumio an.`,
          '3. Verifizieren Sie Ihre Identität mit Ihrem Personalausweis (eID-Verifizierung).',
          `4. Warten Sie auf die Freigabe durch „${mail.companyName}“. Erst danach können Sie Lumio vollständig nutzen.`,
        ].join('\n'),
      ],
      button: { label: 'Passwort festlegen', url: mail.setPasswordUrl },
      afterButton: [`Der Link ist ${mail.validHours} Stunden gültig und kann nur einmal verwendet werden.`],
    },
    brandOwner,
  );
}
