import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { AppConfig } from '../config';
import { migrationsFolder, type Db } from '../db/client';
import type { JobQueue } from '../jobs/queue';
import { failureCode, withTimeout } from '../lib/timeout';

export type HealthStatus = 'UP' | 'DOWN';

/** One line of the readiness answer, shaped like Keycloak's health checks. */
export interface HealthCheckResult {
  name: string;
  status: HealthStatus;
  data?: Record<string, string | number | boolean | string[]>;
}

export type HealthCheck = () => Promise<HealthCheckResult>;

/**
 * How long a check may wait for its dependency. A database or Keycloak that stops answering turns
 * readiness 503 within this, well inside the 5 s an operator may expect (issue 23).
 */
export const CHECK_TIMEOUT_MS = 2_000;

const up = (name: string, data?: HealthCheckResult['data']): HealthCheckResult => ({ name, status: 'UP', data });
const down = (name: string, data?: HealthCheckResult['data']): HealthCheckResult => ({ name, status: 'DOWN', data });

/** The database answers a trivial statement within the timeout (the pool's or PGlite's session). */
export function databaseCheck(db: Db): HealthCheck {
  return async () => {
    try {
      await withTimeout(db.execute(sql`select 1`), CHECK_TIMEOUT_MS);
      return up('database');
    } catch (err) {
      return down('database', { reason: failureCode(err) });
    }
  };
}

interface JournalEntry {
  tag: string;
  /** drizzle's migrator records this as the migration's created_at. */
  when: number;
}

/**
 * Every migration of server/db/migrations is recorded in the database (drizzle's journal against
 * drizzle.__drizzle_migrations, the table its migrator writes). While the database cannot be read
 * the last verdict stands, with the time it was reached: an outage cannot undo a migration, and
 * the database check reports the outage itself.
 */
export function migrationsCheck(db: Db): HealthCheck {
  const journal = JSON.parse(readFileSync(join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
    entries: JournalEntry[];
  };
  let last: { missing: string[]; verifiedAt: string } | undefined;
  return async () => {
    try {
      const result = await withTimeout(
        db.execute<{ created_at: string | number }>(sql`select created_at from drizzle.__drizzle_migrations`),
        CHECK_TIMEOUT_MS,
      );
      const recorded = new Set(result.rows.map((row) => Number(row.created_at)));
      last = {
        missing: journal.entries.filter((entry) => !recorded.has(entry.when)).map((entry) => entry.tag),
        verifiedAt: new Date().toISOString(),
      };
    } catch (err) {
      if (!last) return down('migrations', { reason: failureCode(err) });
    }
    const { missing, verifiedAt } = last!;
    return missing.length
      ? down('migrations', { missing, verifiedAt })
      : up('migrations', { applied: journal.entries.length, verifiedAt });
  };
}

/**
 * pg-boss runs in this process and, where this process runs the workers (JOB_WORKERS), they have
 * started. Not a database round trip: the job queue waits out an outage on its own and carries
 * on, which the database check reports.
 */
export function jobQueueCheck(queue: JobQueue, runsWorkers: boolean): HealthCheck {
  return async () => {
    const { started, workers } = queue.state();
    const data = { workers: runsWorkers ? (workers ? 'running' : 'not running') : 'none (JOB_WORKERS=false)' };
    return started && (workers || !runsWorkers) ? up('job-queue', data) : down('job-queue', data);
  };
}

/**
 * The identity provider answers its discovery document. The embedded one lives in this process,
 * which is up when it answers this; Keycloak is asked for `${issuer}/.well-known/openid-configuration`,
 * which must name the configured issuer.
 */
export function identityProviderCheck(config: AppConfig): HealthCheck {
  const issuer = config.keycloak.issuer;
  if (config.embedded) return async () => up('identity-provider', { provider: 'embedded' });
  const discovery = `${issuer}/.well-known/openid-configuration`;
  return async () => {
    try {
      const res = await fetch(discovery, { signal: AbortSignal.timeout(CHECK_TIMEOUT_MS) });
      if (!res.ok) return down('identity-provider', { provider: 'keycloak', reason: `HTTP ${res.status}` });
      const document = (await withTimeout(res.json(), CHECK_TIMEOUT_MS)) as { issuer?: unknown };
      return document.issuer === issuer
        ? up('identity-provider', { provider: 'keycloak' })
        : down('identity-provider', { provider: 'keycloak', reason: 'ISSUER_MISMATCH' });
    } catch (err) {
      const timedOut = (err as { name?: string }).name === 'TimeoutError';
      return down('identity-provider', { provider: 'keycloak', reason: timedOut ? 'TIMEOUT' : causeCode(err) });
    }
  };
}

/** fetch wraps the socket's error (ECONNREFUSED) as its cause. */
function causeCode(err: unknown): string {
  const cause = (err as { cause?: unknown }).cause;
  return cause ? failureCode(cause) : failureCode(err);
}
