import { PORTAL_TIME_ZONE } from '../../../src/domain/dates';
import type { UserStatus } from '../../../src/domain/roles';
import type { BrandOwner } from '../layout';

/** "24.11.2026, 12:19" in Germany's time, as the mails name the moment of a binding. */
export function germanDateTime(value: Date): string {
  return new Intl.DateTimeFormat('de-DE', {
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: PORTAL_TIME_ZONE,
  }).format(value);
}

/** What remains once the ID is bound: nothing (VerifiedAndApproved), or the company's approval (Verified). */
export function afterBinding(status: UserStatus): string {
  return status === 'VerifiedAndApproved'
    ? 'Ihre Registrierung ist damit abgeschlossen. Sie können sich ab sofort anmelden und Lumio nutzen.'
    : 'Sobald Ihr Unternehmen Ihr Konto freigegeben hat, können Sie Lumio nutzen; darüber erhalten Sie eine eigene E-Mail.';
}

/** The security notice of every mail about a linked ID: whom to tell when it was not the reader. */
export function notYouNotice(brandOwner: BrandOwner | undefined): string {
  const whom = brandOwner ? brandOwner.contact : 'den Lumio-Support';
  return `Falls Sie das nicht selbst veranlasst haben, wenden Sie sich bitte umgehend an ${whom}.`;
}
