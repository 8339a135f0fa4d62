import type { LookupFunction } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { Agent, request } from 'undici';
import { WEBHOOK_TIMEOUT_MS } from '../../../src/domain/webhooks';
import { resolvePublicTarget, type CheckedAddress } from './target-guard';

/** One signed POST to a receiver, as sent. */
export interface SignedRequest {
  url: string;
  secret: string;
  messageId: string;
  body: string;
  at: Date;
}

/** What an attempt found: the receiver's HTTP status (none when it did not answer or was refused). */
export interface SendOutcome {
  httpStatus: number | null;
  durationMs: number;
  /** Why there is no status: refused target, timeout, connection error (for the log; never the body). */
  problem?: 'target-refused' | 'timeout' | 'unreachable';
}

/** Standard Webhooks' three headers and the JSON content type; the signature is `v1,` + base64 HMAC-SHA256. */
export function signedHeaders({ secret, messageId, body, at }: Omit<SignedRequest, 'url'>): Record<string, string> {
  return {
    'content-type': 'application/json',
    'webhook-id': messageId,
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    'webhook-signature': new Webhook(secret).sign(messageId, at, body),
  };
}

/** A lookup that answers the checked address whatever name is asked: the connection goes where the check looked. */
export function pinnedLookup({ address, family }: CheckedAddress): LookupFunction {
  return (_hostname, options, callback) => {
    if (options.all) callback(null, [{ address, family }]);
    else callback(null, address, family);
  };
}

/**
 * Sends one delivery. With `publicOnly` (production) the target is resolved and checked now, at
 * delivery time, and the connection made to exactly the checked address, so a name that answered
 * a public address when the endpoint was saved and a private one now (DNS rebinding) reaches
 * nothing; TLS still checks the certificate against the name (SNI and Host stay the name).
 * Redirects are not followed (a 3xx is a failed attempt): a receiver cannot send the portal
 * elsewhere. The receiver's answer body is read and dropped, never kept.
 */
export async function sendSigned(
  signed: SignedRequest,
  {
    publicOnly,
    resolve = resolvePublicTarget,
  }: {
    publicOnly: boolean;
    /** How the target's name is resolved and checked (a test gives a name that resolves nowhere). */
    resolve?: (url: URL) => Promise<CheckedAddress | undefined>;
  },
): Promise<SendOutcome> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const url = new URL(signed.url);
  let checked: CheckedAddress | undefined;
  if (publicOnly) {
    checked = await resolve(url);
    if (!checked) return { httpStatus: null, durationMs: elapsed(), problem: 'target-refused' };
  }
  const agent = new Agent({
    connect: { timeout: WEBHOOK_TIMEOUT_MS, ...(checked ? { lookup: pinnedLookup(checked) } : {}) },
  });
  try {
    const response = await request(url, {
      method: 'POST',
      headers: signedHeaders(signed),
      body: signed.body,
      dispatcher: agent,
      signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_MS),
    });
    await response.body.dump();
    return { httpStatus: response.statusCode, durationMs: elapsed() };
  } catch (err) {
    const timedOut = err instanceof Error && (err.name === 'TimeoutError' || err.name === 'ConnectTimeoutError');
    return { httpStatus: null, durationMs: elapsed(), problem: timedOut ? 'timeout' : 'unreachable' };
  } finally {
    await agent.close().catch(() => undefined);
  }
}
