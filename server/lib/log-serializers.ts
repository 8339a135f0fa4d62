/**
 * Log serializers that keep personal data out of the log. A failed statement arrives as Drizzle's
 * DrizzleQueryError, whose message is "Failed query: <sql>\nparams: <every parameter>", with the
 * driver's DatabaseError as its cause, whose `detail` reads "Key (email)=(x@y.de) already exists".
 * pino's standard serializer copies all of that into the log line (and the stack repeats the
 * message). This one keeps what explains a failure (SQLSTATE, constraint, table, column, routine,
 * the statement text with its $1 placeholders, the stacks) and never a parameter value.
 *
 * Secrets go the same way as everywhere in the log (server/lib/log-redaction.ts): a message, a
 * stack or a copied property that quotes a token, a licence key, an Authorization or cookie header
 * or a URL's query string keeps only the redaction mark.
 *
 * Used through server/lib/logger.ts by the API server's Fastify logger and the worker's pino.
 */
import { isSecretKey, redactText, redactValue, REDACTED } from './log-redaction';

/** Never logged, on any error of the chain: statement parameters and the database's row details. */
const WITHHELD = new Set(['params', 'parameters', 'detail', 'where', 'internalQuery', 'queryOptions', 'hint']);

/** What a database error tells about itself without quoting the data (pg and PGlite alike). */
const DATABASE_ERROR_FIELDS = [
  'code',
  'severity',
  'schema',
  'table',
  'column',
  'dataType',
  'constraint',
  'routine',
  'position',
] as const;

/** Deeper cause chains are cut off; a cycle is cut at once. */
const MAX_DEPTH = 8;

export interface SerializedError {
  type: string;
  message: string;
  stack: string;
  cause?: SerializedError;
  aggregateErrors?: SerializedError[];
  [key: string]: unknown;
}

type ErrorLike = Error & Record<string, unknown>;

function isErrorLike(value: unknown): value is ErrorLike {
  return typeof value === 'object' && value !== null && typeof (value as { message?: unknown }).message === 'string';
}

/** pg's and PGlite's DatabaseError: a five-character SQLSTATE next to the server's severity. */
function isDatabaseError(err: ErrorLike): boolean {
  return typeof err.code === 'string' && /^[0-9A-Z]{5}$/.test(err.code) && typeof err.severity === 'string';
}

/** Drizzle's wrapper of a failed statement (matched by shape, so any drizzle copy is covered). */
function isQueryError(err: ErrorLike): err is ErrorLike & { query: string } {
  return typeof err.query === 'string' && Array.isArray(err.params);
}

/**
 * PostgreSQL quotes the offending value in a message ('invalid input syntax for type uuid:
 * "x@y.de"'); names of constraints and columns are logged in their own fields instead.
 */
function withoutQuotedValues(message: string): string {
  return message.replace(/"[^"]*"/g, '"…"');
}

function typeOf(err: ErrorLike): string {
  const name = err.constructor?.name;
  return typeof name === 'string' && name !== '' && name !== 'Object' ? name : String(err.name ?? 'Error');
}

/** The stack's frames under a new first line, because V8 starts a stack with the raw message. */
function stackWith(err: ErrorLike, header: string): string {
  if (typeof err.stack !== 'string') return header;
  const frames = err.stack.search(/\n\s+at /);
  return frames === -1 ? header : header + err.stack.slice(frames);
}

function serialize(err: ErrorLike, seen: Set<object>, depth: number): SerializedError {
  seen.add(err);
  const database = isDatabaseError(err);
  // The drivers' class names are minified or generic ("error"); the SQLSTATE says the rest.
  const type = database ? 'DatabaseError' : typeOf(err);
  // PGlite hangs query and params on its DatabaseError too; the database's own message wins there.
  let message = err.message;
  if (database) message = withoutQuotedValues(err.message);
  else if (isQueryError(err)) message = `Failed query: ${err.query}`;
  message = redactText(message);
  const out: SerializedError = { type, message, stack: redactText(stackWith(err, `${type}: ${message}`)) };

  if (database) {
    for (const field of DATABASE_ERROR_FIELDS) if (err[field] !== undefined) out[field] = err[field];
    if (typeof err.query === 'string') out.query = err.query;
  } else {
    for (const key of Object.keys(err)) {
      if (WITHHELD.has(key) || key in out || key === 'cause' || key === 'errors') continue;
      const value = err[key];
      if (!isErrorLike(value)) out[key] = isSecretKey(key) ? REDACTED : redactValue(value);
    }
  }

  const cause = err.cause;
  if (isErrorLike(cause)) {
    if (seen.has(cause) || depth >= MAX_DEPTH) {
      out.cause = { type: typeOf(cause), message: '(cause chain cut off)', stack: '' };
    } else out.cause = serialize(cause, seen, depth + 1);
  }
  if (Array.isArray(err.errors)) {
    out.aggregateErrors = err.errors
      .filter(isErrorLike)
      .filter((inner) => !seen.has(inner) && depth < MAX_DEPTH)
      .map((inner) => serialize(inner, seen, depth + 1));
  }
  return out;
}

/** pino serializer for `err`; something thrown that is no error is logged as its type only. */
export function errorSerializer(value: unknown): SerializedError {
  return isErrorLike(value)
    ? serialize(value, new Set(), 0)
    : { type: typeof value, message: 'non-error thrown', stack: '' };
}

/** For a pino logger's `serializers` option: every error key a log call might use. */
export const logSerializers = { err: errorSerializer, error: errorSerializer };
