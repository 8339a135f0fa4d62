import type { MailMessage } from '../mailer';
import { composeMail, type BrandOwner } from '../layout';
import { greeting, type Addressee } from './greeting';

export interface SecondFactorResetMail extends Addressee {
  to: string;
  /** Whether the user's role requires a second factor (src/domain/secondFactor.ts). */
  required: boolean;
}

export const SECOND_FACTOR_RESET_SUBJECT = 'Ihre Zwei-Faktor-Anmeldung bei Lumio wurde zurückgesetzt';

/** Sent to the user whose second factor a SystemAdmin reset (DELETE /api/user/{id}/second-factor). */
export function secondFactorResetMail(mail: SecondFactorResetMail, brandOwner?: BrandOwner): MailMessage {
  const administration = brandOwner ? `die Administration von ${brandOwner.name}` : 'die Lumio-Administration';
  const contact = brandOwner
    ? `Falls Sie das nicht veranlasst haben, wenden Sie sich bitte umgehend an ${brandOwner.contact}.`
    : 'Falls Sie das nicht veranlasst haben, wenden Sie sich bitte umgehend an den Lumio-Support.';
  const next = mail.required
    ? 'Bei Ihrer nächsten Anmeldung richten Sie sie mit Ihrer Authenticator-App neu ein.'
    : 'Sie können sie in Ihrem Profil jederzeit wieder einrichten.';
  return composeMail(
    mail.to,
    SECOND_FACTOR_RESET_SUBJECT,
    {
      title: 'Zwei-Faktor-Anmeldung zurückgesetzt',
      paragraphs: [
        greeting(mail),
        `${administration} hat die Zwei-Faktor-Anmeldung Ihres Lumio-Kontos zurückgesetzt. Die bisher eingerichtete Authenticator-App erzeugt keine gültigen Codes mehr, und alle bisherigen Anmeldungen wurden beendet.`,
        next,
        contact,
      ],
    },
    brandOwner,
  );
}
