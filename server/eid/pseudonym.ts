import { createHmac, hkdfSync } from 'node:crypto';

/*
 * A card's pseudonym identifies the person across every service that sees it with our certificate,
 * so the portal never stores it: only an HMAC-SHA256 with a server secret, enough to tell "this
 * card is bound already" (a unique index) and useless to anyone with a copy of the database. The
 * key is derived from the documents' key (DOCUMENT_ENCRYPTION_KEY), like the mail outbox's key
 * (server/mail/outbox-crypto.ts), with its own label: operators keep one secret.
 *
 * Rotating DOCUMENT_ENCRYPTION_KEY changes this key, and then no stored hash matches any card
 * again: the check "already bound to another account" stops working for every existing binding.
 * A rotation must therefore re-key the bindings (impossible without the pseudonyms) or keep the
 * old key for them; see docs/eid-port.md.
 */

export function derivePseudonymKey(documentKey: Buffer): Buffer {
  return Buffer.from(hkdfSync('sha256', documentKey, Buffer.alloc(0), 'lumio eid pseudonym v1', 32));
}

/** The stored form of a pseudonym: hex HMAC-SHA256 under the pseudonym key. */
export function pseudonymHash(key: Buffer, pseudonym: string): string {
  return createHmac('sha256', key).update(pseudonym, 'utf8').digest('hex');
}
