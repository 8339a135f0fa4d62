import { performance } from 'node:perf_hooks';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Database } from '../../server/db/client';
import { users } from '../../server/db/schema';
import { LOGIN_THROTTLE } from '../../server/idp/login-throttle';
import { hashPassword } from '../../server/idp/passwords';
import { buildTestApp } from './helpers/app';
import { startLogin, submitLogin } from './helpers/login';

const RIGHT = 'richtig-12345';
const FREE = LOGIN_THROTTLE.freeFailures;

// 75 logins of one scrypt each take a while on a loaded machine.
describe('embedded identity provider login timing', { timeout: 180_000 }, () => {
  let app: FastifyInstance & { database: Database };

  async function addUser(email: string) {
    const passwordHash = await hashPassword(RIGHT);
    const [user] = await app.database.db
      .insert(users)
      .values({ email, firstName: 'Test', lastName: 'Nutzer', role: 'Employee', passwordHash })
      .returning();
    return user;
  }

  beforeAll(async () => {
    // The per-replica flood limit of the form is not what this test is about.
    app = await buildTestApp({ RATE_LIMIT_PUBLIC_PER_MINUTE: '100000' });
  });
  afterAll(() => app.close());
  afterEach(() => {
    vi.useRealTimers();
  });

  function freezeClock() {
    // Date only: performance.now() keeps measuring real time.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now());
  }

  it('takes as long to answer an unknown address and a throttled account as a wrong password', async () => {
    freezeClock();
    const known = await addUser('zeit-bekannt@lumio.example');
    const throttled = await addUser('zeit-gebremst@lumio.example');
    const start = await startLogin(app);
    for (let attempt = 0; attempt <= FREE.pair; attempt++) {
      await submitLogin(app, start, throttled.email, 'falsch', '192.0.2.20');
    }

    // Wrong passwords and unknown addresses come from a fresh address each time, so that they
    // stay outside any wait; the throttled account is tried from its throttled address, with
    // the right password. The clock stands still, so the wait never runs out.
    const kinds = {
      wrong: (i: number) => submitLogin(app, start, known.email, 'falsch', `10.20.0.${i}`),
      unknown: (i: number) => submitLogin(app, start, 'zeit-niemand@lumio.example', 'falsch', `10.21.0.${i}`),
      throttled: () => submitLogin(app, start, throttled.email, RIGHT, '192.0.2.20'),
    };
    const order = Object.keys(kinds) as (keyof typeof kinds)[];
    const times: Record<keyof typeof kinds, number[]> = { wrong: [], unknown: [], throttled: [] };
    const WARM_UP = 3;
    const ROUNDS = 20;
    for (let round = 0; round < WARM_UP + ROUNDS; round++) {
      // Interleaved, in a rotating order, so that load from other processes hits all kinds alike.
      for (let k = 0; k < order.length; k++) {
        const kind = order[(round + k) % order.length];
        const started = performance.now();
        const res = await kinds[kind](round);
        const elapsed = performance.now() - started;
        // Whether the answers read alike is the test above; here only that none logged in.
        expect(res.statusCode).toBe(200);
        if (round >= WARM_UP) times[kind].push(elapsed);
      }
    }
    const median = (values: number[]) => {
      const sorted = [...values].sort((a, b) => a - b);
      return (sorted[(sorted.length - 1) >> 1] + sorted[sorted.length >> 1]) / 2;
    };
    const medians = { wrong: median(times.wrong), unknown: median(times.unknown), throttled: median(times.throttled) };
    if (process.env.LOGIN_TIMING_REPORT) console.info('login answer medians (ms)', medians);
    const tolerance = Math.max(0.3 * medians.wrong, 15);
    const summary = JSON.stringify(medians);
    expect(Math.abs(medians.unknown - medians.wrong), summary).toBeLessThanOrEqual(tolerance);
    expect(Math.abs(medians.throttled - medians.wrong), summary).toBeLessThanOrEqual(tolerance);
  });
});
