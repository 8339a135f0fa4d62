import { and, eq, gt, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Adapter, AdapterFactory, AdapterPayload } from 'oidc-provider';
import type { Db, DbOrTx } from '../db/client';
import { oidcPayloads } from './idp.table';

/** Models whose entries die with their grant (same list as oidc-provider's memory adapter). */
const GRANTABLE = [
  'AccessToken',
  'AuthorizationCode',
  'RefreshToken',
  'DeviceCode',
  'BackchannelAuthenticationRequest',
];
/** Expired rows are deleted at most this often per process, on the back of a write. */
const CLEANUP_INTERVAL_MS = 10 * 60 * 1000;

export interface AdapterLogger {
  warn(obj: object, msg: string): void;
}

/**
 * A loggable summary of an error. Query errors carry their parameters (token ids, payloads) in
 * the message after the first line, so only the first line and the driver's code are kept.
 */
export function describeError(err: unknown): { error: string; message: string; code?: string } {
  const e = err as { name?: string; message?: string; code?: string; cause?: { code?: string; message?: string } };
  return {
    error: e?.name ?? 'Error',
    message: String(e?.message ?? err).split('\n')[0],
    code: e?.code ?? e?.cause?.code,
  };
}

/**
 * oidc-provider's storage over the `oidc_payloads` table, so sessions, grants and refresh tokens
 * survive a restart and are shared by all replicas. One row per (model, id); expired rows are
 * invisible at once and deleted opportunistically.
 */
export function createPayloadAdapter(db: Db, log: AdapterLogger): AdapterFactory {
  let lastCleanup = 0;

  function cleanupExpired() {
    const now = Date.now();
    if (now - lastCleanup < CLEANUP_INTERVAL_MS) return;
    lastCleanup = now;
    db.delete(oidcPayloads)
      .where(lt(oidcPayloads.expiresAt, new Date(now)))
      .then(
        () => undefined,
        (err: unknown) => log.warn(describeError(err), 'cleanup of expired IdP entries failed'),
      );
  }

  return (type: string): Adapter => {
    const live = () => or(isNull(oidcPayloads.expiresAt), gt(oidcPayloads.expiresAt, new Date()));
    const byId = (id: string) => and(eq(oidcPayloads.type, type), eq(oidcPayloads.id, id));

    async function findWhere(condition: ReturnType<typeof and>): Promise<AdapterPayload | undefined> {
      const [row] = await db
        .select({ payload: oidcPayloads.payload, consumedAt: oidcPayloads.consumedAt })
        .from(oidcPayloads)
        .where(and(condition, live()))
        .limit(1);
      if (!row) return undefined;
      const payload = row.payload as AdapterPayload;
      return row.consumedAt ? { ...payload, consumed: Math.floor(row.consumedAt.getTime() / 1000) } : payload;
    }

    return {
      async upsert(id, payload, expiresIn) {
        const values = {
          payload: payload as Record<string, unknown>,
          grantId: payload.grantId ?? null,
          userCode: payload.userCode ?? null,
          uid: type === 'Session' ? (payload.uid ?? null) : null,
          expiresAt: typeof expiresIn === 'number' ? new Date(Date.now() + expiresIn * 1000) : null,
          consumedAt: null,
        };
        await db
          .insert(oidcPayloads)
          .values({ id, type, ...values })
          .onConflictDoUpdate({ target: [oidcPayloads.type, oidcPayloads.id], set: values });
        cleanupExpired();
      },
      find: (id) => findWhere(byId(id)),
      findByUid: (uid) => findWhere(and(eq(oidcPayloads.type, type), eq(oidcPayloads.uid, uid))),
      findByUserCode: (userCode) => findWhere(and(eq(oidcPayloads.type, type), eq(oidcPayloads.userCode, userCode))),
      async consume(id) {
        await db.update(oidcPayloads).set({ consumedAt: new Date() }).where(byId(id));
      },
      async destroy(id) {
        await db.delete(oidcPayloads).where(byId(id));
      },
      async revokeByGrantId(grantId) {
        await db
          .delete(oidcPayloads)
          .where(and(eq(oidcPayloads.grantId, grantId), inArray(oidcPayloads.type, GRANTABLE)));
      },
    };
  };
}

/**
 * Deletes everything the provider stores about one account: its sessions, grants, codes and
 * refresh tokens (`accountId` in the payload) and interactions under way (`session.accountId`).
 * A session cookie or refresh token of the account then finds nothing. No index serves this
 * lookup: it runs when an account is deleted, rarely enough to scan the table.
 */
export async function deletePayloadsOfAccount(db: DbOrTx, accountId: string): Promise<void> {
  await db
    .delete(oidcPayloads)
    .where(
      or(
        sql`${oidcPayloads.payload} ->> 'accountId' = ${accountId}`,
        sql`${oidcPayloads.payload} #>> '{session,accountId}' = ${accountId}`,
      ),
    );
}

/**
 * Deletes what the provider stores about one account except what belongs to the session
 * `keepSessionUid`: that session, its grants, codes, tokens and interaction under way stay, so the
 * browser that changed the password goes on, and every other browser's session cookie and refresh
 * token find nothing (issue 24: a password change ends the other sessions). Returns the kept
 * session's authorizations per client (their `sid` and grant).
 */
export async function deletePayloadsOfAccountExcept(
  db: DbOrTx,
  accountId: string,
  keepSessionUid: string,
): Promise<Record<string, { sid?: string; grantId?: string }>> {
  const [session] = await db
    .select({ payload: oidcPayloads.payload })
    .from(oidcPayloads)
    .where(and(eq(oidcPayloads.type, 'Session'), eq(oidcPayloads.uid, keepSessionUid)));
  const authorizations = (session?.payload.authorizations ?? {}) as Record<string, { sid?: string; grantId?: string }>;
  const keptGrants = Object.values(authorizations)
    .map((authorization) => authorization.grantId)
    .filter((grantId): grantId is string => typeof grantId === 'string');
  await db
    .delete(oidcPayloads)
    .where(
      and(
        or(
          sql`${oidcPayloads.payload} ->> 'accountId' = ${accountId}`,
          sql`${oidcPayloads.payload} #>> '{session,accountId}' = ${accountId}`,
        ),
        sql`coalesce(${oidcPayloads.uid}, '') <> ${keepSessionUid}`,
        sql`coalesce(${oidcPayloads.payload} ->> 'sessionUid', '') <> ${keepSessionUid}`,
        sql`coalesce(${oidcPayloads.payload} #>> '{session,uid}', '') <> ${keepSessionUid}`,
        ...(keptGrants.length
          ? [
              sql`not (coalesce(${oidcPayloads.grantId}, '') in ${keptGrants} or (${oidcPayloads.type} = 'Grant' and ${oidcPayloads.id} in ${keptGrants}))`,
            ]
          : []),
      ),
    );
  return authorizations;
}
