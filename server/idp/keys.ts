import { generateKeyPair, randomBytes } from 'node:crypto';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { calculateJwkThumbprint, type JSONWebKeySet, type JWK } from 'jose';
import type { AppConfig } from '../config';
import type { Db } from '../db/client';
import { appSecrets } from './idp.table';

const SIGNING_KEY = 'idp.signing-key';
const COOKIE_KEYS = 'idp.cookie-keys';
const PRIVATE_MEMBERS = ['d', 'p', 'q', 'dp', 'dq', 'qi', 'oth', 'k'] as const;

export interface IdpSecrets {
  /** RS256 private key as JWK (with kid, alg, use): signs access and ID tokens. */
  signingKey: JWK;
  /** Keygrip keys for oidc-provider's signed cookies. */
  cookieKeys: string[];
}

/**
 * Reads a secret, or creates it when absent. Several replicas may start at once: every one
 * inserts with ON CONFLICT DO NOTHING and then uses whatever row won, so all share one value.
 */
async function readOrCreate<T>(db: Db, name: string, create: () => Promise<T>): Promise<T> {
  const read = async () => (await db.select().from(appSecrets).where(eq(appSecrets.name, name)).limit(1))[0];
  const existing = await read();
  if (existing) return existing.value as T;
  await db
    .insert(appSecrets)
    .values({ name, value: await create() })
    .onConflictDoNothing();
  const stored = await read();
  if (!stored) throw new Error(`secret ${name} could not be stored`);
  return stored.value as T;
}

async function createSigningKey(): Promise<JWK> {
  const { privateKey } = await promisify(generateKeyPair)('rsa', { modulusLength: 2048 });
  const jwk = privateKey.export({ format: 'jwk' }) as JWK;
  return { ...jwk, kid: await calculateJwkThumbprint(jwk), alg: 'RS256', use: 'sig' };
}

export async function loadIdpSecrets(db: Db, config: AppConfig): Promise<IdpSecrets> {
  const signingKey = await readOrCreate(db, SIGNING_KEY, createSigningKey);
  const cookieKeys = config.idpCookieSecret
    ? [config.idpCookieSecret]
    : await readOrCreate(db, COOKIE_KEYS, async () => [randomBytes(32).toString('base64url')]);
  return { signingKey, cookieKeys };
}

/** The public half of the key set, as served at /certs and used by the API to verify tokens. */
export function publicKeySet(signingKey: JWK): JSONWebKeySet {
  const key: JWK = { ...signingKey };
  for (const member of PRIVATE_MEMBERS) delete (key as Record<string, unknown>)[member];
  return { keys: [key] };
}
