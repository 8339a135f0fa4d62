import type { MailMessage } from '../mailer';
import { composeMail, type BrandOwner } from '../layout';
import { greeting, type Addressee } from './greeting';

export interface ApplicationConfirmationMail extends Addressee {
  to: string;
  companyName: string;
  /** {PUBLIC_URL}/company-application/{id}/confirm */
  confirmUrl: string;
  validDays: number;
}

export const APPLICATION_CONFIRMATION_SUBJECT = 'Bitte bestätigen Sie Ihre Registrierung bei Lumio';

/** Sent right after a studio application: the applicant proves the address by opening the link. */
export function applicationConfirmationMail(mail: ApplicationConfirmationMail, brandOwner?: BrandOwner): MailMessage {
  return composeMail(
    mail.to,
    APPLICATION_CONFIRMATION_SUBJECT,
    {
      title: 'Registrierung bestätigen',
      paragraphs: [
        greeting(mail),
        `vielen Dank für die Registrierung Ihres Fotostudios „${mail.companyName}“ bei Lumio. Bitte bestätigen Sie Ihre E-Mail-Adresse, damit wir Ihren Antrag prüfen können.`,
      ],
      button: { label: 'E-Mail-Adresse bestätigen', url: mail.confirmUrl },
      afterButton: [
        `Der Link ist ${mail.validDays} Tage gültig. Nach der manuellen Prüfung Ihrer Angaben erhalten Sie eine weitere E-Mail, mit der Sie die Anmeldung fortsetzen können.`,
        'Falls Sie sich nicht bei Lumio registriert haben, können Sie diese E-Mail ignorieren.',
      ],
    },
    brandOwner,
  );
}
