import type Provider from 'oidc-provider';
import { isApiClientId } from '../../src/domain/apiClients';
import { secretMatches } from './api-client-secrets';

/**
 * Changes to oidc-provider internals that Keycloak clients and the API clients need. They override methods of a
 * pinned oidc-provider version (9.13.3); the API tests and the browser test guard them.
 */

/** True for an http(s) URL on one of the given origins, with no credentials or fragment. */
function onOrigin(value: string, origins: string[]): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
  if (url.username || url.password || value.includes('#')) return false;
  return origins.includes(url.origin);
}

/**
 * oidc-provider compares redirect URIs exactly; Keycloak clients register `origin/*`, and
 * keycloak-js sends whatever page it is on (e.g. the prompt=none fallback lands on /login).
 * Accept any page of the web app's origins, for login and for logout alike.
 */
export function allowRedirectsByOrigin(provider: Provider, origins: string[]): void {
  const proto = provider.Client.prototype as {
    redirectUriAllowed(value: string): boolean;
    postLogoutRedirectUriAllowed(value: string): boolean;
  };
  proto.redirectUriAllowed = (value: string) => onOrigin(value, origins);
  proto.postLogoutRedirectUriAllowed = (value: string) => onOrigin(value, origins);
}

interface RefreshTokenInternals {
  generateTokenId(): string;
  accountId?: string;
  clientId?: string;
  sid?: string;
  exp?: number;
  readonly expiration: number;
}

const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

/**
 * keycloak-js decodes the refresh token's middle segment and fails on opaque tokens, so refresh
 * tokens get a JWT shape: `lumio-rt.<claims>.<random>`. The whole string stays an opaque lookup
 * key (the random part carries the entropy); the first segment is deliberately no JOSE header,
 * so revocation and introspection still treat the token as opaque rather than as a structured JWT.
 */
export function giveRefreshTokensJwtShape(provider: Provider, issuer: string): void {
  const proto = provider.RefreshToken.prototype as unknown as RefreshTokenInternals;
  const opaqueId = proto.generateTokenId;
  proto.generateTokenId = function (this: RefreshTokenInternals) {
    const random = opaqueId.call(this);
    const iat = Math.floor(Date.now() / 1000);
    const claims = {
      typ: 'Refresh',
      iss: issuer,
      aud: issuer,
      azp: this.clientId,
      sub: this.accountId,
      sid: this.sid,
      iat,
      exp: this.exp ?? iat + this.expiration,
    };
    return `lumio-rt.${b64(claims)}.${random}`;
  };
}

/**
 * API clients (api-client-registry.ts) carry the SHA-256 of their secret as `client_secret`:
 * a presented secret is hashed and compared in constant time. The portal's own client has no
 * secret and never reaches this.
 */
export function compareApiClientSecrets(provider: Provider): void {
  const proto = provider.Client.prototype as unknown as {
    clientId: string;
    clientSecret?: string;
    compareClientSecret(actual: string): boolean | Promise<boolean>;
  };
  const compareExactly = proto.compareClientSecret;
  proto.compareClientSecret = function (this: typeof proto, actual: string) {
    if (!isApiClientId(this.clientId)) return compareExactly.call(this, actual);
    return typeof this.clientSecret === 'string' && secretMatches(actual, this.clientSecret);
  };
}
