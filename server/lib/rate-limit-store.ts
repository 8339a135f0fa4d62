import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor, RateLimitOptions } from '@fastify/rate-limit';
import { lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import type { RunStatement } from '../db/named-statements';
import { rateLimitCounters } from './rate-limit-counters.table';

/**
 * How long a hit may wait for the database before the request goes on unlimited. An upsert takes
 * well under 5 ms; this only bounds a database that does not answer at all (a host gone without a
 * reset), so that routes which need no database (config.json, the API docs) keep answering.
 */
export const STORE_TIMEOUT_MS = 2000;

/**
 * One hit: a new key or a key whose window has ended starts a window of $2 ms with 1, any other
 * hit adds 1 to its window. One atomic statement, so concurrent hits from any number of instances
 * each count exactly once (the row lock of ON CONFLICT orders them). The database's clock decides,
 * so instances with skewed clocks agree on every window.
 */
const HIT = `
  INSERT INTO rate_limit_counters AS c (key_hash, hits, window_ends_at)
  VALUES ($1, 1, now() + $2::int * interval '1 millisecond')
  ON CONFLICT (key_hash) DO UPDATE SET
    hits = CASE WHEN c.window_ends_at <= now() THEN 1 ELSE c.hits + 1 END,
    window_ends_at = CASE WHEN c.window_ends_at <= now() THEN excluded.window_ends_at ELSE c.window_ends_at END
  RETURNING c.hits AS hits, ceil(extract(epoch FROM c.window_ends_at - now()) * 1000)::int AS ttl_ms`;

/** A key's running window, read without counting: its hits and the milliseconds it has left. */
const PEEK = `
  SELECT hits, ceil(extract(epoch FROM window_ends_at - now()) * 1000)::int AS ttl_ms
  FROM rate_limit_counters WHERE key_hash = $1 AND window_ends_at > now()`;

/** Counts one hit of `key` under the limit `limit` (a window of `windowMs` from its first hit). */
export async function hitCounter(
  run: RunStatement,
  limit: string,
  key: string,
  windowMs: number,
): Promise<{ hits: number; ttlMs: number }> {
  const [row] = await run<{ hits: number; ttl_ms: number }>('rate_limit_hit', HIT, [
    counterKeyHash(limit, key),
    windowMs,
  ]);
  return { hits: row.hits, ttlMs: Math.max(0, row.ttl_ms) };
}

/** The hits of `key` in its running window (0 when it has none), without counting one. */
export async function peekCounter(
  run: RunStatement,
  limit: string,
  key: string,
): Promise<{ hits: number; ttlMs: number }> {
  const [row] = await run<{ hits: number; ttl_ms: number }>('rate_limit_peek', PEEK, [counterKeyHash(limit, key)]);
  return row ? { hits: row.hits, ttlMs: Math.max(0, row.ttl_ms) } : { hits: 0, ttlMs: 0 };
}

/** The stored key: the limit's name and the client's key (an address, `license:<key>`), hashed. */
export function counterKeyHash(limit: string, key: string): string {
  return createHash('sha256').update(`${limit}\n${key}`).digest('hex');
}

type LimitOptions = Partial<RateLimitOptions> & { routeInfo?: { method?: string | string[]; url?: string } };

/** The name of a limit's counters: its group, else the route it guards. */
function limitName(options: LimitOptions): string | undefined {
  if (options.groupId) return options.groupId;
  const { method, url } = options.routeInfo ?? {};
  if (method && url) return `${[method].flat().join(',')} ${url}`;
  return undefined;
}

/** Deletes the counters whose window has ended (the cleanup job); answers how many. */
export async function deleteExpiredRateLimitCounters(db: DbOrTx): Promise<number> {
  const rows = await db
    .delete(rateLimitCounters)
    .where(lt(rateLimitCounters.windowEndsAt, sql`now()`))
    .returning({ keyHash: rateLimitCounters.keyHash });
  return rows.length;
}

/**
 * @fastify/rate-limit's store (its `store` option) on the app database, PostgreSQL or PGlite alike:
 * every limit of every instance counts in `rate_limit_counters`, one named statement per hit
 * (what that costs a request: bench/README.md, "Rate limits shared by all instances"). Windows are
 * fixed and start with a key's first hit, as the plugin's own in-memory store does, so answers and
 * headers stay the same.
 *
 * Each limit is a child store with a name of its own: a route's limit (route config) is named by
 * method and URL, a limit made with `app.rateLimit()` must name itself with `groupId` (the plugin
 * hands neither a route nor a name to those, and two such limits must not share counters).
 *
 * When the database fails or does not answer within STORE_TIMEOUT_MS, the hit is an error; the
 * plugin is registered with skipOnError (server/plugins/rate-limit.ts), so the request goes on
 * unlimited. The first failure after a success is logged as a warning, the recovery once.
 */
export function sharedRateLimitStore(run: RunStatement, log: FastifyBaseLogger): FastifyRateLimitStoreCtor {
  let failing = false;

  async function hit(limit: string, key: string, windowMs: number) {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer within ${STORE_TIMEOUT_MS} ms`)), STORE_TIMEOUT_MS);
    });
    try {
      const row = await Promise.race([hitCounter(run, limit, key, windowMs), timeout]);
      if (failing) {
        failing = false;
        log.info({ limit }, 'rate limit store answers again');
      }
      return { current: row.hits, ttl: row.ttlMs };
    } catch (err) {
      if (!failing) {
        failing = true;
        // The error only: the statement's parameters hold the key's hash, which names a client.
        log.warn({ limit, reason: (err as Error).message }, 'rate limit store failed; requests pass unlimited');
      }
      throw err;
    } finally {
      clearTimeout(timer);
    }
  }

  class SharedStore implements FastifyRateLimitStore {
    /** The plugin makes the root store from its own options; only its children count. */
    constructor(
      _options: unknown,
      private readonly limit?: string,
    ) {}

    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
    ) {
      if (!this.limit) {
        callback(new Error('the root rate-limit store counts nothing'));
        return;
      }
      hit(this.limit, key, timeWindow).then(
        (result) => callback(null, result),
        (err: Error) => callback(err),
      );
    }

    /** One limit: called when a route with a limit is added, or by `app.rateLimit()`, so a mistake stops the start. */
    child(routeOptions: Parameters<FastifyRateLimitStore['child']>[0]): FastifyRateLimitStore {
      const options = routeOptions as unknown as LimitOptions;
      if (options.continueExceeding || options.exponentialBackoff) {
        throw new Error('the shared rate-limit store supports fixed windows only');
      }
      const limit = limitName(options);
      if (!limit)
        throw new Error('a rate limit made with app.rateLimit() needs a groupId (its name in the shared store)');
      return new SharedStore(options, limit);
    }
  }
  return SharedStore;
}
