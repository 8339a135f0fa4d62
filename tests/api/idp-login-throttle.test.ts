import { inArray } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Database } from '../../server/db/client';
import { loginThrottles, users } from '../../server/db/schema';
import {
  clientAddress,
  deleteStaleLoginThrottles,
  LOGIN_THROTTLE,
  loginThrottleKeys,
  recordLoginAttempt,
} from '../../server/idp/login-throttle';
import { hashPassword } from '../../server/idp/passwords';
import { buildTestApp } from './helpers/app';
import { codeOf, exchangeCode, locationOf, startLogin, submitLogin, type AuthorizationStart } from './helpers/login';

const INVALID = 'Ungültiger Benutzername oder Passwort.';
const RIGHT = 'richtig-12345';
const FREE = LOGIN_THROTTLE.freeFailures;

// Each login costs one scrypt (tens of milliseconds alone, far more on a loaded machine).
describe('embedded identity provider login throttle', { timeout: 120_000 }, () => {
  let app: FastifyInstance & { database: Database };
  /** The faked wall clock (Date only; timers and performance.now stay real). */
  let now = 0;

  function setClock(ms: number) {
    now = ms;
    vi.setSystemTime(now);
  }
  const advance = (ms: number) => setClock(now + ms);

  async function addUser(email: string, password: string | null = RIGHT) {
    const passwordHash = password === null ? null : await hashPassword(password);
    const [user] = await app.database.db
      .insert(users)
      .values({ email, firstName: 'Test', lastName: 'Nutzer', role: 'Employee', passwordHash })
      .returning();
    return user;
  }

  function expectRefused(res: LightMyRequestResponse) {
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(INVALID);
  }

  /** The rest of the code flow after an accepted form: the web app gets its tokens. */
  async function finishLogin(start: AuthorizationStart, posted: LightMyRequestResponse) {
    expect(posted.statusCode).toBe(303);
    const resumed = await start.jar.inject(app, { method: 'GET', url: locationOf(posted) });
    return exchangeCode(app, start, codeOf(resumed));
  }

  async function throttleRows(hashes: string[]) {
    return app.database.db
      .select()
      .from(loginThrottles)
      .where(inArray(loginThrottles.keyHash, hashes))
      .orderBy(loginThrottles.keyHash);
  }

  beforeAll(async () => {
    // The per-replica flood limit of the form is not what these tests are about.
    app = await buildTestApp({ RATE_LIMIT_PUBLIC_PER_MINUTE: '100000' });
  });
  afterAll(() => app.close());
  afterEach(() => {
    vi.useRealTimers();
  });

  function freezeClock() {
    vi.useFakeTimers({ toFake: ['Date'] });
    setClock(Date.now());
  }

  it('answers an unknown address, a wrong password and a throttled account byte for byte alike', async () => {
    freezeClock();
    // Addresses of the same length, so the echoed username does not change the length.
    const known = await addUser('konto-a@lumio.example');
    const throttled = await addUser('konto-t@lumio.example');
    const unknown = 'konto-x@lumio.example';
    const attacker = await startLogin(app);
    for (let attempt = 0; attempt <= FREE.pair; attempt++) {
      await submitLogin(app, attacker, throttled.email, `falsch-${attempt}`, '192.0.2.10');
    }

    const answers = [
      [known.email, 'falsch-123', '192.0.2.11'],
      [unknown, 'falsch-123', '192.0.2.12'],
      // The right password, during the wait.
      [throttled.email, RIGHT, '192.0.2.10'],
    ].map(async ([username, password, address]) => {
      const start = await startLogin(app);
      const res = await submitLogin(app, start, username, password, address);
      const uid = start.loginPath.split('/').pop()!;
      const headers = { ...res.headers };
      // Per request and per address, not per account: the date, the rate-limit counter of the
      // address, the fresh anti-forgery token.
      delete headers.date;
      delete headers['x-ratelimit-remaining'];
      delete headers['x-ratelimit-reset'];
      headers['set-cookie'] = String(headers['set-cookie']).replace(/XSRF-TOKEN=[^;]+/, 'XSRF-TOKEN=…');
      const body = res.body.replaceAll(uid, '<uid>').replaceAll(username, '<username>');
      return { status: res.statusCode, headers, body };
    });
    const [wrong, unknownAnswer, throttledAnswer] = await Promise.all(answers);
    expect(wrong.status).toBe(200);
    expect(wrong.body).toContain(INVALID);
    expect(wrong.body).toContain('action="/realms/lumio/login-actions/authenticate/<uid>"');
    expect(unknownAnswer).toEqual(wrong);
    expect(throttledAnswer).toEqual(wrong);
  });

  it("lets the owner log in from another address while an attacker's failures pile up", async () => {
    freezeClock();
    const owner = await addUser('besitzerin@lumio.example');
    const attackerAddress = '198.51.100.1';
    async function ownerLogsInFromElsewhere() {
      const start = await startLogin(app);
      const tokens = await finishLogin(start, await submitLogin(app, start, owner.email, RIGHT, '203.0.113.7'));
      expect(tokens.access_token).toEqual(expect.any(String));
    }

    // A burst of wrong passwords from one address ...
    const burst = await startLogin(app);
    for (let attempt = 0; attempt < 2 * FREE.pair; attempt++) {
      expect((await submitLogin(app, burst, owner.email, `burst-${attempt}`, attackerAddress)).statusCode).toBe(200);
    }
    await ownerLogsInFromElsewhere();

    // ... and a patient attacker, each try after the previous wait so that every one counts (each
    // in a fresh login, as the form itself expires after half an hour).
    for (let attempt = 0; attempt < 3 * FREE.pair; attempt++) {
      advance(LOGIN_THROTTLE.maxWaitMs);
      const attacker = await startLogin(app);
      expect((await submitLogin(app, attacker, owner.email, `rate-${attempt}`, attackerAddress)).statusCode).toBe(200);
    }
    await ownerLogsInFromElsewhere();
  });

  it('refuses every attempt from an address during its wait, even the right password, and lets it in afterwards', async () => {
    freezeClock();
    const user = await addUser('wartend@lumio.example');
    const start = await startLogin(app);
    const address = '198.51.100.2';
    for (let attempt = 0; attempt <= FREE.pair; attempt++) {
      await submitLogin(app, start, user.email, `falsch-${attempt}`, address);
    }
    // A wait of firstWaitMs runs now: the right password is refused, and tries during it count for nothing.
    expectRefused(await submitLogin(app, start, user.email, RIGHT, address));
    expectRefused(await submitLogin(app, start, user.email, 'falsch-im-warten', address));
    advance(LOGIN_THROTTLE.firstWaitMs - 1);
    expectRefused(await submitLogin(app, start, user.email, RIGHT, address));

    // The next failure after the wait doubles it.
    advance(1);
    expectRefused(await submitLogin(app, start, user.email, 'falsch-danach', address));
    advance(2 * LOGIN_THROTTLE.firstWaitMs - 1);
    expectRefused(await submitLogin(app, start, user.email, RIGHT, address));
    advance(1);
    const tokens = await finishLogin(start, await submitLogin(app, start, user.email, RIGHT, address));
    expect(tokens.access_token).toEqual(expect.any(String));
  });

  it('starts an address afresh for the account after a successful login', async () => {
    freezeClock();
    const user = await addUser('vergesslich@lumio.example');
    const address = '198.51.100.3';
    const first = await startLogin(app);
    for (let attempt = 0; attempt < FREE.pair; attempt++) {
      await submitLogin(app, first, user.email, 'falsch', address);
    }
    await finishLogin(first, await submitLogin(app, first, user.email, RIGHT, address));

    const second = await startLogin(app);
    for (let attempt = 0; attempt < FREE.pair; attempt++) {
      expectRefused(await submitLogin(app, second, user.email, 'falsch', address));
    }
    await finishLogin(second, await submitLogin(app, second, user.email, RIGHT, address));
  });

  it('throttles an address that sprays passwords across many accounts', async () => {
    freezeClock();
    const owner = await addUser('gespruehte@lumio.example');
    const sprayer = '198.51.100.4';
    const start = await startLogin(app);
    for (let account = 0; account <= FREE.address; account++) {
      expectRefused(await submitLogin(app, start, `opfer-${account}@lumio.example`, 'Sommer2026!', sprayer));
    }
    expectRefused(await submitLogin(app, start, owner.email, RIGHT, sprayer));

    const elsewhere = await startLogin(app);
    await finishLogin(elsewhere, await submitLogin(app, elsewhere, owner.email, RIGHT, '203.0.113.8'));
  });

  it('throttles an account guessed from many addresses, only far beyond what one address may try', async () => {
    freezeClock();
    const owner = await addUser('verteilt@lumio.example');
    expect(FREE.account).toBeGreaterThanOrEqual(10 * FREE.pair);
    const at = new Date(now);
    for (let guess = 0; guess <= FREE.account; guess++) {
      const keys = loginThrottleKeys(owner.email, `10.30.${guess >> 8}.${guess & 255}`);
      expect(await recordLoginAttempt(app.database.db, keys, false, at)).toEqual({ throttled: false });
    }
    const start = await startLogin(app);
    expectRefused(await submitLogin(app, start, owner.email, RIGHT, '203.0.113.9'));
    advance(LOGIN_THROTTLE.firstWaitMs);
    await finishLogin(start, await submitLogin(app, start, owner.email, RIGHT, '203.0.113.9'));
  });

  it('counts every one of parallel failures', async () => {
    const target = await addUser('parallel@lumio.example');
    const N = 10;
    const start = await startLogin(app);
    const fromMany = await Promise.all(
      Array.from({ length: N }, (_, i) => submitLogin(app, start, target.email, `falsch-${i}`, `10.40.0.${i}`)),
    );
    fromMany.forEach(expectRefused);
    const accountKey = loginThrottleKeys(target.email, '').account.hash;
    expect(await throttleRows([accountKey])).toMatchObject([{ failures: N }]);

    const fromOne = await Promise.all(
      Array.from({ length: N }, (_, i) => submitLogin(app, start, `parallel-${i}@lumio.example`, 'x', '10.41.0.1')),
    );
    fromOne.forEach(expectRefused);
    const addressKey = loginThrottleKeys('', '10.41.0.1').address.hash;
    expect(await throttleRows([addressKey])).toMatchObject([{ failures: N }]);

    // Many more at once, straight at the throttle: 40 attempts, every pair of 8 accounts and
    // 5 addresses once, so the statements overlap on shared rows in every combination.
    const at = new Date();
    const keysOf = (i: number) => loginThrottleKeys(`massen-${i % 8}@lumio.example`, `10.42.0.${i % 5}`);
    const results = await Promise.all(
      Array.from({ length: 40 }, (_, i) => recordLoginAttempt(app.database.db, keysOf(i), false, at)),
    );
    expect(results.every((r) => !r.throttled)).toBe(true);
    const accounts = await throttleRows(Array.from({ length: 8 }, (_, i) => keysOf(i).account.hash));
    expect(accounts.map((row) => row.failures)).toEqual(Array(8).fill(5));
    const addresses = await throttleRows(Array.from({ length: 5 }, (_, i) => keysOf(i).address.hash));
    expect(addresses.map((row) => row.failures)).toEqual(Array(5).fill(8));
  });

  it('doubles the wait after the free failures up to 15 minutes, and starts afresh after a quiet period', async () => {
    const { db } = app.database;
    const keys = loginThrottleKeys('verdoppelt@lumio.example', '10.50.0.1');
    let at = new Date('2030-01-01T08:00:00Z');
    const waits: (number | null)[] = [];
    for (let failure = 1; failure <= FREE.pair + 12; failure++) {
      expect(await recordLoginAttempt(db, keys, false, at)).toEqual({ throttled: false });
      const [pair] = await throttleRows([keys.pair.hash]);
      expect(pair.failures).toBe(failure);
      waits.push(pair.blockedUntil ? pair.blockedUntil.getTime() - at.getTime() : null);
      at = pair.blockedUntil ?? at;
    }
    const s = 1000;
    expect(waits).toEqual([
      ...Array<null>(FREE.pair).fill(null),
      ...[1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 900, 900].map((seconds) => seconds * s),
    ]);
    expect(LOGIN_THROTTLE.maxWaitMs).toBe(900 * s);

    // During the wait: refused, and nothing changes, whatever the password.
    const before = await throttleRows([keys.pair.hash, keys.address.hash, keys.account.hash]);
    const during = new Date(at.getTime() - 1);
    expect(await recordLoginAttempt(db, keys, false, during)).toEqual({ throttled: true });
    expect(await recordLoginAttempt(db, keys, true, during)).toEqual({ throttled: true });
    expect(await throttleRows([keys.pair.hash, keys.address.hash, keys.account.hash])).toEqual(before);

    // After a quiet period the key starts afresh.
    at = new Date(at.getTime() + LOGIN_THROTTLE.quietResetMs);
    expect(await recordLoginAttempt(db, keys, false, at)).toEqual({ throttled: false });
    expect(await throttleRows([keys.pair.hash])).toMatchObject([{ failures: 1, blockedUntil: null }]);

    // A success resets the pair only: the address and the account keep their counts.
    expect(await recordLoginAttempt(db, keys, true, at)).toEqual({ throttled: false });
    const after = await throttleRows([keys.pair.hash, keys.address.hash, keys.account.hash]);
    expect(after.map((row) => row.kind).sort()).toEqual(['account', 'address']);
  });

  it('stores the keys only as hashes', async () => {
    const keys = loginThrottleKeys(' Gross@Lumio.Example ', '192.0.2.99');
    await recordLoginAttempt(app.database.db, keys, false, new Date('2030-02-01T08:00:00Z'));
    const rows = await throttleRows([keys.pair.hash, keys.address.hash, keys.account.hash]);
    expect(rows).toHaveLength(3);
    const stored = JSON.stringify(rows);
    expect(stored).not.toMatch(/gross|lumio|192\.0\.2/i);
    expect(loginThrottleKeys('gross@lumio.example', '192.0.2.99')).toEqual(keys);
  });

  it('counts the addresses of one IPv6 /64 network, and an IPv4 client on a dual-stack socket, as one address', () => {
    expect(clientAddress('2001:db8:1:2:aaaa::1')).toBe(clientAddress('2001:0db8:0001:0002:bbbb:cccc:dddd:eeee'));
    expect(clientAddress('2001:db8:1:2::1')).not.toBe(clientAddress('2001:db8:1:3::1'));
    expect(clientAddress('::1')).toBe('0:0:0:0::/64');
    expect(clientAddress('::ffff:192.0.2.1')).toBe('192.0.2.1');
    expect(clientAddress('192.0.2.1')).toBe('192.0.2.1');
  });

  it('deletes the throttle rows of keys quiet for more than a day', async () => {
    const { db } = app.database;
    const t0 = new Date('2000-01-01T00:00:00Z').getTime();
    const hour = 60 * 60 * 1000;
    const old = loginThrottleKeys('alt@lumio.example', '10.60.0.1');
    const recent = loginThrottleKeys('neu@lumio.example', '10.60.0.2');
    await recordLoginAttempt(db, old, false, new Date(t0));
    await recordLoginAttempt(db, recent, false, new Date(t0 + 23 * hour));
    const hashes = (keys: typeof old) => [keys.pair.hash, keys.address.hash, keys.account.hash];

    expect(await deleteStaleLoginThrottles(db, new Date(t0 + 24 * hour))).toBe(0);
    expect(await deleteStaleLoginThrottles(db, new Date(t0 + 24 * hour + 1))).toBe(3);
    expect(await throttleRows(hashes(old))).toEqual([]);
    expect(await throttleRows(hashes(recent))).toHaveLength(3);
    expect(await deleteStaleLoginThrottles(db, new Date(t0 + 47 * hour + 1))).toBe(3);
    expect(await throttleRows(hashes(recent))).toEqual([]);
  });
});
