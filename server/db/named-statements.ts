import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { Db } from './client';

/** Runs one statement by name and text; answers its rows. */
export type RunStatement = <T>(name: string, text: string, values: unknown[]) => Promise<T[]>;

/**
 * The statements a server runs on every call of a hot path (the device API's two, the rate-limit
 * counter) go past drizzle, straight to the driver: on PostgreSQL as named prepared statements,
 * parsed and planned once per pooled connection; PGlite has one session and runs them as they are.
 * Behind PgBouncer in transaction mode named statements need `max_prepared_statements` (PgBouncer
 * 1.21 or later); every other statement of the server stays unnamed.
 */
export function namedStatementRunner(db: Db): RunStatement {
  const client = (db as unknown as { $client: unknown }).$client;
  if (client instanceof pg.Pool) {
    return async <T>(name: string, text: string, values: unknown[]) => {
      const connection = await client.connect();
      try {
        // pg writes Bind, Describe, Execute and Sync to the socket one by one (four system calls and
        // four wake-ups of the backend); corked, they leave as one.
        const socket = (connection as unknown as { connection?: { stream?: NodeJS.WritableStream } }).connection
          ?.stream as { cork?: () => void; uncork?: () => void } | undefined;
        socket?.cork?.();
        const result = connection.query({ name, text, values });
        socket?.uncork?.();
        return (await result).rows as T[];
      } finally {
        connection.release();
      }
    };
  }
  const session = client as PGlite;
  return async <T>(_name: string, text: string, values: unknown[]) => (await session.query<T>(text, values)).rows;
}
