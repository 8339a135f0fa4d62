// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { DEFAULT_RETRY_POLICY, fetchWithRetries, retryDelayMs, type RetryDeps } from '../../scripts/lib/device-retry';

const policy = { ...DEFAULT_RETRY_POLICY, attempts: 4 };
const request = { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"idempotencyKey":"k"}' };

function refused(code: string): Error {
  return Object.assign(new TypeError('fetch failed'), { cause: Object.assign(new Error(code), { code }) });
}

/** A fake network: each attempt takes the next outcome (an answer or an error to throw). */
function network(outcomes: (Response | Error)[]) {
  const sent: { url: string; body: unknown; method: unknown }[] = [];
  const pauses: number[] = [];
  const deps: RetryDeps = {
    fetch: async (url, init) => {
      sent.push({ url: String(url), body: init?.body, method: init?.method });
      const next = outcomes.shift();
      if (!next) throw new Error('no more outcomes');
      if (next instanceof Error) throw next;
      return next;
    },
    sleep: async (ms) => void pauses.push(ms),
    random: () => 1,
  };
  return { deps, sent, pauses };
}

describe('device call retries (scripts/lib/device-retry.ts)', () => {
  it('sends the same request again after a refused connection and a 502, and returns the answer', async () => {
    const { deps, sent } = network([
      refused('ECONNREFUSED'),
      new Response('bad gateway', { status: 502 }),
      new Response('{"id":"p1"}', { status: 201 }),
    ]);
    const result = await fetchWithRetries('http://lb/api/device/identification-process', request, policy, deps);
    expect(result).toMatchObject({ status: 201, body: '{"id":"p1"}', attempts: 3 });
    expect(sent).toHaveLength(3);
    expect(new Set(sent.map((s) => s.body))).toEqual(new Set(['{"idempotencyKey":"k"}']));
  });

  it('treats 503 and 504 as retryable and honours Retry-After', async () => {
    const { deps, pauses } = network([
      new Response('{}', { status: 503, headers: { 'retry-after': '1' } }),
      new Response('{}', { status: 504 }),
      new Response('{}', { status: 200 }),
    ]);
    const result = await fetchWithRetries('http://lb/x', request, policy, deps);
    expect(result).toMatchObject({ status: 200, attempts: 3 });
    expect(pauses).toEqual([1000, 500]);
  });

  it('returns a refusal at once: 4xx and 500 are final answers', async () => {
    for (const status of [400, 402, 409, 429, 500]) {
      const { deps, sent } = network([new Response('{"errorCode":"X"}', { status })]);
      const result = await fetchWithRetries('http://lb/x', request, policy, deps);
      expect(result).toMatchObject({ status, attempts: 1 });
      expect(sent).toHaveLength(1);
    }
  });

  it('gives up after the configured attempts and says why the last one failed', async () => {
    const { deps, sent, pauses } = network([
      refused('ECONNRESET'),
      refused('ECONNRESET'),
      refused('ECONNRESET'),
      new Response('{}', { status: 502 }),
    ]);
    const result = await fetchWithRetries('http://lb/x', request, policy, deps);
    expect(result).toEqual({ attempts: 4, lastError: 'HTTP 502' });
    expect(sent).toHaveLength(4);
    expect(pauses).toHaveLength(3);
  });

  it('retries an attempt that timed out', async () => {
    const timeout = new DOMException('The operation was aborted due to timeout', 'TimeoutError');
    const { deps } = network([timeout, new Response('{}', { status: 201 })]);
    expect(await fetchWithRetries('http://lb/x', request, policy, deps)).toMatchObject({ status: 201, attempts: 2 });
  });

  it('pauses exponentially with jitter, capped', () => {
    const p = DEFAULT_RETRY_POLICY;
    expect(retryDelayMs(1, p, null, () => 0)).toBe(125);
    expect(retryDelayMs(1, p, null, () => 1)).toBe(250);
    expect(retryDelayMs(3, p, null, () => 1)).toBe(1000);
    expect(retryDelayMs(10, p, null, () => 1)).toBe(p.maxDelayMs);
    expect(retryDelayMs(1, p, '120', () => 1)).toBe(p.maxDelayMs);
    expect(retryDelayMs(1, p, 'Wed, 21 Oct 2026 07:28:00 GMT', () => 1)).toBe(250);
  });
});
