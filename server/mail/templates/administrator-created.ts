import type { MailMessage } from '../mailer';
import { composeMail, type BrandOwner } from '../layout';
import { greeting } from './greeting';

export interface AdministratorCreatedMail {
  to: string;
  firstName: string;
  lastName: string;
  /** The role's German name, e.g. 'System-Integrator-Admin'. */
  roleLabel: string;
  /** A SystemIntegratorAdmin's integrator as 'name (code)'; null for the provider's roles. */
  systemIntegrator: string | null;
  /** The IdP-admin port's one-time set-password link. */
  setPasswordUrl: string;
  validHours: number;
}

export const ADMINISTRATOR_CREATED_SUBJECT = 'Ihr Administrator-Konto bei Lumio';

/**
 * A SystemAdmin created an administrator account (route administration, dialog createAdmin): the
 * new administrator sets a password through the link, then logs in with the e-mail address.
 */
export function administratorCreatedMail(mail: AdministratorCreatedMail, brandOwner?: BrandOwner): MailMessage {
  const forIntegrator = mail.systemIntegrator ? ` für den System-Integrator „${mail.systemIntegrator}“` : '';
  return composeMail(
    mail.to,
    ADMINISTRATOR_CREATED_SUBJECT,
    {
      title: 'Ihr Konto wurde angelegt',
      paragraphs: [
        // Administrators have no salutation: the full name addresses everyone correctly.
        greeting({ salutation: null, firstName: mail.firstName, lastName: mail.lastName }),
        `für Sie wurde bei Lumio ein Konto mit der Rolle „${mail.roleLabel}“${forIntegrator} angelegt.`,
        `Legen Sie jetzt über den folgenden Link Ihr Passwort fest. Danach melden Sie sich mit Ihrer E-Mail-Adresse ${mail.to} und diesem Passwort an.`,
      ],
      button: { label: 'Passwort festlegen', url: mail.setPasswordUrl },
      afterButton: [`Der Link ist ${mail.validHours} Stunden gültig und kann nur einmal verwendet werden.`],
    },
    brandOwner,
  );
}
