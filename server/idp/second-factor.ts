import { hkdfSync } from 'node:crypto';
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { generateSecret, generateSync, generateURI } from 'otplib';
import { TOTP_POLICY } from '../../src/domain/secondFactor';
import type { DbOrTx } from '../db/client';
import { idpSecondFactors } from '../db/schema';
import { decryptDocument, encryptDocument } from '../modules/documents/crypto';

/*
 * The embedded identity provider's second factor (TOTP, RFC 6238; issue 24): one authenticator
 * app per user in idp_second_factors. The base32 secret is sealed like a queued mail
 * (server/mail/outbox-crypto.ts): AES-256-GCM with a key derived from the documents' key and the
 * user id as additional data, so a database copy alone hands out no codes and a sealed secret
 * copied to another user's row does not open there.
 */

const IV_BYTES = 12;
const TAG_BYTES = 16;

export function deriveSecondFactorKey(documentKey: Buffer): Buffer {
  return Buffer.from(hkdfSync('sha256', documentKey, Buffer.alloc(0), 'lumio second factor v1', 32));
}

/** Seals a base32 secret; `boundTo` is the additional data (the user id, or an interaction's id). */
export function sealSecret(key: Buffer, boundTo: string, secret: string): string {
  const { iv, authTag, ciphertext } = encryptDocument(key, boundTo, Buffer.from(secret, 'utf8'));
  return Buffer.concat([iv, authTag, ciphertext]).toString('base64');
}

/** Throws when the key is not the one that sealed it, or the stored text was changed. */
export function openSecret(key: Buffer, boundTo: string, sealed: string): string {
  const bytes = Buffer.from(sealed, 'base64');
  return decryptDocument(key, boundTo, {
    iv: bytes.subarray(0, IV_BYTES),
    authTag: bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES),
    ciphertext: bytes.subarray(IV_BYTES + TAG_BYTES),
  }).toString('utf8');
}

/** A new random secret (base32, 160 bits, as Keycloak's and the authenticator apps' default). */
export function newSecret(): string {
  return generateSecret();
}

/** The `otpauth://` URI the authenticator app reads from the QR code. */
export function otpauthUri(email: string, secret: string): string {
  return generateURI({ issuer: 'Lumio', label: email, secret });
}

/** The key as the page shows it, for typing by hand: groups of four. */
export function groupedSecret(secret: string): string {
  return secret.replace(/(.{4})(?=.)/g, '$1 ');
}

const stepOf = (at: Date) => Math.floor(at.getTime() / 1000 / TOTP_POLICY.periodSeconds);

/**
 * The time step whose code `code` is, within TOTP_POLICY's window around `now`, or undefined.
 * Only six digits can be a code.
 */
export function matchingStep(secret: string, code: string, now: Date): number | undefined {
  if (!new RegExp(`^\\d{${TOTP_POLICY.digits}}$`).test(code)) return undefined;
  const current = stepOf(now);
  for (let offset = -TOTP_POLICY.window; offset <= TOTP_POLICY.window; offset++) {
    const step = current + offset;
    if (generateSync({ secret, epoch: step * TOTP_POLICY.periodSeconds }) === code) return step;
  }
  return undefined;
}

/** Whether the user has an authenticator app set up (exported for the IdP-admin port). */
export async function embeddedHasSecondFactor(db: DbOrTx, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ userId: idpSecondFactors.userId })
    .from(idpSecondFactors)
    .where(eq(idpSecondFactors.userId, userId));
  return row !== undefined;
}

/**
 * Stores (or replaces) the user's second factor, in the caller's transaction. `usedStep` is the
 * step of the code that confirmed it, so that code cannot log in a second time.
 */
export async function enrol(
  tx: DbOrTx,
  key: Buffer,
  factor: { userId: string; secret: string; label?: string | null; usedStep?: number | null },
): Promise<void> {
  const values = {
    sealedSecret: sealSecret(key, factor.userId, factor.secret),
    label: factor.label?.trim() || null,
    lastUsedStep: factor.usedStep ?? null,
    createdAt: new Date(),
  };
  await tx
    .insert(idpSecondFactors)
    .values({ userId: factor.userId, ...values })
    .onConflictDoUpdate({ target: idpSecondFactors.userId, set: values });
}

/**
 * The step of a code of the user's second factor that may still be used: right within the
 * window, and of a later step than the last one used (a code is accepted once). Stores nothing;
 * spendStep does, after the login throttle has agreed.
 */
export async function usableStep(
  db: DbOrTx,
  key: Buffer,
  userId: string,
  code: string,
  now: Date,
): Promise<number | undefined> {
  const [row] = await db.select().from(idpSecondFactors).where(eq(idpSecondFactors.userId, userId));
  if (!row) return undefined;
  let secret: string;
  try {
    secret = openSecret(key, userId, row.sealedSecret);
  } catch {
    return undefined; // another key (DOCUMENT_ENCRYPTION_KEY changed) or an altered row: no code fits
  }
  const step = matchingStep(secret, code, now);
  if (step === undefined || (row.lastUsedStep !== null && step <= row.lastUsedStep)) return undefined;
  return step;
}

/**
 * Marks a step used, in one conditional update, so two parallel submissions of one code cannot
 * both pass: false when this step (or a later one) was used in the meantime.
 */
export async function spendStep(db: DbOrTx, userId: string, step: number): Promise<boolean> {
  const updated = await db
    .update(idpSecondFactors)
    .set({ lastUsedStep: step })
    .where(
      and(
        eq(idpSecondFactors.userId, userId),
        or(isNull(idpSecondFactors.lastUsedStep), lt(idpSecondFactors.lastUsedStep, sql`${step}::bigint`)),
      ),
    )
    .returning({ userId: idpSecondFactors.userId });
  return updated.length === 1;
}

/** Checks a code of the user's second factor and, when it is right and unused, marks it used. */
export async function verify(db: DbOrTx, key: Buffer, userId: string, code: string, now: Date): Promise<boolean> {
  const step = await usableStep(db, key, userId, code, now);
  return step !== undefined && spendStep(db, userId, step);
}
