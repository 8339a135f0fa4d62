/** Thrown by withTimeout when the work took longer than allowed. */
export class TimeoutError extends Error {
  readonly code = 'TIMEOUT';
  constructor(ms: number) {
    super(`no answer within ${ms} ms`);
    this.name = 'TimeoutError';
  }
}

/**
 * The work's result, or a TimeoutError after `ms`. The work itself goes on (a query cannot be
 * taken back); the caller only stops waiting for it, as a health check or a scrape must.
 */
export async function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new TimeoutError(ms)), ms);
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** What an operator may see of a failure: its code (ECONNREFUSED, TIMEOUT, 57P01), never its message. */
export function failureCode(err: unknown): string {
  const code = (err as { code?: unknown } | undefined)?.code;
  return typeof code === 'string' && /^[A-Za-z0-9_]{1,40}$/.test(code) ? code : 'ERROR';
}
