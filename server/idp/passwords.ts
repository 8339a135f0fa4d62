import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/**
 * Password hashes for the embedded identity provider: scrypt (memory-hard, in node:crypto, no
 * native add-on) stored as the self-describing string `scrypt$N$r$p$salt$hash` (salt and hash in
 * base64url), so the cost can be raised later without breaking stored hashes.
 */
const COST = { N: 2 ** 15, r: 8, p: 1 } as const;
const SALT_BYTES = 16;
const KEY_BYTES = 32;
/** Bounds for parameters read from a stored hash, so a corrupt row cannot make us burn gigabytes. */
const MAX_N = 2 ** 20;
const MAX_R = 32;
const MAX_P = 16;

/** scrypt needs 128·N·r·p bytes; Node's default limit (32 MiB) is exactly that for N=2^15, r=8, so raise it. */
function maxmemFor(N: number, r: number, p: number): number {
  return 128 * N * r * p + 32 * 1024 * 1024;
}

function derive(plain: string, salt: Buffer, keyLength: number, N: number, r: number, p: number): Promise<Buffer> {
  const options: ScryptOptions = { N, r, p, maxmem: maxmemFor(N, r, p) };
  return new Promise((resolve, reject) => {
    scrypt(plain.normalize('NFC'), salt, keyLength, options, (err, key) => (err ? reject(err) : resolve(key)));
  });
}

export async function hashPassword(plain: string): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const key = await derive(plain, salt, KEY_BYTES, COST.N, COST.r, COST.p);
  return ['scrypt', COST.N, COST.r, COST.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

interface ParsedHash {
  N: number;
  r: number;
  p: number;
  salt: Buffer;
  key: Buffer;
}

function parseHash(hash: string): ParsedHash | undefined {
  const parts = hash.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return undefined;
  const [N, r, p] = parts.slice(1, 4).map((v) => (/^\d{1,8}$/.test(v) ? Number(v) : NaN));
  const powerOfTwo = N > 1 && (N & (N - 1)) === 0;
  if (!powerOfTwo || N > MAX_N || !(r >= 1 && r <= MAX_R) || !(p >= 1 && p <= MAX_P)) return undefined;
  const salt = Buffer.from(parts[4], 'base64url');
  const key = Buffer.from(parts[5], 'base64url');
  if (salt.length < 8 || key.length < 16 || key.length > 128) return undefined;
  return { N, r, p, salt, key };
}

/** True when `plain` matches `hash`; false for a wrong password or a malformed hash. */
export async function verifyPassword(plain: string, hash: string): Promise<boolean> {
  const parsed = parseHash(hash);
  if (!parsed) return false;
  const candidate = await derive(plain, parsed.salt, parsed.key.length, parsed.N, parsed.r, parsed.p);
  return timingSafeEqual(candidate, parsed.key);
}

let dummyHash: Promise<string> | undefined;

/**
 * Spends the same time as a real check and always fails: used when the user does not exist or
 * has no password, so the answer time does not tell which e-mail addresses are registered.
 */
export async function verifyDummyPassword(plain: string): Promise<false> {
  dummyHash ??= hashPassword(randomBytes(16).toString('base64url'));
  await verifyPassword(plain, await dummyHash);
  return false;
}
