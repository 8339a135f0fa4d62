import type { MailMessage } from '../mailer';
import { composeMail, type BrandOwner } from '../layout';

export interface EmployeeInvitationMail {
  /** The invited address: the only one the link can register. */
  to: string;
  companyName: string;
  /** {PUBLIC_URL}/employee-invitation/{token} */
  registerUrl: string;
  validDays: number;
  /** The company invited the address again: earlier links no longer work. */
  renewed: boolean;
}

export const EMPLOYEE_INVITATION_SUBJECT = 'Einladung zu Lumio';

/**
 * Sent when an Owner or AccountAdministrator invites an employee (spec section 2, dialog
 * inviteEmployee). Only the address is known so far, so the greeting names nobody.
 */
export function employeeInvitationMail(mail: EmployeeInvitationMail, brandOwner?: BrandOwner): MailMessage {
  return composeMail(
    mail.to,
    EMPLOYEE_INVITATION_SUBJECT,
    {
      title: 'Sie wurden zu Lumio eingeladen',
      paragraphs: [
        'Guten Tag,',
        `„${mail.companyName}“ lädt Sie ein, sich als Mitarbeiterin oder Mitarbeiter bei Lumio zu registrieren, dem Portal für identitätsgeprüfte Passbilder.`,
        'Über den folgenden Link geben Sie Anrede, Namen und Geburtsdatum an. Danach erhalten Sie eine weitere E-Mail mit den nächsten Schritten.',
      ],
      button: { label: 'Jetzt registrieren', url: mail.registerUrl },
      afterButton: [
        `Der Link ist ${mail.validDays} Tage gültig und kann nur einmal verwendet werden.`,
        ...(mail.renewed
          ? [
              'Sie erhalten diese Einladung erneut mit einem neuen Link. Links aus früheren Einladungen gelten nicht mehr.',
            ]
          : []),
        'Falls Sie diese Einladung nicht erwartet haben, können Sie diese E-Mail ignorieren.',
      ],
    },
    brandOwner,
  );
}
