// Codes of the second factor (TOTP, RFC 6238) for demos, tests and benchmarks: the demo accounts
// of the provider roles are enrolled with the demo secret (src/domain/secondFactor.ts, README).
// Plain JavaScript so that the benchmarks (.mjs) and the TypeScript tests share it.
import { generateSync } from 'otplib';

/** Must equal DEMO_TOTP_SECRET in src/domain/secondFactor.ts (a unit test compares them). */
export const DEMO_TOTP_SECRET = 'LUMIODEMOLUMIODEMOLUMIODEMO23456';

/** The 6-digit code of `secret` (base32, SHA-1, 30 s) at `at`. */
export function totpCode(secret, at = new Date()) {
  return generateSync({ secret, epoch: Math.floor(at.getTime() / 1000) });
}

/** The demo accounts' current code. */
export function demoTotpCode(at = new Date()) {
  return totpCode(DEMO_TOTP_SECRET, at);
}
