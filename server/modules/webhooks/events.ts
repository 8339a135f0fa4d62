import { WEBHOOK_TEST_EVENT_TYPE, type WebhookPayload } from '../../../src/domain/webhooks';

/**
 * The events' `data`, one builder each (docs/integrators.md documents every one): ids of what the
 * event is about, the licence key's last five characters (`licenseKeyEnd`, enough to recognise it,
 * not to use it), counts and dates.
 */

/** The licence key's last five characters: the part a person recognises. */
export const licenseKeyEnd = (licenseKey: string) => licenseKey.slice(-5);

/** 'Testereignis senden': which endpoint asked for it, so the receiver can tell it from real events. */
export function testEventPayload(endpointId: string, systemIntegratorId: string, now = new Date()): WebhookPayload {
  return {
    type: WEBHOOK_TEST_EVENT_TYPE,
    timestamp: now.toISOString(),
    data: { endpointId, systemIntegratorId, message: 'Testereignis von Lumio' },
  };
}
