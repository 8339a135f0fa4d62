import { createHash } from 'node:crypto';
import { isIPv4, isIPv6 } from 'node:net';
import { eq, lt, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { loginThrottles } from '../db/schema';

/**
 * How failed logins are throttled, after Keycloak's brute-force detection: no hard lock, but
 * growing waits. Each key (account, client address, the pair of both) has a number of free
 * failures; every further failure doubles the wait before the key's next attempt counts at all.
 * An attempt during a wait is refused exactly like a wrong password, whatever the password.
 */
export const LOGIN_THROTTLE = {
  freeFailures: {
    // One person mistyping at one computer: as many tries as the old hard lock allowed, and a
    // success starts afresh. After that an online guesser from one address gets ten more tries
    // in the next 17 minutes (waits of 1 s + 2 s + ... + 512 s), then four an hour.
    pair: 5,
    // One address across accounts (password spraying). Higher than a person's typos, because an
    // office or a mobile network shares one address among many people; the waits are short at
    // first, so a few more typos there cost seconds, not the morning.
    address: 30,
    // One account from everywhere (distributed guessing). Far above the pair's, because reaching it
    // slows the owner down too, wherever they log in from: one address alone, held at four tries an
    // hour by its own keys, would need most of a day.
    account: 100,
  },
  // The first wait is short, so a real person who goes on mistyping hardly notices it ...
  firstWaitMs: 1000,
  // ... and doubling reaches the cap after ten more failures: 1 s, 2 s, 4 s, ... 15 minutes.
  // Keycloak's default cap too; long enough to make guessing hopeless, short enough that a
  // throttled owner is not shut out for long.
  maxWaitMs: 15 * 60 * 1000,
  // A key without a counted failure for this long starts afresh (Keycloak's failure reset time).
  quietResetMs: 12 * 60 * 60 * 1000,
  // Rows quiet for longer are deleted; longer than quietResetMs, so deleting never changes an answer.
  staleAfterMs: 24 * 60 * 60 * 1000,
} as const;

export type ThrottleKind = keyof typeof LOGIN_THROTTLE.freeFailures;

export interface ThrottleKey {
  kind: ThrottleKind;
  hash: string;
  /** The account's key hash (account and pair keys), so a new password can clear them. */
  accountHash: string | null;
}

export interface LoginThrottleKeys {
  pair: ThrottleKey;
  address: ThrottleKey;
  account: ThrottleKey;
}

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/** The account part of a key: the e-mail as findUserByEmail compares it. */
function accountName(email: string): string {
  return email.trim().toLowerCase();
}

const accountKeyHash = (email: string) => sha256(`account:${accountName(email)}`);

/**
 * The client part of a key. An IPv4 client seen through a dual-stack socket is its IPv4 address;
 * an IPv6 client counts by its /64 network, because one connection usually owns a whole /64 and
 * could otherwise step to a fresh address for every try.
 */
export function clientAddress(ip: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(ip);
  if (mapped && isIPv4(mapped[1])) return mapped[1];
  const plain = ip.split('%')[0];
  if (!isIPv6(plain)) return ip;
  const [head, tail = ''] = plain.split('::');
  const groupsOf = (part: string) => (part ? part.split(':') : []).flatMap(embeddedIpv4ToGroups);
  const before = groupsOf(head);
  const after = plain.includes('::') ? groupsOf(tail) : [];
  const groups = [...before, ...Array<string>(8 - before.length - after.length).fill('0'), ...after];
  return `${groups
    .slice(0, 4)
    .map((g) => parseInt(g, 16).toString(16))
    .join(':')}::/64`;
}

function embeddedIpv4ToGroups(group: string): string[] {
  if (!group.includes('.')) return [group];
  const [a, b, c, d] = group.split('.').map(Number);
  return [((a << 8) | b).toString(16), ((c << 8) | d).toString(16)];
}

/** The three keys of one attempt, as SHA-256 hashes: no typed e-mail or address is stored. */
export function loginThrottleKeys(email: string, ip: string): LoginThrottleKeys {
  const account = accountName(email);
  const address = clientAddress(ip);
  const accountHash = accountKeyHash(email);
  return {
    // JSON keeps the two parts apart whatever characters the typed e-mail holds.
    pair: { kind: 'pair', hash: sha256(`pair:${JSON.stringify([account, address])}`), accountHash },
    address: { kind: 'address', hash: sha256(`address:${address}`), accountHash: null },
    account: { kind: 'account', hash: accountHash, accountHash },
  };
}

const timestamp = (date: Date) => sql`${date.toISOString()}::timestamptz`;

/** The free failures of a row's kind, from LOGIN_THROTTLE. */
function freeFailuresOf(kind: SQL): SQL {
  const { pair, address, account } = LOGIN_THROTTLE.freeFailures;
  return sql`(case ${kind} when 'pair' then ${pair}::int when 'address' then ${address}::int else ${account}::int end)`;
}

/** The end of the wait after the `failures`-th counted failure: none within the free ones, then doubling up to the cap. */
function waitUntil(failures: SQL, kind: SQL, now: Date): SQL {
  const beyond = sql`(${failures} - ${freeFailuresOf(kind)})`;
  // The exponent is bounded so a long series cannot overflow; the cap is reached long before.
  const waitMs = sql`least(${LOGIN_THROTTLE.firstWaitMs}::float8 * power(2, least(${beyond} - 1, 40)), ${LOGIN_THROTTLE.maxWaitMs}::float8)`;
  return sql`(case when ${beyond} > 0 then ${timestamp(now)} + ${waitMs} * interval '1 millisecond' else null end)`;
}

/**
 * Records one login attempt, after its password check, in ONE statement with the same text on
 * every path (only the outcome parameter differs), so refused attempts cost the database the same
 * whatever the reason. Returns whether any of the attempt's keys was in a wait.
 *
 * - A key in a wait refuses the attempt; nothing is counted and nothing reset.
 * - Otherwise a failure counts on all three keys. Each key's row changes in one atomic upsert
 *   (the row lock serialises parallel attempts, and a key that a parallel failure has just put
 *   into a wait is left alone), so no count is lost. Rows are taken in key order, so two
 *   attempts sharing keys cannot deadlock.
 * - Otherwise a success deletes the pair key: the owner starts afresh from this address, while the
 *   address and account counts stay, so an attacker cannot wipe them with an account of their own.
 */
export async function recordLoginAttempt(
  db: DbOrTx,
  keys: LoginThrottleKeys,
  passwordOk: boolean,
  now: Date,
): Promise<{ throttled: boolean }> {
  const { pair, address, account } = keys;
  const nowSql = timestamp(now);
  const row = (key: ThrottleKey) => sql`(${key.hash}::text, ${key.kind}::text, ${key.accountHash}::text)`;
  // The row already stored, as ON CONFLICT ... DO UPDATE names it (the table itself).
  const existing = sql.raw('login_throttles');
  const nextCount = sql`(case when ${existing}.last_failure_at <= ${timestamp(new Date(now.getTime() - LOGIN_THROTTLE.quietResetMs))} then 1 else ${existing}.failures + 1 end)`;
  const result = await db.execute(sql`
    with blocked as (
      select exists (
        select 1 from login_throttles
        where key_hash in (${pair.hash}, ${address.hash}, ${account.hash}) and blocked_until > ${nowSql}
      ) as throttled
    ),
    counted as (
      insert into login_throttles (key_hash, kind, account_hash, failures, last_failure_at, blocked_until)
      select v.key_hash, v.kind, v.account_hash, 1, ${nowSql}, ${waitUntil(sql`1`, sql`v.kind`, now)}
      from (values ${row(pair)}, ${row(address)}, ${row(account)}) as v (key_hash, kind, account_hash)
      where not ${passwordOk}::boolean and not (select throttled from blocked)
      order by v.key_hash
      on conflict (key_hash) do update set
        failures = ${nextCount},
        last_failure_at = ${nowSql},
        blocked_until = ${waitUntil(nextCount, sql`${existing}.kind`, now)}
      where ${existing}.blocked_until is null or ${existing}.blocked_until <= ${nowSql}
      returning 1
    ),
    reset as (
      delete from login_throttles
      where key_hash = ${pair.hash} and ${passwordOk}::boolean and not (select throttled from blocked)
      returning 1
    )
    select throttled from blocked`);
  const [first] = (result as unknown as { rows: { throttled: boolean }[] }).rows;
  return { throttled: first?.throttled === true };
}

/** Clears the throttle state of an account (its own key and every pair with it): a new password was set. */
export async function clearAccountLoginThrottles(db: DbOrTx, email: string): Promise<void> {
  await db.delete(loginThrottles).where(eq(loginThrottles.accountHash, accountKeyHash(email)));
}

/**
 * Deletes the rows of keys without a counted failure for more than a day; returns how many. Safe to
 * run on several replicas at once: one conditional DELETE.
 */
export async function deleteStaleLoginThrottles(db: DbOrTx, now: Date): Promise<number> {
  const rows = await db
    .delete(loginThrottles)
    .where(lt(loginThrottles.lastFailureAt, new Date(now.getTime() - LOGIN_THROTTLE.staleAfterMs)))
    .returning({ keyHash: loginThrottles.keyHash });
  return rows.length;
}
