import type { MailMessage } from '../mailer';
import { composeMail, type BrandOwner } from '../layout';
import { greeting, type Addressee } from './greeting';

export interface EmployeeRejectedMail extends Addressee {
  to: string;
  companyName: string;
}

export const EMPLOYEE_REJECTED_SUBJECT = 'Ihre Registrierung bei Lumio wurde abgelehnt';

/** Sent when the company rejects ('Ablehnen') a person: the account is disabled from then on. */
export function employeeRejectedMail(mail: EmployeeRejectedMail, brandOwner?: BrandOwner): MailMessage {
  return composeMail(
    mail.to,
    EMPLOYEE_REJECTED_SUBJECT,
    {
      title: 'Ihre Registrierung wurde abgelehnt',
      paragraphs: [
        greeting(mail),
        `„${mail.companyName}“ hat Ihre Registrierung bei Lumio abgelehnt. Ihr Benutzerkonto wurde deaktiviert; eine Anmeldung ist nicht mehr möglich.`,
        `Falls Sie Fragen dazu haben, wenden Sie sich bitte direkt an „${mail.companyName}“.`,
      ],
    },
    brandOwner,
  );
}
