import { z } from 'zod';
import { todayInGermany } from '../../src/domain/dates';
import {
  daysUntilEnd,
  PACKAGE_EXPIRED_CLAIM,
  packageExpiredDue,
  packageNoticesDue,
  WEBHOOK_EVENT_OF_NOTICE,
  type PackageNoticeKind,
} from '../../src/domain/packageNotices';
import { MAIL_KINDS, type MailKind } from '../mail/outbox';
import { packageNoticeMail } from '../mail/templates/package-notice';
import {
  packageNoticeRepository,
  type NoticeCandidate,
  type NoticeRecipient,
} from '../modules/package-notices/package-notices.repository';
import { emitLicenseEvent } from '../modules/webhooks/events';
import { defineJob, type JobContext } from './job';

const MAIL_KIND_OF: Record<PackageNoticeKind, MailKind> = {
  low: MAIL_KINDS.packageLow,
  exhausted: MAIL_KINDS.packageExhausted,
  ending: MAIL_KINDS.packageEnding,
};

/** The portal's page of the package's licence (route license-management, spec section 2). */
export function packageUrl(publicUrl: string, pkg: Pick<NoticeCandidate, 'companyId' | 'storeId' | 'licenseId'>) {
  return `${publicUrl}/license-management/${pkg.companyId}/${pkg.storeId}/${pkg.licenseId}`;
}

export type PackageNoticeDeps = Pick<JobContext, 'db' | 'config' | 'outbox' | 'log' | 'queueWebhookDeliveries'>;

/**
 * Mails the company's Owners and the integrator's admins about every package that crossed a
 * threshold (src/domain/packageNotices.ts) and has not been told about it. Each package is one
 * transaction: read again, claim each due kind in package_notices (primary key package × kind,
 * ON CONFLICT DO NOTHING) and queue the mails of the claimed kinds in the outbox. So a notice's
 * mails exist exactly when its row does: a retried run finds the row and sends nothing, two runs
 * at once claim each notice once (the second insert waits for the first and does nothing), and
 * a run that fails half-way has committed only whole notices. The notice's webhook event
 * (package.low, package.exhausted, package.expiring) is emitted in the same transaction, so it
 * goes out exactly once too. Returns the notices sent.
 */
export async function sendPackageNotices(deps: PackageNoticeDeps, now = new Date()) {
  const { db, config, outbox, log, queueWebhookDeliveries } = deps;
  const today = todayInGermany(now);
  let sent = 0;
  for (const candidate of await packageNoticeRepository(db).candidates(today)) {
    sent += await outbox.transaction(db, async (tx, queueMail) => {
      const repo = packageNoticeRepository(tx);
      const pkg = await repo.candidate(today, candidate.id);
      if (!pkg) return 0;
      const due = packageNoticesDue(pkg, today).filter((kind) => !pkg.sent.includes(kind));
      let claimed = 0;
      let recipients: { owners: NoticeRecipient[]; admins: NoticeRecipient[] } | undefined;
      for (const kind of due) {
        if (!(await repo.claim(pkg.id, kind))) continue;
        claimed += 1;
        await emitLicenseEvent(tx, queueWebhookDeliveries, pkg.licenseId, {
          type: WEBHOOK_EVENT_OF_NOTICE[kind],
          pkg,
          daysLeft: daysUntilEnd(pkg.endDate, today),
        });
        recipients ??= {
          owners: await repo.owners(pkg.companyId),
          admins: await repo.integratorAdmins(pkg.systemIntegratorId),
        };
        const addressed = [
          ...recipients.owners.map((person) => ({ person, recipient: 'owner' as const })),
          ...recipients.admins.map((person) => ({ person, recipient: 'integrator' as const })),
        ];
        if (addressed.length === 0) log.warn({ packageId: pkg.id, kind }, 'package notice without recipients');
        for (const { person, recipient } of addressed) {
          await queueMail({
            kind: MAIL_KIND_OF[kind],
            reference: pkg.id,
            message: packageNoticeMail(
              {
                ...person,
                to: person.email,
                kind,
                recipient,
                companyName: pkg.companyName,
                storeName: pkg.storeName,
                systemIntegratorName: pkg.systemIntegratorName,
                licenseKey: pkg.licenseKey,
                postpaidAllowed: pkg.postpaidAllowed,
                startDate: pkg.startDate,
                endDate: pkg.endDate,
                amount: pkg.amount,
                remainingAmount: pkg.remainingAmount,
                daysLeft: daysUntilEnd(pkg.endDate, today),
                packageUrl: packageUrl(config.publicUrl, pkg),
              },
              config.brandOwner,
            ),
          });
        }
      }
      return claimed;
    });
  }
  if (sent) log.info({ notices: sent }, 'package notices sent');
  const expired = await emitPackageExpiredEvents(deps, today);
  if (expired) log.info({ expired }, 'package.expired events emitted');
  return sent;
}

/**
 * package.expired (webhook only, no mail): each package that ended recently, once, claimed in
 * package_notices like a notice and emitted in the claim's transaction. Returns the packages claimed.
 */
export async function emitPackageExpiredEvents(
  { db, queueWebhookDeliveries }: Pick<PackageNoticeDeps, 'db' | 'queueWebhookDeliveries'>,
  today: string,
) {
  let emitted = 0;
  for (const candidate of await packageNoticeRepository(db).expiredCandidates(today)) {
    emitted += await db.transaction(async (tx) => {
      const repo = packageNoticeRepository(tx);
      const [pkg] = await repo.expiredCandidates(today, candidate.id);
      if (!pkg || !packageExpiredDue(pkg, today) || !(await repo.claim(pkg.id, PACKAGE_EXPIRED_CLAIM))) return 0;
      await emitLicenseEvent(tx, queueWebhookDeliveries, pkg.licenseId, {
        type: 'package.expired',
        pkg,
        daysLeft: daysUntilEnd(pkg.endDate, today),
      });
      return 1;
    });
  }
  return emitted;
}

/**
 * Package notices (issue 13): below 10 % remaining, used up, 7 days before the end; each once per
 * package and kind, with its webhook event; and package.expired after the end. Every ten minutes,
 * so a notice follows its threshold within ten minutes.
 */
export const packageNoticesJob = defineJob({
  name: 'package-notices',
  payload: z.object({}),
  queue: () => ({ policy: 'stately', retryLimit: 2, retryDelay: 60, expireInSeconds: 15 * 60 }),
  schedule: '*/10 * * * *',
  async handler(ctx) {
    await sendPackageNotices(ctx);
  },
});
