// @vitest-environment node
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { uploaderAddress, uploaderHash } from '../../server/modules/documents/uploader';

describe('the client an upload counts against', () => {
  it('takes an IPv4 address as it is, also written IPv4-mapped', () => {
    expect(uploaderAddress('203.0.113.7')).toBe('203.0.113.7');
    expect(uploaderAddress('::ffff:203.0.113.7')).toBe('203.0.113.7');
  });

  it('takes an IPv6 address by its /64, however it is written', () => {
    expect(uploaderAddress('2001:db8:1:2:aaaa:bbbb:cccc:dddd')).toBe('2001:db8:1:2::/64');
    expect(uploaderAddress('2001:db8:1:2::1')).toBe('2001:db8:1:2::/64');
    expect(uploaderAddress('2001:0db8:0001:0002:0:0:0:ffff')).toBe('2001:db8:1:2::/64');
    expect(uploaderAddress('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(uploaderAddress('::1')).toBe('0:0:0:0::/64');
  });

  it('stores a keyed hash that names neither the address nor works without the key', () => {
    const key = randomBytes(32);
    const hash = uploaderHash(key, '2001:db8:1:2::1');
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(uploaderHash(key, '2001:db8:1:2::99')).toBe(hash);
    expect(uploaderHash(key, '2001:db8:1:3::1')).not.toBe(hash);
    expect(uploaderHash(randomBytes(32), '2001:db8:1:2::1')).not.toBe(hash);
  });
});
