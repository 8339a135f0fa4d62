import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openDatabase, type Database } from '../../server/db/client';
import { createPayloadAdapter } from '../../server/idp/adapter';
import { oidcPayloads } from '../../server/idp/idp.table';
import { hashPassword, verifyDummyPassword, verifyPassword } from '../../server/idp/passwords';

describe('password hashes', () => {
  it('are self-describing scrypt strings with a fresh salt each time', async () => {
    const first = await hashPassword('lumio-demo');
    const second = await hashPassword('lumio-demo');
    expect(first).toMatch(/^scrypt\$32768\$8\$1\$[\w-]{22}\$[\w-]{43}$/);
    expect(second).not.toBe(first);
  });

  it('verify the right password only', async () => {
    const hash = await hashPassword('Geheimnis-ÄÖÜ');
    expect(await verifyPassword('Geheimnis-ÄÖÜ', hash)).toBe(true);
    expect(await verifyPassword('geheimnis-äöü', hash)).toBe(false);
    expect(await verifyPassword('', hash)).toBe(false);
    expect(await verifyDummyPassword('Geheimnis-ÄÖÜ')).toBe(false);
  });

  it('refuse malformed or oversized stored hashes instead of throwing', async () => {
    const hash = await hashPassword('x');
    const [, , r, p, salt, key] = hash.split('$');
    expect(await verifyPassword('x', 'plain-text')).toBe(false);
    expect(await verifyPassword('x', `bcrypt$32768$${r}$${p}$${salt}$${key}`)).toBe(false);
    expect(await verifyPassword('x', `scrypt$30000$${r}$${p}$${salt}$${key}`)).toBe(false);
    expect(await verifyPassword('x', `scrypt$${2 ** 24}$${r}$${p}$${salt}$${key}`)).toBe(false);
  });
});

describe('oidc_payloads adapter', () => {
  let database: Database;
  const log = { warn: vi.fn() };
  beforeAll(async () => {
    database = await openDatabase({});
  });
  afterAll(() => database.close());

  it('stores, finds, consumes and destroys entries per model', async () => {
    const adapter = createPayloadAdapter(database.db, log);
    const sessions = adapter('Session');
    await sessions.upsert('s1', { jti: 's1', uid: 'u1', accountId: 'a1', kind: 'Session' }, 60);
    expect(await sessions.find('s1')).toMatchObject({ accountId: 'a1' });
    expect(await sessions.findByUid('u1')).toMatchObject({ jti: 's1' });
    expect(await adapter('Grant').find('s1')).toBeUndefined();

    const tokens = adapter('RefreshToken');
    await tokens.upsert('r1', { jti: 'r1', grantId: 'g1', kind: 'RefreshToken' }, 60);
    await tokens.consume('r1');
    expect((await tokens.find('r1'))?.consumed).toEqual(expect.any(Number));
    await adapter('AccessToken').upsert('t1', { jti: 't1', grantId: 'g1', kind: 'AccessToken' }, 60);
    await tokens.revokeByGrantId('g1');
    expect(await tokens.find('r1')).toBeUndefined();
    expect(await adapter('AccessToken').find('t1')).toBeUndefined();

    await sessions.destroy('s1');
    expect(await sessions.find('s1')).toBeUndefined();
  });

  it('hides expired entries at once and deletes them on a later write', async () => {
    await database.db.insert(oidcPayloads).values({
      type: 'Session',
      id: 'old',
      payload: { jti: 'old' },
      expiresAt: new Date(Date.now() - 1000),
    });
    const adapter = createPayloadAdapter(database.db, log);
    expect(await adapter('Session').find('old')).toBeUndefined();
    await adapter('Interaction').upsert('new', { jti: 'new', kind: 'Interaction' }, 60);
    await vi.waitFor(async () => {
      const rows = await database.db.select().from(oidcPayloads).where(eq(oidcPayloads.id, 'old'));
      expect(rows).toHaveLength(0);
    });
    expect(log.warn).not.toHaveBeenCalled();
  });
});
