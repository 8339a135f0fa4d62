/**
 * How studio software retries a device API call (docs/device-api.md, "Retries"): a call whose
 * answer never came (connection refused or reset, timeout) or that a proxy or a stopping server
 * answered with 502, 503 or 504 is sent again, unchanged, with the same idempotency key, after a
 * growing pause. Every device call is safe to repeat: an identification process with the same
 * key answers the first process, an activation on the same PC and a second cancellation change
 * nothing. Any other answer is final. The device simulator (scripts/device.ts) and the cluster
 * benchmark (bench/cluster.mjs) use this; tests/unit/deviceRetry.test.ts checks every rule.
 */

export interface RetryPolicy {
  /** Attempts in all, the first included. */
  attempts: number;
  /** Pause before the second attempt; it doubles with each further one, up to maxDelayMs. */
  baseDelayMs: number;
  maxDelayMs: number;
  /** An attempt without an answer after this long is abandoned and counts as a network error. */
  timeoutMs: number;
}

/**
 * 8 attempts over about 15 s: longer than a rolling restart of one instance or nginx's pause for
 * a failed one (deploy/nginx/lumio.conf), short enough that a person at the counter is not left
 * waiting for a server that is really gone.
 */
export const DEFAULT_RETRY_POLICY: RetryPolicy = { attempts: 8, baseDelayMs: 250, maxDelayMs: 4000, timeoutMs: 10_000 };

/** Bad gateway, unavailable (also the device API's CONSUMPTION_CONTENDED), gateway timeout. */
export const RETRYABLE_STATUSES: ReadonlySet<number> = new Set([502, 503, 504]);

export function isRetryableStatus(status: number): boolean {
  return RETRYABLE_STATUSES.has(status);
}

/**
 * The pause before attempt `attempt + 1` (attempt counts from 1): exponential with jitter (between
 * half and all of the step, so that 20 devices cut off together do not come back together), or
 * the server's Retry-After in seconds when it names one, never more than maxDelayMs.
 */
export function retryDelayMs(
  attempt: number,
  policy: RetryPolicy,
  retryAfter?: string | null,
  random: () => number = Math.random,
): number {
  const seconds = retryAfter != null && /^\d+$/.test(retryAfter.trim()) ? Number(retryAfter) : undefined;
  if (seconds !== undefined) return Math.min(seconds * 1000, policy.maxDelayMs);
  const step = Math.min(policy.baseDelayMs * 2 ** (attempt - 1), policy.maxDelayMs);
  return Math.round(step / 2 + (random() * step) / 2);
}

export interface RetriedCall {
  /** The final answer; absent when every attempt ended without one (or with 502/503/504). */
  status?: number;
  body?: string;
  /** The final answer's headers, when there is one. */
  headers?: Headers;
  /** Attempts made, the first included. */
  attempts: number;
  /** Why the last attempt failed when no usable answer came: the network error or the status. */
  lastError?: string;
}

export interface RetryDeps {
  fetch: typeof fetch;
  sleep: (ms: number) => Promise<void>;
  random: () => number;
}

const realDeps: RetryDeps = {
  fetch: (...args) => fetch(...args),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  random: Math.random,
};

/** Why fetch failed, in a few words: the cause's code (ECONNREFUSED) or the error's name. */
function networkReason(err: unknown): string {
  const error = err as Error & { cause?: { code?: string; message?: string } };
  if (error.name === 'TimeoutError') return 'Zeitüberschreitung';
  return error.cause?.code ?? error.cause?.message ?? error.message;
}

/**
 * Sends `init` to `url` until an answer other than 502/503/504 arrives or the attempts are used
 * up. The request (method, headers, body) is the same every time: the caller puts the idempotency
 * key into the body once, before the first attempt.
 */
export async function fetchWithRetries(
  url: string,
  init: { method: string; headers: Record<string, string>; body?: string },
  policy: RetryPolicy = DEFAULT_RETRY_POLICY,
  deps: RetryDeps = realDeps,
): Promise<RetriedCall> {
  let lastError = '';
  for (let attempt = 1; attempt <= policy.attempts; attempt++) {
    let retryAfter: string | null = null;
    try {
      const res = await deps.fetch(url, { ...init, signal: AbortSignal.timeout(policy.timeoutMs) });
      const body = await res.text();
      if (!isRetryableStatus(res.status)) return { status: res.status, body, headers: res.headers, attempts: attempt };
      retryAfter = res.headers.get('retry-after');
      lastError = `HTTP ${res.status}`;
    } catch (err) {
      lastError = networkReason(err);
    }
    if (attempt < policy.attempts) await deps.sleep(retryDelayMs(attempt, policy, retryAfter, deps.random));
  }
  return { attempts: policy.attempts, lastError };
}
