/**
 * Shape of GET /config/config.json. The web app reads it before it renders anything, so the same
 * build runs against the embedded identity provider or a real Keycloak.
 */
export interface RuntimeConfig {
  apiUrl: string;
  keycloak: { url: string; realm: string; clientId: string };
  brandOwner: { name: string; address: string; register: string; vatId: string; contact: string };
  /** Terms and privacy PDFs linked from the registration; optional so older answers still load. */
  legal?: LegalLinks;
}

export interface LegalLinks {
  termsUrl: string;
  privacyUrl: string;
}

/** The German template PDFs shipped in public/legal/ (the server's defaults as well). */
export const DEFAULT_LEGAL_LINKS: LegalLinks = { termsUrl: '/legal/agb.pdf', privacyUrl: '/legal/datenschutz.pdf' };

/**
 * The identity provider's realm, its OpenID issuer: Keycloak's path layout, which the embedded
 * provider serves under the portal's own origin as well.
 */
export const realmUrlOf = ({ url, realm }: RuntimeConfig['keycloak']) => `${url.replace(/\/+$/, '')}/realms/${realm}`;

/** Where an API client gets its tokens (OAuth 2.0 client credentials grant, issue 26 part 3). */
export const tokenUrlOf = (keycloak: RuntimeConfig['keycloak']) =>
  `${realmUrlOf(keycloak)}/protocol/openid-connect/token`;

export class RuntimeConfigError extends Error {}

function text(value: unknown, path: string): string {
  if (typeof value !== 'string' || value === '') throw new RuntimeConfigError(`config.json: ${path} fehlt`);
  return value;
}

function object(value: unknown, path: string): Record<string, unknown> {
  if (typeof value !== 'object' || value === null) throw new RuntimeConfigError(`config.json: ${path} fehlt`);
  return value as Record<string, unknown>;
}

/**
 * Checks the answer by hand instead of with a schema library: this runs on the landing page,
 * whose bundle must stay small.
 */
export function parseRuntimeConfig(json: unknown): RuntimeConfig {
  const root = object(json, 'Konfiguration');
  const keycloak = object(root.keycloak, 'keycloak');
  const brandOwner = object(root.brandOwner, 'brandOwner');
  const legal = root.legal === undefined ? undefined : object(root.legal, 'legal');
  return {
    apiUrl: text(root.apiUrl, 'apiUrl').replace(/\/$/, ''),
    keycloak: {
      url: text(keycloak.url, 'keycloak.url').replace(/\/$/, ''),
      realm: text(keycloak.realm, 'keycloak.realm'),
      clientId: text(keycloak.clientId, 'keycloak.clientId'),
    },
    brandOwner: {
      name: text(brandOwner.name, 'brandOwner.name'),
      address: text(brandOwner.address, 'brandOwner.address'),
      register: text(brandOwner.register, 'brandOwner.register'),
      vatId: text(brandOwner.vatId, 'brandOwner.vatId'),
      contact: text(brandOwner.contact, 'brandOwner.contact'),
    },
    legal: legal
      ? { termsUrl: text(legal.termsUrl, 'legal.termsUrl'), privacyUrl: text(legal.privacyUrl, 'legal.privacyUrl') }
      : DEFAULT_LEGAL_LINKS,
  };
}
