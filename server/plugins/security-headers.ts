import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AppConfig } from '../config';

/** Browser features the portal never uses: denied to its pages and to anything they frame. */
const DENIED_FEATURES = [
  'accelerometer',
  'camera',
  'display-capture',
  'geolocation',
  'gyroscope',
  'hid',
  'idle-detection',
  'magnetometer',
  'microphone',
  'midi',
  'payment',
  'serial',
  'usb',
  'xr-spatial-tracking',
];
const PERMISSIONS_POLICY = DENIED_FEATURES.map((feature) => `${feature}=()`).join(', ');
const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * Headers every answer carries: Fastify's own, the embedded IdP's (oidc-provider writes to the raw
 * response) and the router's and HTTP parser's refusals (server/plugins/errors.ts). HSTS only when
 * the portal is reached over https; over http a browser ignores it anyway.
 */
export function baseHeaders(config: AppConfig): Record<string, string> {
  return {
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'same-origin',
    'permissions-policy': PERMISSIONS_POLICY,
    ...(config.publicUrl.startsWith('https://') ? { 'strict-transport-security': HSTS } : {}),
  };
}

function policy(directives: Record<string, string[]>): string {
  return Object.entries(directives)
    .map(([name, sources]) => `${name} ${sources.join(' ')}`)
    .join('; ');
}

/**
 * The web app's policy: its own scripts only (index.html and public/ hold no inline script),
 * inline styles because MUI/emotion inject them. keycloak-js talks to the identity provider's
 * origin (the same origin in embedded mode, a real Keycloak in production): its login-status and
 * third-party-cookie iframes (frame-src), token, userinfo and account calls (connect-src). The
 * silent check-sso iframe loads our own silent-check-sso.html ('self').
 */
export function webAppCsp(config: AppConfig): string {
  const idp = new URL(config.keycloak.url).origin;
  return policy({
    'default-src': ["'self'"],
    'script-src': ["'self'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", idp],
    'frame-src': ["'self'", idp],
    'form-action': ["'self'", idp],
    'frame-ancestors': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
  });
}

/** Swagger UI at /api/docs: its bundle and initializer are files, its logo and icons data: images. */
export const DOCS_CSP = policy({
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:'],
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
});

/**
 * Conservative defaults for every answer. HTML without a policy of its own (the web app's
 * index.html, its history fallback, silent-check-sso.html) gets the web app's CSP; pages that set
 * a stricter one (the IdP's pages, /dev/mail, document downloads, Swagger UI) keep theirs.
 */
export const securityHeadersPlugin = fp(
  async (app: FastifyInstance) => {
    const headers = Object.entries(baseHeaders(app.config));
    const csp = webAppCsp(app.config);
    // On the raw response, so that answers written past Fastify (oidc-provider's) carry them too.
    app.addHook('onRequest', async (_request, reply) => {
      for (const [name, value] of headers) reply.raw.setHeader(name, value);
    });
    app.addHook('onSend', async (_request, reply) => {
      if (!reply.hasHeader('x-frame-options')) reply.header('x-frame-options', 'SAMEORIGIN');
      const type = String(reply.getHeader('content-type') ?? '');
      if (type.startsWith('text/html') && !reply.hasHeader('content-security-policy')) {
        reply.header('content-security-policy', csp);
      }
    });
  },
  { name: 'security-headers' },
);
