import { eq } from 'drizzle-orm';
import { licenseKeyEnd } from '../../../src/domain/licenses';
import { WEBHOOK_TEST_EVENT_TYPE, type WebhookEventType, type WebhookPayload } from '../../../src/domain/webhooks';
import type { DbOrTx } from '../../db/client';
import { licenses } from '../licenses/licenses.table';
import { emitWebhookEvent, type QueueWebhookDeliveries } from './emit';

/**
 * The events' `data`, built here and only here (docs/integrators.md documents each): the ids of
 * what the event is about (licence, company, studio, package, process), the licence key's last
 * five characters (`licenseKeyEnd`: enough to recognise a key, not to use it), counts and dates.
 * Every event is emitted in the transaction of the change that causes it (emit.ts).
 */

/** 'Testereignis senden': which endpoint asked for it, so the receiver can tell it from real events. */
export function testEventPayload(endpointId: string, systemIntegratorId: string, now = new Date()): WebhookPayload {
  return {
    type: WEBHOOK_TEST_EVENT_TYPE,
    timestamp: now.toISOString(),
    data: { endpointId, systemIntegratorId, message: 'Testereignis von Lumio' },
  };
}

/** What every licence, package and process event names about the licence. */
interface LicenseSubject {
  licenseId: string;
  licenseKeyEnd: string;
  companyId: string;
  storeId: string;
}

/** A package as its events describe it. */
export interface PackageFacts {
  id: string;
  startDate: string;
  endDate: string;
  amount: number;
  remainingAmount: number;
}

type LicenseEventData =
  | { type: 'license.activated'; machineId: string; activatedAt: Date }
  | { type: 'license.rebound'; machineId: string; previousMachineId: string; reboundAt: Date; forced: boolean }
  | { type: 'license.suspended'; suspendedAt: Date }
  | { type: 'license.reinstated'; reinstatedAt: Date }
  | { type: 'package.created'; pkg: PackageFacts }
  | { type: 'package.increased'; pkg: PackageFacts; previousAmount: number }
  | {
      type: 'package.low' | 'package.exhausted' | 'package.expiring' | 'package.expired';
      pkg: PackageFacts;
      daysLeft: number;
    }
  | { type: 'process.cancelled'; processId: string; packageId: string | null; postpaid: boolean; cancelledAt: Date };

const packageData = (pkg: PackageFacts) => ({
  packageId: pkg.id,
  amount: pkg.amount,
  remainingAmount: pkg.remainingAmount,
  startDate: pkg.startDate,
  endDate: pkg.endDate,
});

/** The event's own fields, after the licence's. Dates as ISO 8601 (days as yyyy-MM-dd). */
function eventData(event: LicenseEventData): Record<string, unknown> {
  switch (event.type) {
    case 'license.activated':
      return { machineId: event.machineId, activatedAt: event.activatedAt.toISOString() };
    case 'license.rebound':
      return {
        machineId: event.machineId,
        previousMachineId: event.previousMachineId,
        forced: event.forced,
        reboundAt: event.reboundAt.toISOString(),
      };
    case 'license.suspended':
      return { suspendedAt: event.suspendedAt.toISOString() };
    case 'license.reinstated':
      return { reinstatedAt: event.reinstatedAt.toISOString() };
    case 'package.created':
      return packageData(event.pkg);
    case 'package.increased':
      return { ...packageData(event.pkg), previousAmount: event.previousAmount };
    case 'package.low':
    case 'package.exhausted':
    case 'package.expiring':
    case 'package.expired':
      return { ...packageData(event.pkg), daysLeft: event.daysLeft };
    case 'process.cancelled':
      return {
        processId: event.processId,
        packageId: event.packageId,
        postpaid: event.postpaid,
        cancelledAt: event.cancelledAt.toISOString(),
      };
  }
}

/**
 * Emits a licence's event (every event but the test one is about a licence) to its system
 * integrator's endpoints, in `tx`. Reads the licence in `tx`, so it names the licence as the
 * change leaves it.
 */
export async function emitLicenseEvent(
  tx: DbOrTx,
  queue: QueueWebhookDeliveries,
  licenseId: string,
  event: LicenseEventData,
): Promise<string[]> {
  const [license] = await tx
    .select({
      key: licenses.key,
      companyId: licenses.companyId,
      storeId: licenses.storeId,
      systemIntegratorId: licenses.systemIntegratorId,
    })
    .from(licenses)
    .where(eq(licenses.id, licenseId));
  if (!license) return [];
  const subject: LicenseSubject = {
    licenseId,
    licenseKeyEnd: licenseKeyEnd(license.key),
    companyId: license.companyId,
    storeId: license.storeId,
  };
  const type: WebhookEventType = event.type;
  return emitWebhookEvent(tx, queue, {
    systemIntegratorId: license.systemIntegratorId,
    type,
    data: { ...subject, ...eventData(event) },
  });
}
