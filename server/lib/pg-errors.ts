import type { ServerMessage } from '../../src/domain/errorCatalogue';
import { ApiError } from '../errors';

/** SQLSTATE codes the server answers as conflicts instead of internal errors. */
export const UNIQUE_VIOLATION = '23505';
export const FOREIGN_KEY_VIOLATION = '23503';
/**
 * A row still referenced through a foreign key declared ON DELETE RESTRICT: PostgreSQL reports
 * 23001 for it, where a NO ACTION key (the default) reports 23503.
 */
export const RESTRICT_VIOLATION = '23001';

/**
 * The SQLSTATE of a failed statement: pg and PGlite put it on their error, drizzle wraps that
 * error as its `cause`. Undefined for anything else.
 */
export function sqlStateOf(err: unknown): string | undefined {
  const e = err as { code?: unknown; cause?: { code?: unknown } } | undefined;
  return [e?.code, e?.cause?.code].find(
    (code): code is string => typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code),
  );
}

/**
 * Runs a change and answers the constraint violations `sqlStates` as 409 `message`. The database
 * decides (unique index, foreign keys), so two concurrent requests cannot both pass a check made
 * beforehand; the failed statement has rolled back the whole transaction, audit row included.
 */
export async function conflictOn<T>(
  sqlStates: readonly string[],
  message: ServerMessage,
  change: () => Promise<T>,
): Promise<T> {
  try {
    return await change();
  } catch (err) {
    const state = sqlStateOf(err);
    if (state && sqlStates.includes(state)) throw new ApiError(409, message);
    throw err;
  }
}
