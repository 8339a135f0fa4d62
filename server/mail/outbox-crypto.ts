import { hkdfSync } from 'node:crypto';
import { decryptDocument, encryptDocument } from '../modules/documents/crypto';
import type { MailMessage } from './mailer';

/*
 * A queued mail holds one-time links (set-password, confirmation) and personal data until the
 * relay accepts it, so it is sealed like an uploaded document: AES-256-GCM with the row id as
 * additional data. The key is derived from the documents' key (DOCUMENT_ENCRYPTION_KEY), so
 * operators keep one secret, and a mail key can never decrypt a document or the other way round.
 */

const IV_BYTES = 12;
const TAG_BYTES = 16;

export function deriveOutboxKey(documentKey: Buffer): Buffer {
  return Buffer.from(hkdfSync('sha256', documentKey, Buffer.alloc(0), 'lumio mail outbox v1', 32));
}

export function sealMail(key: Buffer, outboxId: string, message: MailMessage): string {
  const { iv, authTag, ciphertext } = encryptDocument(key, outboxId, Buffer.from(JSON.stringify(message), 'utf8'));
  return Buffer.concat([iv, authTag, ciphertext]).toString('base64');
}

/** Throws when the key is not the one that sealed it, or the stored text was changed. */
export function openMail(key: Buffer, outboxId: string, sealed: string): MailMessage {
  const bytes = Buffer.from(sealed, 'base64');
  const plaintext = decryptDocument(key, outboxId, {
    iv: bytes.subarray(0, IV_BYTES),
    authTag: bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES),
    ciphertext: bytes.subarray(IV_BYTES + TAG_BYTES),
  });
  return JSON.parse(plaintext.toString('utf8')) as MailMessage;
}
