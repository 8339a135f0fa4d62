import type { FastifyBaseLogger } from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RunStatement } from '../../server/db/named-statements';
import { counterKeyHash, sharedRateLimitStore, STORE_TIMEOUT_MS } from '../../server/lib/rate-limit-store';

function fakeLog() {
  return { warn: vi.fn(), info: vi.fn() } as unknown as FastifyBaseLogger & {
    warn: ReturnType<typeof vi.fn>;
    info: ReturnType<typeof vi.fn>;
  };
}

const storeAnswering = (answer: () => Promise<unknown>) => vi.fn(answer) as unknown as RunStatement;

/** A child store of the route GET /x, as the plugin makes it. */
function routeStore(db: RunStatement, log: FastifyBaseLogger) {
  const Store = sharedRateLimitStore(db, log);
  return new Store({}).child({ routeInfo: { method: 'GET', url: '/x' } } as never);
}

function hit(store: ReturnType<typeof routeStore>, key = '203.0.113.1') {
  return new Promise<{ current: number; ttl: number }>((resolve, reject) =>
    store.incr(key, (err, result) => (err ? reject(err) : resolve(result!)), 60_000, 60),
  );
}

describe('the shared rate-limit store', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("answers the database's count and the rest of the window", async () => {
    const db = storeAnswering(async () => [{ hits: 3, ttl_ms: 41_500 }]);
    await expect(hit(routeStore(db, fakeLog()))).resolves.toEqual({ current: 3, ttl: 41_500 });
  });

  it('names each limit apart: a route by method and URL, a hook by its groupId', () => {
    expect(counterKeyHash('GET /x', '203.0.113.1')).not.toBe(counterKeyHash('POST /x', '203.0.113.1'));
    expect(counterKeyHash('device-license', 'license:K')).toMatch(/^[0-9a-f]{64}$/);
    const Store = sharedRateLimitStore(
      storeAnswering(async () => []),
      fakeLog(),
    );
    expect(() => new Store({}).child({ routeInfo: {} } as never)).toThrow(/groupId/);
    expect(() => new Store({}).child({ groupId: 'api-docs', routeInfo: {} } as never)).not.toThrow();
    expect(() => new Store({}).child({ groupId: 'x', continueExceeding: true, routeInfo: {} } as never)).toThrow(
      /fixed windows/,
    );
  });

  it('fails a hit whose database does not answer within the timeout, and warns once until it answers again', async () => {
    vi.useFakeTimers();
    const log = fakeLog();
    let answer: Promise<unknown> = new Promise(() => {});
    const store = routeStore(
      storeAnswering(() => answer),
      log,
    );
    const first = hit(store).catch((err: Error) => err);
    const second = hit(store).catch((err: Error) => err);
    await vi.advanceTimersByTimeAsync(STORE_TIMEOUT_MS);
    expect(await first).toBeInstanceOf(Error);
    expect(await second).toBeInstanceOf(Error);
    expect(log.warn).toHaveBeenCalledTimes(1);
    expect(JSON.stringify(log.warn.mock.calls)).not.toContain('203.0.113.1');

    answer = Promise.resolve([{ hits: 1, ttl_ms: 60_000 }]);
    await expect(hit(store)).resolves.toEqual({ current: 1, ttl: 60_000 });
    await expect(hit(store)).resolves.toEqual({ current: 1, ttl: 60_000 });
    expect(log.info).toHaveBeenCalledTimes(1);
  });
});
