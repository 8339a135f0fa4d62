import type { FastifyReply, FastifyRequest } from 'fastify';
import { DEVICE_ERROR_CODES } from '../../../src/domain/deviceApi';
import type { RunStatement } from '../../db/named-statements';
import { ApiError, TRANSPORT_MESSAGES } from '../../errors';
import { hitCounter, peekCounter } from '../../lib/rate-limit-store';

/** The counters' name in rate_limit_counters (hashed together with the address). */
const LIMIT_NAME = 'device-unknown-key';
const HOUR_MS = 60 * 60 * 1000;

/**
 * Licence-key guessing, limited per client address (RATE_LIMIT_DEVICE_UNKNOWN_KEYS_PER_HOUR): every
 * 404 'License key unknown' counts against the caller's address in the shared counters, so the limit
 * holds across instances. An address that has used up its unknown keys gets 429 with Retry-After for
 * every device call until its hour ends, known keys too: were those answered, a 429 would mean
 * "unknown" and the guessing would go on at full speed. The one exception is a licence's call from
 * the PC it is bound to (its machine id), so a studio behind the same address keeps working; to pass
 * there a guesser would have to find a key and its PC's machine id together. Known keys never count,
 * and the per-licence limit stays as it is.
 *
 * When the counters cannot be read or written, the call goes on unlimited, as every other limit
 * does (server/plugins/rate-limit.ts).
 */
export function unknownKeyLimit(opts: {
  run: RunStatement;
  maxPerHour: number;
  boundMachineIdOf: (key: string) => Promise<string | null | undefined>;
}) {
  const { run, maxPerHour, boundMachineIdOf } = opts;

  function tooMany(reply: FastifyReply, ttlMs: number): ApiError {
    reply.header('retry-after', String(Math.max(1, Math.ceil(ttlMs / 1000))));
    return new ApiError(429, TRANSPORT_MESSAGES.tooManyRequests);
  }

  return {
    /** Before the call: refuses an address over its limit, unless the key's licence is bound to this PC. */
    async check(request: FastifyRequest, reply: FastifyReply, key: string, machineId: unknown): Promise<void> {
      let state;
      try {
        state = await peekCounter(opts.run, LIMIT_NAME, request.ip);
      } catch (err) {
        request.log.warn({ reason: (err as Error).message }, 'unknown-key counter could not be read');
        return;
      }
      if (state.hits < maxPerHour) return;
      const bound = await boundMachineIdOf(key);
      if (bound != null && bound === machineId) return;
      throw tooMany(reply, state.ttlMs);
    },

    /** After a 404 'License key unknown': counts it; the one that passes the limit is a 429 instead. */
    async count(request: FastifyRequest, reply: FastifyReply): Promise<void> {
      let state;
      try {
        state = await hitCounter(run, LIMIT_NAME, request.ip, HOUR_MS);
      } catch (err) {
        request.log.warn({ reason: (err as Error).message }, 'unknown-key counter could not be written');
        return;
      }
      if (state.hits > maxPerHour) throw tooMany(reply, state.ttlMs);
    },
  };
}

/** Whether an error is the device API's unknown-key answer. */
export function isUnknownKeyError(error: unknown): boolean {
  return error instanceof ApiError && error.errorCode === DEVICE_ERROR_CODES.licenseKeyUnknown;
}
