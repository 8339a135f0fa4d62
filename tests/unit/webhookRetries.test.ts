import { describe, expect, it } from 'vitest';
import { nextWebhookAttempt, webhookEndpointToDisable } from '../../src/domain/webhooks';

const SECOND = 1000;
const HOUR = 3600 * SECOND;
const first = new Date('2026-03-02T08:00:00Z');
const at = (ms: number) => new Date(first.getTime() + ms);

/** Issue 26, part 4: when a failed webhook delivery is tried again, and when an endpoint is switched off. */
describe('webhook retries (src/domain/webhooks.ts)', () => {
  it('waits 5 s after the first failure and 5 min after the second', () => {
    expect(nextWebhookAttempt(1, first, first)).toEqual(at(5 * SECOND));
    expect(nextWebhookAttempt(2, first, at(5 * SECOND))).toEqual(at(5 * SECOND + 300 * SECOND));
  });

  it('makes the last attempt exactly three days after the first, and gives up after it', () => {
    // The ninth attempt failed 51.6 hours in: its 24 hours of wait are cut to the three days.
    const ninth = at(51 * HOUR + 35 * 60 * SECOND + 5 * SECOND);
    expect(nextWebhookAttempt(9, first, ninth)).toEqual(at(72 * HOUR));
    expect(nextWebhookAttempt(10, first, at(72 * HOUR))).toBeUndefined();
  });

  it('gives up a delivery once three days have passed since its first attempt, whatever wait is left', () => {
    expect(nextWebhookAttempt(3, first, at(72 * HOUR + SECOND))).toBeUndefined();
  });

  it('switches off an endpoint that has failed for three days, not one that has failed for less', () => {
    expect(webhookEndpointToDisable(first, at(72 * HOUR - SECOND))).toBe(false);
    expect(webhookEndpointToDisable(first, at(72 * HOUR))).toBe(true);
  });
});
