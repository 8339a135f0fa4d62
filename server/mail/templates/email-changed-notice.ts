import type { MailMessage } from '../mailer';
import { composeMail, type BrandOwner } from '../layout';
import { greeting, type Addressee } from './greeting';

export interface EmailChangedNoticeMail extends Addressee {
  /** The OLD address, so its owner learns of a change they may not have made. */
  to: string;
  newEmail: string;
}

export const EMAIL_CHANGED_NOTICE_SUBJECT = 'Die E-Mail-Adresse Ihres Lumio-Kontos wurde geändert';

/** Sent to the previous address once the change is confirmed. */
export function emailChangedNoticeMail(mail: EmailChangedNoticeMail, brandOwner?: BrandOwner): MailMessage {
  const contact = brandOwner
    ? `Falls Sie diese Änderung nicht veranlasst haben, wenden Sie sich bitte umgehend an ${brandOwner.contact}.`
    : 'Falls Sie diese Änderung nicht veranlasst haben, wenden Sie sich bitte umgehend an den Lumio-Support.';
  return composeMail(
    mail.to,
    EMAIL_CHANGED_NOTICE_SUBJECT,
    {
      title: 'E-Mail-Adresse geändert',
      paragraphs: [
        greeting(mail),
        `die E-Mail-Adresse Ihres Lumio-Kontos wurde in ${mail.newEmail} geändert. Bitte melden Sie sich künftig mit dieser Adresse an. Alle bisherigen Anmeldungen wurden beendet.`,
        contact,
      ],
    },
    brandOwner,
  );
}
