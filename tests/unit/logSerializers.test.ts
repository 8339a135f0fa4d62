import { DrizzleQueryError } from 'drizzle-orm/errors';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { errorSerializer, logSerializers } from '../../server/lib/log-serializers';

const STATEMENT = 'insert into "users" ("id", "email", "last_name") values ($1, $2, $3)';
const PARAMS = ['3f0c…', 'erika.geheim@example.de', 'Geheimnisträgerin'];

/** node-postgres's error for a unique violation, filled in as the server sends it. */
function uniqueViolation() {
  const cause = new pg.DatabaseError('duplicate key value violates unique constraint "users_email_unique"', 0, 'error');
  Object.assign(cause, {
    severity: 'ERROR',
    code: '23505',
    detail: 'Key (email)=(erika.geheim@example.de) already exists.',
    where: 'SQL statement "insert into users values (\'Geheimnisträgerin\')"',
    schema: 'public',
    table: 'users',
    constraint: 'users_email_unique',
    routine: '_bt_check_unique',
  });
  return new DrizzleQueryError(STATEMENT, PARAMS, cause);
}

describe('log serializer for errors', () => {
  it('keeps SQLSTATE, table, constraint, routine and the statement, but no parameter or row detail', () => {
    const logged = errorSerializer(uniqueViolation());
    expect(logged).toMatchObject({
      type: 'DrizzleQueryError',
      message: `Failed query: ${STATEMENT}`,
      query: STATEMENT,
      cause: {
        type: 'DatabaseError',
        code: '23505',
        severity: 'ERROR',
        table: 'users',
        constraint: 'users_email_unique',
        routine: '_bt_check_unique',
        message: 'duplicate key value violates unique constraint "…"',
      },
    });
    expect(logged.stack).toMatch(/^DrizzleQueryError: Failed query: insert into "users".*\n\s+at /);
    const text = JSON.stringify(logged);
    for (const secret of [...PARAMS.slice(1), 'Key (email)', 'params']) expect(text).not.toContain(secret);
  });

  it('leaves out a value PostgreSQL quotes in its message', () => {
    const error = Object.assign(
      new pg.DatabaseError('invalid input syntax for type uuid: "erika@example.de"', 0, 'error'),
      {
        severity: 'ERROR',
        code: '22P02',
        routine: 'string_to_uuid',
      },
    );
    const logged = errorSerializer(error);
    expect(logged).toMatchObject({
      type: 'DatabaseError',
      code: '22P02',
      message: 'invalid input syntax for type uuid: "…"',
    });
    expect(JSON.stringify(logged)).not.toContain('erika@example.de');
  });

  it('logs other errors like pino does: type, message, stack and their own fields', () => {
    const error = Object.assign(new TypeError('kaputt'), { statusCode: 500, code: 'FST_ERR_X' });
    expect(errorSerializer(error)).toMatchObject({
      type: 'TypeError',
      message: 'kaputt',
      statusCode: 500,
      code: 'FST_ERR_X',
      stack: expect.stringMatching(/^TypeError: kaputt\n\s+at /),
    });
  });

  it('follows a cause chain without looping', () => {
    const first = new Error('außen') as Error & { cause?: unknown };
    const second = new Error('innen', { cause: first });
    first.cause = second;
    expect(errorSerializer(first)).toMatchObject({
      message: 'außen',
      cause: { message: 'innen', cause: { message: '(cause chain cut off)' } },
    });
  });

  it('serves the keys err and error', () => {
    expect(Object.keys(logSerializers).sort()).toEqual(['err', 'error']);
    expect(errorSerializer('nur ein Text')).toEqual({ type: 'string', message: 'non-error thrown', stack: '' });
  });
});
