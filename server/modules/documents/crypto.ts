import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { AppConfig } from '../../config';

/*
 * Documents are encrypted at rest with AES-256-GCM: a random 12-byte IV per document, the
 * 16-byte tag stored beside the ciphertext, and the document id as additional authenticated
 * data, so a ciphertext copied into another row does not decrypt there.
 */

const ALGORITHM = 'aes-256-gcm';
const KEY_BYTES = 32;
const IV_BYTES = 12;
export const KEY_FILE_NAME = 'document-encryption.key';

export interface EncryptedDocument {
  ciphertext: Buffer;
  iv: Buffer;
  authTag: Buffer;
}

export function encryptDocument(key: Buffer, documentId: string, plaintext: Buffer): EncryptedDocument {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv(ALGORITHM, key, iv);
  cipher.setAAD(Buffer.from(documentId, 'utf8'));
  const ciphertext = Buffer.concat([cipher.update(plaintext), cipher.final()]);
  return { ciphertext, iv, authTag: cipher.getAuthTag() };
}

/** Throws when the key is wrong or the stored bytes were changed (the tag does not verify). */
export function decryptDocument(key: Buffer, documentId: string, encrypted: EncryptedDocument): Buffer {
  const decipher = createDecipheriv(ALGORITHM, key, encrypted.iv);
  decipher.setAAD(Buffer.from(documentId, 'utf8'));
  decipher.setAuthTag(encrypted.authTag);
  return Buffer.concat([decipher.update(encrypted.ciphertext), decipher.final()]);
}

/**
 * The key: DOCUMENT_ENCRYPTION_KEY when set (required without embedded mode). The embedded mode
 * generates one on first start and keeps it in DATA_DIR (owner-only file), or only in memory when
 * the data directory is `memory://`, as in tests. A broken key file stops the start instead of
 * being replaced, because a new key would make every stored document unreadable.
 */
export async function loadDocumentKey(config: AppConfig): Promise<Buffer> {
  if (config.documentEncryptionKey) return config.documentEncryptionKey;
  if (!config.embedded) throw new Error('DOCUMENT_ENCRYPTION_KEY is required without embedded mode');
  if (config.dataDir === 'memory://') return randomBytes(KEY_BYTES);

  const file = join(config.dataDir, KEY_FILE_NAME);
  const existing = await readFile(file, 'utf8').catch((err: NodeJS.ErrnoException) => {
    if (err.code === 'ENOENT') return undefined;
    throw err;
  });
  if (existing !== undefined) return parseKey(existing, file);

  const key = randomBytes(KEY_BYTES);
  await mkdir(config.dataDir, { recursive: true });
  try {
    // 'wx': never overwrite a key another process wrote in the meantime.
    await writeFile(file, `${key.toString('base64')}\n`, { mode: 0o600, flag: 'wx' });
    return key;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    return parseKey(await readFile(file, 'utf8'), file);
  }
}

function parseKey(text: string, file: string): Buffer {
  const key = Buffer.from(text.trim(), 'base64');
  if (key.length !== KEY_BYTES) throw new Error(`${file} does not hold a 32-byte base64 key`);
  return key;
}
