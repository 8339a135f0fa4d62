import type { Role } from './roles';

/**
 * Two-factor login (TOTP, RFC 6238) – issue 24. Shared by the embedded identity provider, the
 * Keycloak realm setup, the web app (profile, reset) and the tests' login helper.
 */

/** The roles that must log in with a second factor: they approve studios, create administrators, issue licences. */
export const SECOND_FACTOR_REQUIRED_ROLES = [
  'SystemAdmin',
  'LumioAdmin',
  'SystemIntegratorAdmin',
] as const satisfies readonly Role[];

export function isSecondFactorRequired(role: Role): boolean {
  return (SECOND_FACTOR_REQUIRED_ROLES as readonly Role[]).includes(role);
}

/** What authenticator apps expect, and Keycloak's OTP policy in the realm file says the same. */
export const TOTP_POLICY = {
  algorithm: 'SHA1',
  digits: 6,
  periodSeconds: 30,
  /** Codes of one step before and after are accepted too (clock drift), as Keycloak's look-around window 1. */
  window: 1,
} as const;

/**
 * The demo accounts of the provider roles are enrolled with this secret (base32) outside
 * production mode, so that demos and tests can compute codes (README). Never in production.
 */
export const DEMO_TOTP_SECRET = 'LUMIODEMOLUMIODEMOLUMIODEMO23456';

/** The form field both identity providers ask the code in (Keycloak's name). */
export const OTP_FIELD = 'otp';
