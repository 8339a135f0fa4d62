import type { MailMessage } from '../mailer';
import { composeMail, type BrandOwner } from '../layout';
import { greeting, type Addressee } from './greeting';

export interface EmployeeApprovedMail extends Addressee {
  to: string;
  companyName: string;
  /** The person has still to verify their identity with the eID (status Approved, not yet VerifiedAndApproved). */
  eidOutstanding: boolean;
  /** The portal's start page, where the login starts. */
  loginUrl: string;
}

export const EMPLOYEE_APPROVED_SUBJECT = 'Ihr Lumio-Konto wurde freigegeben';

/** Sent when the company approves ('Freigeben') a person who registered through its invitation. */
export function employeeApprovedMail(mail: EmployeeApprovedMail, brandOwner?: BrandOwner): MailMessage {
  const next = mail.eidOutstanding
    ? 'Damit Sie Lumio nutzen können, fehlt nur noch ein Schritt: Melden Sie sich an und verifizieren Sie Ihre Identität mit Ihrem Personalausweis (eID-Verifizierung).'
    : 'Ihre Registrierung ist damit abgeschlossen. Sie können sich ab sofort anmelden und Lumio nutzen.';
  return composeMail(
    mail.to,
    EMPLOYEE_APPROVED_SUBJECT,
    {
      title: 'Ihr Konto wurde freigegeben',
      paragraphs: [
        greeting(mail),
        `„${mail.companyName}“ hat Ihr Benutzerkonto bei Lumio freigegeben.`,
        `${next} Ihr Benutzername ist Ihre E-Mail-Adresse ${mail.to}.`,
      ],
      button: { label: 'Zu Lumio', url: mail.loginUrl },
    },
    brandOwner,
  );
}
