import { formatDate } from '../../../src/domain/dates';
import type { PackageNoticeKind } from '../../../src/domain/packageNotices';
import type { MailMessage } from '../mailer';
import { composeMail, type BrandOwner } from '../layout';
import { greeting, type Addressee } from './greeting';

export interface PackageNoticeMail extends Addressee {
  to: string;
  kind: PackageNoticeKind;
  /** The company's Owner, or an admin of the system integrator that issued the licence. */
  recipient: 'owner' | 'integrator';
  companyName: string;
  storeName: string;
  systemIntegratorName: string;
  licenseKey: string;
  postpaidAllowed: boolean;
  startDate: string;
  endDate: string;
  amount: number;
  remainingAmount: number;
  /** Days from today to the last day (0 on the last day). */
  daysLeft: number;
  /** The package's licence in the portal: {PUBLIC_URL}/license-management/{companyId}/{storeId}/{licenseId}. */
  packageUrl: string;
}

export const PACKAGE_NOTICE_SUBJECTS: Record<PackageNoticeKind, string> = {
  low: 'Vorgangspaket fast aufgebraucht',
  exhausted: 'Vorgangspaket aufgebraucht',
  ending: 'Vorgangspaket endet bald',
};

const count = (n: number) => n.toLocaleString('de-DE');
const units = (n: number) => `${count(n)} ${n === 1 ? 'Vorgang' : 'Vorgänge'}`;

function daysText(days: number): string {
  if (days === 0) return 'heute';
  if (days === 1) return 'morgen';
  return `in ${days} Tagen`;
}

function situation(mail: PackageNoticeMail, pkg: string): string {
  switch (mail.kind) {
    case 'low':
      return `${pkg} ist fast aufgebraucht: Es sind nur noch ${units(mail.remainingAmount)} von ${count(mail.amount)} übrig.`;
    case 'exhausted':
      return `${pkg} ist aufgebraucht: Alle ${units(mail.amount)} sind genutzt.`;
    case 'ending':
      return `${pkg} endet ${daysText(mail.daysLeft)}, am ${formatDate(mail.endDate)}. Es sind noch ${units(mail.remainingAmount)} von ${count(mail.amount)} übrig; nach diesem Tag können sie nicht mehr genutzt werden.`;
  }
}

/** What happens to the next identification once nothing is left (ARCHITECTURE.md, device API). */
function consequence(mail: PackageNoticeMail): string | undefined {
  if (mail.kind === 'ending') return undefined;
  return mail.postpaidAllowed
    ? 'Ist kein weiteres gültiges Paket vorhanden, werden weitere Identifizierungen dieser Lizenz als Postpaid erfasst und nachträglich abgerechnet.'
    : 'Ist kein weiteres gültiges Paket vorhanden, lehnt das Gerät weitere Identifizierungen ab („Kein Guthaben verfügbar.“), denn die Lizenz erlaubt kein Postpaid.';
}

function nextStep(mail: PackageNoticeMail): string {
  return mail.recipient === 'owner'
    ? `Ein neues Paket oder eine höhere Anzahl erhalten Sie von Ihrem System-Integrator „${mail.systemIntegratorName}“.`
    : 'Im Portal können Sie für die Lizenz ein neues Vorgangspaket anlegen oder die Anzahl erhöhen.';
}

/**
 * One of the package notices (issue 13, server/jobs/package-notices.job.ts): below 10 % remaining,
 * used up, or 7 days before its last day; to the company's Owner and the integrator's admins.
 */
export function packageNoticeMail(mail: PackageNoticeMail, brandOwner?: BrandOwner): MailMessage {
  // Lower case after the greeting's comma, as German letters go on.
  const pkg = `das Vorgangspaket der Lizenz ${mail.licenseKey} im Studio „${mail.storeName}“ der Firma „${mail.companyName}“`;
  return composeMail(
    mail.to,
    `${PACKAGE_NOTICE_SUBJECTS[mail.kind]}: ${mail.storeName}`,
    {
      title: PACKAGE_NOTICE_SUBJECTS[mail.kind],
      paragraphs: [
        greeting(mail),
        situation(mail, pkg),
        [
          `Lizenz: ${mail.licenseKey}`,
          `Studio: ${mail.storeName} (${mail.companyName})`,
          `Gültig vom ${formatDate(mail.startDate)} bis ${formatDate(mail.endDate)}`,
          `Anzahl: ${count(mail.amount)}, verbleibend: ${count(mail.remainingAmount)}`,
        ].join('\n'),
        ...[consequence(mail), nextStep(mail)].filter((text): text is string => Boolean(text)),
      ],
      button: { label: 'Paket im Portal ansehen', url: mail.packageUrl },
      afterButton: ['Diese Nachricht erhalten Sie zu jedem Paket nur einmal.'],
    },
    brandOwner,
  );
}
