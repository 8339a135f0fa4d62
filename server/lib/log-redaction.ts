/**
 * Keeps secrets out of every log line (issue 23, part 5): tokens of mailed links, bearer and ID
 * tokens, licence keys, cookies, Authorization headers, and query strings, which carry tokens (the
 * confirmation links' `?token=`, the IdP's `?code=`, the logout's `id_token_hint`) and search terms.
 * Applied to every object and message a logger writes (server/lib/logger.ts) and inside logged
 * errors (server/lib/log-serializers.ts).
 */

export const REDACTED = '[redacted]';

/** Keys whose values are secrets wherever they appear: headers, bodies, error details. */
const SECRET_KEY = /authorization|cookie|passw|secret|token|licen[cs]e.?key|api.?key|xsrf|csrf/i;

const SECRET_TEXT: [RegExp, string][] = [
  // Authorization: Bearer …, License …, Basic …
  [/\b(Bearer|License|Basic)\s+[^\s,;"'\]})]+/gi, `$1 ${REDACTED}`],
  // A JWT (access, ID or refresh token) anywhere in a text.
  [/\beyJ[\w-]{4,}\.[\w-]{4,}\.[\w-]*/g, REDACTED],
  // A licence key (src/domain/licenses.ts: five groups of five), in any case.
  [/\b[0-9A-Z]{5}(?:-[0-9A-Z]{5}){4}\b/gi, REDACTED],
  // The query string of a URL or path.
  [/(\/[^\s?#"'<>]*)\?[^\s#"'<>]+/g, `$1?${REDACTED}`],
  // name=value pairs of form bodies and cookie headers that carry secrets.
  [/\b([\w-]*(?:token|password|secret|code|key|session|sid)[\w.-]*)=[^&\s"';,]+/gi, `$1=${REDACTED}`],
  // A long opaque run of mixed characters (a mailed link's token is 43 base64url characters);
  // UUIDs (36 characters) stay readable, they name records, and so do snake_case names of
  // constraints, which have neither digits nor capitals.
  [/(?=[\w-]*[a-z])(?=[\w-]*[\dA-Z])[\w-]{40,}/g, REDACTED],
];

/** The text with every secret pattern replaced. */
export function redactText(text: string): string {
  let out = text;
  for (const [pattern, replacement] of SECRET_TEXT) out = out.replace(pattern, replacement);
  return out;
}

const MAX_DEPTH = 8;

/**
 * A copy of `value` with secret keys' values replaced and every string scrubbed. Errors are left
 * to the error serializer, which scrubs them itself; other class instances are copied as given.
 */
export function redactValue(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return redactText(value);
  if (typeof value !== 'object' || value === null || value instanceof Error) return value;
  if (depth >= MAX_DEPTH) return '[cut off]';
  if (Array.isArray(value)) return value.map((item) => redactValue(item, depth + 1));
  const prototype = Object.getPrototypeOf(value) as unknown;
  if (prototype !== Object.prototype && prototype !== null) return value;
  const out: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) {
    out[key] = SECRET_KEY.test(key) && inner !== null && inner !== undefined ? REDACTED : redactValue(inner, depth + 1);
  }
  return out;
}

/** Whether a key names a secret (for serializers that copy an error's own properties). */
export const isSecretKey = (key: string) => SECRET_KEY.test(key);

/**
 * A request path for the log when no route matched, so no route template stands in for it: every
 * segment that is not a plain word of the portal's paths (lower-case letters, '.', '-', '_', under
 * 40 characters) becomes `:redacted`, because an unmatched path may be a mailed link with its
 * token (a mangled invitation link), an id or an IdP interaction's uid; a token of letters alone
 * still has capitals. The query string never appears.
 */
export function redactPath(url: string): string {
  const path = url.split('?')[0].split('#')[0];
  return path
    .split('/')
    .map((segment) => (segment === '' || /^[a-z][a-z._-]{0,38}$/.test(segment) ? segment : ':redacted'))
    .join('/');
}
