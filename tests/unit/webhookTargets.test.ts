import { describe, expect, it } from 'vitest';
import { requiresHttps, WEBHOOK_VALIDATION_TEXTS, webhookUrlSchema } from '../../src/domain/webhooks';
import { isPublicAddress, isPublicTarget, targetCheckFor } from '../../server/modules/webhooks/target-guard';

/** Issue 26, part 4: where a webhook may go (server-side request forgery). */
describe('webhook targets', () => {
  it.each([
    ['8.8.8.8', true],
    ['2001:4860:4860::8888', true],
    ['127.0.0.1', false],
    ['10.1.2.3', false],
    ['172.16.0.1', false],
    ['192.168.178.1', false],
    ['169.254.169.254', false],
    ['100.64.0.1', false],
    ['0.0.0.0', false],
    ['224.0.0.1', false],
    ['::1', false],
    ['fe80::1', false],
    ['fd00::1', false],
    ['::ffff:127.0.0.1', false],
    ['::ffff:10.0.0.1', false],
    ['kein-ip', false],
  ])('%s is public: %s', (address, expected) => {
    expect(isPublicAddress(address)).toBe(expected);
  });

  it('resolves names and refuses one that points inside, also as a bracketed IPv6 literal', async () => {
    expect(await isPublicTarget(new URL('http://localhost:8080/dev/webhooks/in'))).toBe(false);
    expect(await isPublicTarget(new URL('https://[::1]/'))).toBe(false);
    expect(await isPublicTarget(new URL('https://[::ffff:a00:1]/'))).toBe(false);
    expect(await isPublicTarget(new URL('https://8.8.8.8/hook'))).toBe(true);
  });

  it('allows every target in embedded mode and only public ones in production', async () => {
    const local = new URL('http://localhost:8080/dev/webhooks/in');
    expect(await targetCheckFor({ webhookPublicTargetsOnly: false })(local)).toBe(true);
    expect(await targetCheckFor({ webhookPublicTargetsOnly: true })(local)).toBe(false);
  });

  it('takes plain http only where the portal runs without TLS (embedded mode)', () => {
    const url = 'http://erp.example.de/lumio';
    expect(webhookUrlSchema.safeParse(url).success).toBe(true);
    expect(requiresHttps(url, { allowHttp: true })).toBe(false);
    expect(requiresHttps(url, { allowHttp: false })).toBe(true);
    expect(requiresHttps('https://erp.example.de/lumio', { allowHttp: false })).toBe(false);
    expect(webhookUrlSchema.safeParse('ftp://erp.example.de').error?.issues.map((issue) => issue.message)).toEqual([
      WEBHOOK_VALIDATION_TEXTS.urlInvalid,
    ]);
  });
});
