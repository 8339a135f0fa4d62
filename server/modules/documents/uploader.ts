import { createHmac, hkdfSync } from 'node:crypto';
import { isIPv4, isIPv6 } from 'node:net';

/*
 * The per-address cap on unattached uploads needs to know which documents one client uploaded,
 * and a client address is personal data: the documents table keeps only an HMAC-SHA256 of it under
 * a key derived from the documents' key (like the eID pseudonyms, server/eid/pseudonym.ts), so a
 * copy of the database does not tell who uploaded what. The hash is removed when an application
 * takes the document (documents.repository.ts attach) and is never shown.
 */

export function deriveUploaderKey(documentKey: Buffer): Buffer {
  return Buffer.from(hkdfSync('sha256', documentKey, Buffer.alloc(0), 'lumio upload address v1', 32));
}

/** The eight 16-bit groups of an IPv6 address, or undefined when it is not one. */
function ipv6Groups(address: string): number[] | undefined {
  if (!isIPv6(address)) return undefined;
  let text = address.split('%')[0];
  // An embedded IPv4 tail (::ffff:192.0.2.1) as two groups.
  const v4 = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (v4) {
    const [a, b, c, d] = v4[1].split('.').map(Number);
    text = `${text.slice(0, -v4[1].length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split('::');
  const part = (s: string | undefined) => (s ? s.split(':').map((g) => parseInt(g, 16)) : []);
  const front = part(head);
  const back = tail === undefined ? [] : part(tail);
  return [...front, ...Array(8 - front.length - back.length).fill(0), ...back];
}

/**
 * What counts as one client: an IPv4 address as it is (also when written IPv4-mapped, ::ffff:a.b.c.d),
 * an IPv6 address by its /64 network, since one subscriber gets a whole /64 and could otherwise
 * take a fresh address, and a fresh cap, for every upload.
 */
export function uploaderAddress(ip: string): string {
  if (isIPv4(ip)) return ip;
  const groups = ipv6Groups(ip);
  if (!groups) return ip;
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) {
    return [groups[6] >> 8, groups[6] & 0xff, groups[7] >> 8, groups[7] & 0xff].join('.');
  }
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(':')}::/64`;
}

/** The stored form: hex HMAC-SHA256 of the client's address (uploaderAddress) under the uploader key. */
export function uploaderHash(key: Buffer, ip: string): string {
  return createHmac('sha256', key).update(uploaderAddress(ip), 'utf8').digest('hex');
}
